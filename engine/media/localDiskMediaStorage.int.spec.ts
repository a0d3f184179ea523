import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeMediaStorageContract } from './contract/mediaStorageContract.ts';
import { createMediaStorage } from './createMediaStorage.ts';

describeMediaStorageContract({
  name: 'local disk',
  async open() {
    const dir = await mkdtemp(join(tmpdir(), 'media-contract-'));
    return {
      media: createMediaStorage({ kind: 'local', dir }),
      close: () => rm(dir, { recursive: true, force: true }),
    };
  },
});

describe('media on the local disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const storage = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'media-'));
    dirs.push(dir);
    return { dir, media: createMediaStorage({ kind: 'local', dir }) };
  };

  it('given a stored picture, when read, replaced and removed, then each read answers the latest state', async () => {
    const { dir, media } = await storage();
    await media.put('my-cars/cus_1/mc_a', { bytes: Buffer.from('one'), contentType: 'image/png' });
    expect(await media.get('my-cars/cus_1/mc_a')).toEqual({
      bytes: Buffer.from('one'),
      contentType: 'image/png',
    });
    await media.put('my-cars/cus_1/mc_a', { bytes: Buffer.from('two'), contentType: 'image/jpeg' });
    expect((await media.get('my-cars/cus_1/mc_a'))?.contentType).toBe('image/jpeg');
    await media.remove('my-cars/cus_1/mc_a');
    expect(await media.get('my-cars/cus_1/mc_a')).toBeUndefined();
    await media.remove('my-cars/cus_1/mc_a');
    expect(await readdir(join(dir, 'my-cars', 'cus_1'))).toEqual([]);
  });

  it('given a key that climbs out of the directory, when used, then it is refused', async () => {
    const { media } = await storage();
    await expect(media.get('../etc/passwd')).rejects.toThrow(/not a media key/);
    await expect(media.put('/abs', { bytes: Buffer.from(''), contentType: 'x' })).rejects.toThrow();
  });
});
