/**
 * Media on the local disk, under a directory of the data directory (`DATA_DIR/media`): each key is a
 * file (written to a temporary name, then renamed, so a reader never sees half a picture) and a small
 * `.type` file beside it with its content type.
 */

import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkMediaKey, type MediaStorage } from './mediaStorage.ts';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalDiskMediaStorage(options: { readonly dir: string }): MediaStorage {
  const pathOf = (key: string) => join(options.dir, checkMediaKey(key));

  async function writeAtomically(path: string, data: Buffer | string) {
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
  }

  return {
    async put(key, media) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeAtomically(`${path}.type`, media.contentType);
      await writeAtomically(path, media.bytes);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { bytes, contentType };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}
