/**
 * The stored media (engine/media/README.md), content-hashed names, so each answer is cached for a year as
 * `immutable` (a new file is a new name):
 *
 * - `/media/car-photos/<photo>-<width>.<avif|webp|jpg>` and `/media/content-images/<photo>-<width>.<ext>`:
 *   the resized sizes of car photos and of content items' pictures;
 * - `/media/content-files/<file>.pdf`: a landing page's brochure.
 *
 * Only names of those shapes reach the storage; anything else, or a file never stored, is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_COLLECTIONS, type PhotoFormat, photoVariantKey } from '../../domain/catalogue/carPhotos.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { contentFileKey } from '../../engine/media/contentMedia.ts';
import type { MediaStorage, StoredMedia } from '../../engine/media/mediaStorage.ts';

export interface MediaRoutesOptions {
  readonly media: MediaStorage;
}

const NAME = /^([a-f0-9]{16})-(\d{2,5})\.(avif|webp|jpg)$/;
const FILE_NAME = /^([a-f0-9]{16})\.pdf$/;
const FORMAT_OF: Record<string, PhotoFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' };

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { media }) => {
  const immutable = {
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  };
  const missing = (name: string) => new NotFoundError(`no media ${name}`, { name });
  const send = (stored: StoredMedia) => ({ ...immutable, 'content-type': stored.contentType });

  app.get(
    '/media/:collection/:name',
    {
      schema: {
        params: z.object({ collection: z.string().max(20), name: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const collection = PHOTO_COLLECTIONS.find((c) => c === request.params.collection);
      const match = NAME.exec(name);
      if (!match || !collection) throw missing(name);
      const [, photoId = '', width = '', ext = ''] = match;
      const format = FORMAT_OF[ext];
      if (!format) throw missing(name);
      const stored = await media.get(photoVariantKey(photoId, Number(width), format, collection));
      if (!stored) throw missing(name);
      return reply.headers(send(stored)).send(stored.bytes);
    },
  );

  app.get(
    '/media/content-files/:name',
    { schema: { params: z.object({ name: z.string().max(40) }) } },
    async (request, reply) => {
      const match = FILE_NAME.exec(request.params.name);
      if (!match?.[1]) throw missing(request.params.name);
      const stored = await media.get(contentFileKey(match[1]));
      if (!stored) throw missing(request.params.name);
      return reply.headers({ ...send(stored), 'content-disposition': 'inline' }).send(stored.bytes);
    },
  );
};
