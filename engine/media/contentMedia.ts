/**
 * Content items' pictures and files (engine/media/README.md "Content images and files"): a picture goes
 * through the car photos' processing (processPhoto.ts) into the `content-images` collection; a file (a
 * landing page's PDF brochure) is checked by its bytes and size and stored once under its content hash.
 * Nothing here appends an event: the editor puts the answer in the item's fields and saves a version.
 */
import { createHash } from 'node:crypto';
import {
  CONTENT_FILE_MAX_BYTES,
  type ContentFile,
  type ContentImage,
} from '../../domain/content/items/contentKinds.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { MediaStorage } from './mediaStorage.ts';
import { DEFAULT_PHOTO_LIMITS, type PhotoLimits, processPhoto } from './processPhoto.ts';

/** A content picture fills a banner's width: narrower than 640 px is refused (`too_small`). */
export const CONTENT_IMAGE_LIMITS: PhotoLimits = { ...DEFAULT_PHOTO_LIMITS, minWidth: 640 };

/** Why a file is refused (the `file` field's message; ui/admin/messages/landing words each). */
export const FILE_PROBLEMS = ['missing', 'too_large', 'not_a_pdf'] as const;
export type FileProblem = (typeof FILE_PROBLEMS)[number];

/** The storage key of a content file (one per content hash). */
export const contentFileKey = (fileId: string) => `content-files/${fileId}`;
/** Its public URL (immutable: a changed file is a new id). */
export const contentFileUrl = (fileId: string) => `/media/content-files/${fileId}.pdf`;

export interface ContentMedia {
  /** Checks, resizes and stores a picture; the refusal is a `ValidationError` on `file`. */
  storeImage(bytes: Buffer): Promise<ContentImage>;
  /** Checks (a PDF by its first bytes, at most `maxFileBytes`) and stores a file named `name`. */
  storePdf(bytes: Buffer, name: string): Promise<ContentFile>;
}

/** A file name as shown: its last path part, without control or reserved characters, at most 120. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).at(-1) ?? '';
  const clean = last
    .replace(/[<>:"|?*\p{Cc}]/gu, '')
    .trim()
    .slice(0, 120);
  return clean === '' ? 'document.pdf' : clean;
}

export function createContentMedia(options: {
  readonly media: MediaStorage;
  readonly imageLimits?: PhotoLimits;
  readonly maxFileBytes?: number;
}): ContentMedia {
  const maxFileBytes = Math.min(options.maxFileBytes ?? CONTENT_FILE_MAX_BYTES, CONTENT_FILE_MAX_BYTES);
  return {
    async storeImage(bytes) {
      const { sourceUrl: _none, ...image } = await processPhoto(
        bytes,
        options.media,
        options.imageLimits ?? CONTENT_IMAGE_LIMITS,
        'content-images',
      );
      return image;
    },
    async storePdf(bytes, name) {
      const refuse = (problem: FileProblem) => ValidationError.field('file', problem);
      if (bytes.length === 0) throw refuse('missing');
      if (bytes.length > maxFileBytes) throw refuse('too_large');
      // A PDF starts with `%PDF-` (the name and the type the browser sent prove nothing).
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw refuse('not_a_pdf');
      const fileId = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      await options.media.put(contentFileKey(fileId), { bytes, contentType: 'application/pdf' });
      return { fileId, name: cleanFileName(name), bytes: bytes.length };
    },
  };
}
