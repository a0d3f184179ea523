/**
 * A photo checked and resized once, when it arrives (an upload or a stock feed): its type read from its
 * bytes (sharp's metadata, never the file name), its size and pixel count bounded, then stored at each
 * of `PHOTO_WIDTHS` (never wider than the original) in AVIF, WebP and JPEG under content-hashed keys.
 * A refusal is a `ValidationError` on `file` whose message is a code the forms translate.
 */
import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import {
  type CarPhoto,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  type PhotoCollection,
  type PhotoFormat,
  type PhotoVariant,
  photoVariantKey,
} from '../../domain/catalogue/carPhotos.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { MediaStorage } from './mediaStorage.ts';

/** Why a file is refused (the `file` field's message: ui/admin/messages/media translates each). */
export const PHOTO_PROBLEMS = [
  'missing',
  'too_large',
  'not_an_image',
  'too_many_pixels',
  'too_small',
] as const;
export type PhotoProblem = (typeof PHOTO_PROBLEMS)[number];

export interface PhotoLimits {
  /** Largest file accepted, in bytes (default 15 MB). */
  readonly maxBytes: number;
  /** Most pixels (width × height) accepted (default 40 megapixels). */
  readonly maxPixels: number;
  /** Narrowest accepted (default 200 px). */
  readonly minWidth: number;
}

export const DEFAULT_PHOTO_LIMITS: PhotoLimits = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  minWidth: 200,
};

/** Formats accepted, as sharp names them (`heif` holds AVIF). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

const refuse = (problem: PhotoProblem) => ValidationError.field('file', problem);

const QUALITY: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // Effort 3: a 1440 px AVIF in well under a second; the files are a few percent larger than at 9.
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 76, mozjpeg: true, progressive: true }),
};

/** sharp and libvips (a native library) are loaded with the first photo, not at the server's start. */
const loadSharp = async () => (await import('sharp')).default;

/** Checks the bytes and answers their facts; throws the refusal. */
export async function checkPhoto(bytes: Buffer, limits: PhotoLimits = DEFAULT_PHOTO_LIMITS) {
  if (bytes.length === 0) throw refuse('missing');
  if (bytes.length > limits.maxBytes) throw refuse('too_large');
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('not_an_image');
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw refuse('not_an_image');
  if (meta.width * meta.height > limits.maxPixels) throw refuse('too_many_pixels');
  // EXIF orientations 5–8 turn the picture a quarter: its displayed width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (width < limits.minWidth) throw refuse('too_small');
  return { width, height, format: meta.format };
}

/** The photo's id: the first 16 hex digits of its bytes' SHA-256 (the same file is the same photo). */
export const photoIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * Checks, resizes and stores a photo in `collection` (car photos by default; content items' pictures);
 * answers its facts for a `CarPhotoAdded` or a content item's image field. Storing again the same bytes
 * writes the same keys (a retry is harmless); nothing is stored when the photo is refused.
 */
export async function processPhoto(
  bytes: Buffer,
  storage: MediaStorage,
  limits: PhotoLimits = DEFAULT_PHOTO_LIMITS,
  collection: PhotoCollection = 'car-photos',
): Promise<CarPhoto> {
  const original = await checkPhoto(bytes, limits);
  const photoId = photoIdOf(bytes);
  // The sizes it is at least as wide as; a photo narrower than the smallest keeps its own width.
  const fitting: number[] = PHOTO_WIDTHS.filter((w) => w <= original.width);
  const widths = fitting.length > 0 ? fitting : [original.width];
  const base = (await loadSharp())(bytes, { limitInputPixels: limits.maxPixels }).rotate();
  const variants: PhotoVariant[] = [];
  for (const width of widths) {
    const height = Math.round((original.height * width) / original.width);
    for (const format of PHOTO_FORMATS) {
      const output = await QUALITY[format](
        base.clone().resize({ width, withoutEnlargement: true }),
      ).toBuffer();
      const key = photoVariantKey(photoId, width, format, collection);
      await storage.put(key, { bytes: output, contentType: `image/${format}` });
      variants.push({ width, height, format, key, bytes: output.length });
    }
  }
  const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
  return { photoId, width: largest.width, height: largest.height, variants };
}
