import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/errors.ts';
import { createMediaStorage } from './createMediaStorage.ts';
import { DEFAULT_PHOTO_LIMITS, processPhoto } from './processPhoto.ts';

const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();

describe('photos checked and resized once', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const storage = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'photos-'));
    dirs.push(dir);
    return createMediaStorage({ kind: 'local', dir });
  };
  const refusalOf = async (run: Promise<unknown>) => {
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).details.fields;
  };

  it('given a 1600 px JPEG, when processed, then stored at 320, 640, 960, 1080 and 1440 px in AVIF, WebP and JPEG', async () => {
    const media = await storage();
    const photo = await processPhoto(await picture(1600, 1000), media);
    expect(photo.photoId).toMatch(/^[a-f0-9]{16}$/);
    expect([photo.width, photo.height]).toEqual([1440, 900]);
    expect(photo.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual(
      [320, 640, 960, 1080, 1440].flatMap((w) =>
        ['avif', 'webp', 'jpeg'].map((f) => `${w}x${(w * 5) / 8}.${f}`),
      ),
    );
    for (const variant of photo.variants) {
      const stored = await media.get(variant.key);
      expect(stored?.contentType).toBe(`image/${variant.format}`);
      const meta = await sharp(stored!.bytes).metadata();
      expect(meta.width).toBe(variant.width);
      expect(stored!.bytes.length).toBe(variant.bytes);
    }
  });

  it('given a PNG narrower than the smallest size, then kept at its own width', async () => {
    const photo = await processPhoto(await picture(250, 200, 'png'), await storage());
    expect([...new Set(photo.variants.map((v) => v.width))]).toEqual([250]);
  });

  it('given a text file named like a picture, then refused as not an image', async () => {
    expect(await refusalOf(processPhoto(Buffer.from('hello, not a JPEG'), await storage()))).toEqual({
      file: ['not_an_image'],
    });
  });

  it('given an SVG, then refused as not an image (never rasterised from upload)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"></svg>');
    expect(await refusalOf(processPhoto(svg, await storage()))).toEqual({ file: ['not_an_image'] });
  });

  it('given a file over the size limit, then refused as too large before it is read', async () => {
    const limits = { ...DEFAULT_PHOTO_LIMITS, maxBytes: 1000 };
    expect(await refusalOf(processPhoto(await picture(1600, 1000), await storage(), limits))).toEqual({
      file: ['too_large'],
    });
  });

  it('given more pixels than allowed, then refused as too many pixels', async () => {
    const limits = { ...DEFAULT_PHOTO_LIMITS, maxPixels: 1_000_000 };
    expect(await refusalOf(processPhoto(await picture(1200, 1000), await storage(), limits))).toEqual({
      file: ['too_many_pixels'],
    });
  });

  it('given an empty file, then refused as missing', async () => {
    expect(await refusalOf(processPhoto(Buffer.alloc(0), await storage()))).toEqual({ file: ['missing'] });
  });
});
