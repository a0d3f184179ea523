/**
 * The blog articles' images (domain/content/README.md "The blog"), for the `content` role (and admins):
 * `POST /admin/api/blog/images`, multipart, one `file` (JPEG, PNG, WebP or AVIF, recognised by its
 * bytes) → 201 `{ imageId }`, the value of an article's `imageId` field. The file is checked, resized and
 * stored once like a car photo (engine/media/processPhoto.ts; served at `/media/car-photos/…`); a
 * refusal is a 400 with the `file` field's code (`missing`, `too_large`, `not_an_image`,
 * `too_many_pixels`, `too_small`) and stores nothing. Retry: the same bytes are the same image (the same
 * keys written again, the same `imageId`).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogImageIdOf } from '../../domain/content/blog.ts';
import { isDomainError, ValidationError } from '../../domain/errors.ts';
import type { MediaStorage } from '../../engine/media/mediaStorage.ts';
import { DEFAULT_PHOTO_LIMITS, processPhoto } from '../../engine/media/processPhoto.ts';
import { requireStaff } from '../plugins/staffGuard.ts';

export interface AdminBlogImagesApiOptions {
  readonly media: MediaStorage;
}

export const adminBlogImagesApi: FastifyPluginAsyncZod<AdminBlogImagesApiOptions> = async (app, options) => {
  await app.register(multipart, {
    limits: { fileSize: DEFAULT_PHOTO_LIMITS.maxBytes, files: 1, fields: 2, parts: 3 },
    throwFileSizeLimit: true,
  });
  app.post(
    '/admin/api/blog/images',
    {
      preValidation: requireStaff('admin', 'content'),
      schema: { response: { 201: z.object({ imageId: z.string() }) } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw ValidationError.field('file', 'missing');
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) throw ValidationError.field('file', 'missing');
        bytes = await part.toBuffer();
      } catch (error) {
        if (isDomainError(error, 'validation')) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw ValidationError.field('file', 'too_large');
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw ValidationError.field('file', 'missing');
        throw error;
      }
      const photo = await processPhoto(bytes, options.media);
      return reply.status(201).send({ imageId: blogImageIdOf(photo) });
    },
  );
};
