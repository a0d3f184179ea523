/**
 * The stored sizes of car photos (engine/media/README.md), at `/media/car-photos/<photo>-<width>.<ext>`:
 * content-hashed names, so each answer is cached for a year as `immutable` (a new photo is a new name).
 * Only names of that shape reach the storage; anything else, or a size never stored, is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PhotoFormat, photoVariantKey } from '../../domain/catalogue/carPhotos.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { MediaStorage } from '../../engine/media/mediaStorage.ts';

export interface MediaRoutesOptions {
  readonly media: MediaStorage;
}

const NAME = /^([a-f0-9]{16})-(\d{2,5})\.(avif|webp|jpg)$/;
const FORMAT_OF: Record<string, PhotoFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { media }) => {
  app.get(
    '/media/car-photos/:name',
    { schema: { params: z.object({ name: z.string().max(40) }) } },
    async (request, reply) => {
      const match = NAME.exec(request.params.name);
      const missing = () => new NotFoundError(`no photo ${request.params.name}`, request.params);
      if (!match) throw missing();
      const [, photoId = '', width = '', ext = ''] = match;
      const format = FORMAT_OF[ext];
      if (!format) throw missing();
      const stored = await media.get(photoVariantKey(photoId, Number(width), format));
      if (!stored) throw missing();
      return reply
        .header('content-type', stored.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stored.bytes);
    },
  );
};
