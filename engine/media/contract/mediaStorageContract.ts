/**
 * The media storage port's contract (engine/media/mediaStorage.ts), run against each adapter: the local
 * disk always (localDiskMediaStorage.int.spec.ts), an S3-compatible service when its settings are in
 * the environment (s3MediaStorage.int.spec.ts; skipped with the reason otherwise).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from '../mediaStorage.ts';

export interface MediaStorageTarget {
  readonly name: string;
  /** Why this target cannot run here; the suite is skipped and the reason printed. */
  readonly skipReason?: string | undefined;
  open(): Promise<{ media: MediaStorage; close(): Promise<void> }>;
}

export function describeMediaStorageContract(target: MediaStorageTarget): void {
  if (target.skipReason) {
    console.log(`[skip] media storage contract on ${target.name}: ${target.skipReason}`);
    describe.skip(`media storage contract: ${target.name} (${target.skipReason})`, () => {
      it('is skipped', () => {});
    });
    return;
  }

  describe(`media storage contract: ${target.name}`, () => {
    let media: MediaStorage;
    let close: () => Promise<void>;
    // Each run writes under its own folder: a shared bucket keeps no state between runs.
    const run = `contract-${randomUUID().slice(0, 8)}`;
    beforeAll(async () => {
      ({ media, close } = await target.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('given nothing stored, when read, then undefined; when removed, then nothing happens', async () => {
      expect(await media.get(`${run}/absent`)).toBeUndefined();
      await media.remove(`${run}/absent`);
    });

    it('given bytes put under a key, when read, then the same bytes and content type', async () => {
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
      await media.put(`${run}/car-photos/0123456789abcdef/320-avif`, { bytes, contentType: 'image/avif' });
      const stored = await media.get(`${run}/car-photos/0123456789abcdef/320-avif`);
      expect(stored?.contentType).toBe('image/avif');
      expect(stored?.bytes.equals(bytes)).toBe(true);
    });

    it('given a stored key, when put again and removed, then each read answers the latest state', async () => {
      const key = `${run}/replaced`;
      await media.put(key, { bytes: Buffer.from('one'), contentType: 'image/png' });
      await media.put(key, { bytes: Buffer.from('two'), contentType: 'image/jpeg' });
      expect(await media.get(key)).toEqual({ bytes: Buffer.from('two'), contentType: 'image/jpeg' });
      await media.remove(key);
      expect(await media.get(key)).toBeUndefined();
    });

    it('given keys that climb out or are not media keys, then they are refused before any I/O', async () => {
      await expect(media.get('../etc/passwd')).rejects.toThrow(/not a media key/);
      await expect(media.put('/abs', { bytes: Buffer.from(''), contentType: 'x' })).rejects.toThrow(
        /not a media key/,
      );
      await expect(media.remove('a/../../b')).rejects.toThrow(/not a media key/);
    });

    it('given many puts at once, then each key holds its own bytes', async () => {
      const keys = Array.from({ length: 12 }, (_, i) => `${run}/many/k${i}`);
      await Promise.all(
        keys.map((key, i) => media.put(key, { bytes: Buffer.from(`value ${i}`), contentType: 'text/plain' })),
      );
      const read = await Promise.all(keys.map((key) => media.get(key)));
      expect(read.map((r) => r?.bytes.toString())).toEqual(keys.map((_, i) => `value ${i}`));
    });
  });
}
