/**
 * Content items' pictures and files, and the landing pages' ajax (SPEC "landing-page dealer and lead
 * count and pdf removal"), for the `content` role (and admin), writes CSRF-checked
 * (domain/content/README.md "Landing pages", engine/media/README.md "Content images and files"):
 *
 * - `POST /admin/api/content/images` multipart `file` → 201 `{ image }` (a banner's, a promotion's, a
 *   landing page's, a blog article's picture: JPEG, PNG, WebP or AVIF by its bytes, resized once); 400
 *   `{ fields: { file: [code] } }` with processPhoto's codes. The answer goes into the item's
 *   `image`/`heroImage` field.
 * - `POST /admin/api/content/files` multipart `file` → 201 `{ file }` (a landing page's brochure: a PDF
 *   by its first bytes, at most 10 MB); 400 `file` `missing`, `too_large`, `not_a_pdf`.
 * - `GET /admin/api/content/items/:id/leads` → `{ count }`: the leads sent from that landing page.
 * - `POST /admin/api/content/items/:id/remove-pdf` `{ expectedVersion }` → `{ latestVersion }`: a new
 *   version of the landing page without its brochure (a stale version is a 409 with the version now;
 *   no brochure: nothing saved, the same answer, so a retry is harmless).
 * - The dealer lookup for the editor is the back office's own `GET /admin/api/dealers?q=`.
 *
 * Retry: the same bytes are the same stored files (content-hashed keys); nothing is appended by an upload.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_ID } from '../../domain/content/items/contentItem.ts';
import {
  CONTENT_FILE_MAX_BYTES,
  contentFileSchema,
  contentImageSchema,
} from '../../domain/content/items/contentKinds.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ContentItems } from '../../engine/content/contentItems.ts';
import type { ContentMedia } from '../../engine/media/contentMedia.ts';
import { DEFAULT_PHOTO_LIMITS } from '../../engine/media/processPhoto.ts';
import { requireStaff, staffActorOf } from '../plugins/staffGuard.ts';
import { fileProblem } from './adminCarPhotosApi.ts';

export interface AdminContentMediaApiOptions {
  readonly contentMedia: ContentMedia;
  readonly items: ContentItems;
  /** The leads sent from a landing page (projections/content/landingPageLeadsProjection.ts). */
  readonly landingPageLeads: (landingPageId: string) => Promise<number>;
}

const idParams = z.object({ id: z.string().regex(CONTENT_ID, 'a content id (ct_…)') });

/** The one `file` part of a multipart request: its bytes and name; a refusal by the `file` field. */
async function filePart(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw ValidationError.field('file', 'missing');
  try {
    const part = await request.file();
    if (!part) throw ValidationError.field('file', 'missing');
    return { bytes: await part.toBuffer(), name: part.filename };
  } catch (error) {
    const problem = fileProblem(error);
    if (problem) throw new ValidationError('file refused', problem);
    throw error;
  }
}

export const adminContentMediaApi: FastifyPluginAsyncZod<AdminContentMediaApiOptions> = async (
  app,
  options,
) => {
  const content = requireStaff('admin', 'content');
  await app.register(multipart, {
    // The larger of the two limits; each kind checks its own (a picture 15 MB, a PDF 10 MB).
    limits: { fileSize: Math.max(DEFAULT_PHOTO_LIMITS.maxBytes, CONTENT_FILE_MAX_BYTES), files: 1, parts: 2 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/admin/api/content/images',
    { preValidation: content, schema: { response: { 201: z.object({ image: contentImageSchema }) } } },
    async (request, reply) => {
      const { bytes } = await filePart(request);
      return reply.status(201).send({ image: await options.contentMedia.storeImage(bytes) });
    },
  );

  app.post(
    '/admin/api/content/files',
    { preValidation: content, schema: { response: { 201: z.object({ file: contentFileSchema }) } } },
    async (request, reply) => {
      const { bytes, name } = await filePart(request);
      return reply.status(201).send({ file: await options.contentMedia.storePdf(bytes, name) });
    },
  );

  /** The landing page `id` as its stream says now (404 for anything else). */
  const landingPage = async (id: string) => {
    const state = await options.items.read(id);
    if (state.kind !== 'landing_page' || state.deleted)
      throw new NotFoundError('no such landing page', { id });
    return state;
  };

  app.get(
    '/admin/api/content/items/:id/leads',
    {
      preValidation: content,
      schema: { params: idParams, response: { 200: z.object({ count: z.number().int() }) } },
    },
    async (request, reply) => {
      await landingPage(request.params.id);
      reply.header('cache-control', 'no-store');
      return { count: await options.landingPageLeads(request.params.id) };
    },
  );

  app.post(
    '/admin/api/content/items/:id/remove-pdf',
    {
      preValidation: content,
      schema: {
        params: idParams,
        body: z.object({ expectedVersion: z.number().int().min(1).max(100_000) }),
        response: { 200: z.object({ latestVersion: z.number().int() }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const state = await landingPage(id);
      const latest = state.versions.at(-1) ?? {};
      if (!latest.pdf) return { latestVersion: state.versions.length };
      const { state: after } = await options.items.run(
        id,
        { type: 'save', fields: { ...latest, pdf: '' }, expectedVersion: request.body.expectedVersion },
        staffActorOf(request, 'content'),
      );
      return { latestVersion: after.versions.length };
    },
  );
};
