/** The sizes and formats a car photo (or a content picture) is stored in: carPhotos.ts. */

/**
 * The widths a photo is stored at (px), smallest first; never wider than the original. 1080 is a
 * 390 px phone's full-width picture at density 3 (358 CSS px × 3), which would otherwise take 1440.
 */
export const PHOTO_WIDTHS = [320, 640, 960, 1080, 1440] as const;
/** Formats, best first: a `<picture>` offers them in this order, JPEG being every browser's fallback. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
