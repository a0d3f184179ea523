/**
 * The media storage the configuration asks for: the local disk under the data directory (the default),
 * or an S3-compatible bucket when its settings are given (http/config.ts reads them).
 */
import { createLocalDiskMediaStorage } from './createLocalDiskMediaStorage.ts';
import { createS3MediaStorage, type S3MediaStorageOptions } from './createS3MediaStorage.ts';
import type { MediaStorage } from './mediaStorage.ts';

export type MediaStorageConfig =
  | { readonly kind: 'local'; readonly dir: string }
  | ({ readonly kind: 's3' } & S3MediaStorageOptions);

export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  switch (config.kind) {
    case 'local':
      return createLocalDiskMediaStorage({ dir: config.dir });
    case 's3':
      return createS3MediaStorage(config);
    default: {
      const never: never = config;
      throw new Error(`unknown media storage ${JSON.stringify(never)}`);
    }
  }
}
