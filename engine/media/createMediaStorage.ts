/**
 * The media storage the configuration asks for: the local disk under the data directory (the only
 * adapter so far; an S3-compatible one would be chosen here by its settings).
 */
import { createLocalDiskMediaStorage } from './createLocalDiskMediaStorage.ts';
import type { MediaStorage } from './mediaStorage.ts';

export type MediaStorageConfig = { readonly kind: 'local'; readonly dir: string };

export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  switch (config.kind) {
    case 'local':
      return createLocalDiskMediaStorage({ dir: config.dir });
    default: {
      const never: never = config.kind;
      throw new Error(`unknown media storage ${String(never)}`);
    }
  }
}
