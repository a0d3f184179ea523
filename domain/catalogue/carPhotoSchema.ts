/**
 * A car photo's record as its events and the API carry it (carPhotos.ts): the server validates with
 * these schemas; the browser needs only their types.
 */
import { z } from 'zod';
import { PHOTO_FORMATS } from './photoFormats.ts';

const HASH = /^[a-f0-9]{16}$/;

export const photoVariantSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(PHOTO_FORMATS),
  /** The media storage key. */
  key: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type PhotoVariant = z.infer<typeof photoVariantSchema>;

export const carPhotoSchema = z.object({
  /** The first 16 hex digits of the original's SHA-256: the photo's id and its files' names. */
  photoId: z.string().regex(HASH),
  /** The largest stored size (the original, scaled down to the largest width at most). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(photoVariantSchema).min(1),
  /** The feed's URL it was fetched from (a stock import), so the next import does not fetch it again. */
  sourceUrl: z.string().optional(),
});
export type CarPhoto = z.infer<typeof carPhotoSchema>;
