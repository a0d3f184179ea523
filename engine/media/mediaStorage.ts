/**
 * The media storage port (ARCHITECTURE "Content, media, mail"): bytes kept under a key with their content
 * type. The local-disk adapter is the default (`createLocalDiskMediaStorage.ts`); `createMediaStorage.ts`
 * picks the adapter from the configuration. Who may read a key is the caller's business: keys are never
 * served as they are.
 */

/** A stored object. */
export interface StoredMedia {
  readonly bytes: Buffer;
  readonly contentType: string;
}

export interface MediaStorage {
  /** Stores (or replaces) `key`. */
  put(key: string, media: StoredMedia): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredMedia | undefined>;
  /** Deletes `key`; nothing when it is absent. */
  remove(key: string): Promise<void>;
}

/** Keys: path segments of lower-case letters, digits, `_` and `-`, joined by `/` (no `..`, no leading `/`). */
export const MEDIA_KEY = /^[a-z0-9_-]{1,80}(\/[a-z0-9_-]{1,80}){0,5}$/;

export function checkMediaKey(key: string): string {
  if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}
