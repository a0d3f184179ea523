/**
 * A car's photos for the back office (SPEC `admin_image_upload (id)`, engine/media/README.md): staff with
 * the `content` role (and admins) upload, order and remove them; each change is an event of the car's
 * photo stream with the staff member as its actor.
 *
 * - `GET /admin/api/cars/:carId/photos` → `{ photos }` in their order.
 * - `POST /admin/api/cars/:carId/photos` multipart, one `file` (JPEG, PNG, WebP or AVIF, recognised by
 *   its bytes) → 201 `{ photos }`. Refused files are a 400 with the `file` field's code: `missing`,
 *   `too_large`, `not_an_image`, `too_many_pixels`, `too_small`. Retry: the same bytes are the same photo
 *   (nothing added twice); an `Idempotency-Key` header answers the first call's photos.
 * - `PUT /admin/api/cars/:carId/photos/order` `{ photoIds }` (each photo once) → `{ photos }`.
 * - `DELETE /admin/api/cars/:carId/photos/:photoId` → `{ photos }`; an unknown photo 404 (a retried
 *   delete with the same key answers the first).
 * - `POST /admin/{locale}/image/upload/:id` (the page itself, posted without JavaScript, multipart with
 *   `_csrf` first): `intent` `upload` (with `file`), `up`/`down`/`remove` (with `photoId`) → 303 back
 *   to the page, a refusal kept for it by field (http/plugins/formFlash.ts).
 *
 * An unknown car is 404. Files of a removed photo stay stored (content-hashed, possibly shared).
 */
import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carPhotoSchema } from '../../domain/catalogue/carPhotoSchema.ts';
import { movePhoto } from '../../domain/catalogue/carPhotos.ts';
import { isDomainError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { LOCALES } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import type { CarPhotoCall, CarPhotos } from '../../engine/media/createCarPhotos.ts';
import { DEFAULT_PHOTO_LIMITS } from '../../engine/media/processPhoto.ts';
import { CSRF_FIELD, CSRF_HEADER, csrfCheck } from '../plugins/csrf.ts';
import { keepFormFlash } from '../plugins/formFlash.ts';
import { requireStaff } from '../plugins/staffGuard.ts';

export interface AdminCarPhotosApiOptions {
  readonly carPhotos: CarPhotos;
  /** Largest file accepted, in bytes (the processing's own limit by default). */
  readonly maxFileBytes?: number;
}

const carId = z.string().regex(/^\d{1,12}$/, 'digits');
const photoId = z.string().regex(/^[a-f0-9]{16}$/, '16 hex digits');
const photosReply = z.object({ photos: z.array(carPhotoSchema) });
const KEY = /^[\x21-\x7e]{1,100}$/;
const INTENTS = ['upload', 'up', 'down', 'remove'] as const;

/** A multipart error as the `file` field's code; else undefined (also the content uploads': adminContentMediaApi.ts). */
export function fileProblem(error: unknown): Record<string, string[]> | undefined {
  if (isDomainError(error, 'validation')) {
    const fields = error.details?.fields as Record<string, string[]> | undefined;
    return fields ?? { file: [error.message] };
  }
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { file: ['too_large'] };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return { file: ['missing'] };
  return undefined;
}

export const adminCarPhotosApi: FastifyPluginAsyncZod<AdminCarPhotosApiOptions> = async (app, options) => {
  const { carPhotos } = options;
  const guard = requireStaff('content');
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_PHOTO_LIMITS.maxBytes;
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });

  /** The staff member as the actor; the request's key, or one derived from what it asks. */
  function callOf(request: FastifyRequest, what: string): CarPhotoCall {
    const staff = request.session.staff;
    if (!staff) throw new ValidationError('no staff member signed in');
    const roles = request.staffAccount?.roles ?? staff.roles;
    const actor: Actor = {
      kind: 'staff',
      staffId: staff.id,
      role: roles.includes('admin') ? 'admin' : 'content',
    };
    const header = request.headers['idempotency-key'];
    if (typeof header === 'string') {
      if (!KEY.test(header))
        throw ValidationError.field('headers.idempotency-key', '1 to 100 visible ASCII characters');
      return { actor, idempotencyKey: `h:photos:${staff.id}:${header}` };
    }
    const hash = createHash('sha256')
      .update(JSON.stringify([staff.id, what]))
      .digest('base64url');
    return { actor, idempotencyKey: { derivedFrom: `d:${hash}` } };
  }

  app.get(
    '/admin/api/cars/:carId/photos',
    { preValidation: guard, schema: { params: z.object({ carId }), response: { 200: photosReply } } },
    async (request) => ({ photos: [...(await carPhotos.list(request.params.carId))] }),
  );

  app.post(
    '/admin/api/cars/:carId/photos',
    { preValidation: guard, schema: { params: z.object({ carId }), response: { 201: photosReply } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw ValidationError.field('file', 'missing');
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) throw ValidationError.field('file', 'missing');
        bytes = await part.toBuffer();
      } catch (error) {
        const problem = fileProblem(error);
        if (problem) throw new ValidationError('file refused', problem);
        throw error;
      }
      // Each upload is a new command (the same bytes are the same photo all the same).
      const call = callOf(request, `upload:${randomUUID()}`);
      const photos = await carPhotos.upload(request.params.carId, bytes, call);
      return reply.status(201).send({ photos: [...photos] });
    },
  );

  app.put(
    '/admin/api/cars/:carId/photos/order',
    {
      preValidation: guard,
      schema: {
        params: z.object({ carId }),
        body: z.object({ photoIds: z.array(photoId).max(100) }),
        response: { 200: photosReply },
      },
    },
    async (request) => {
      const { photoIds } = request.body;
      const call = callOf(request, `order:${request.params.carId}:${photoIds.join()}`);
      return { photos: [...(await carPhotos.reorder(request.params.carId, photoIds, call))] };
    },
  );

  app.delete(
    '/admin/api/cars/:carId/photos/:photoId',
    {
      preValidation: guard,
      schema: { params: z.object({ carId, photoId }), response: { 200: photosReply } },
    },
    async (request) => {
      const { carId: car, photoId: photo } = request.params;
      const call = callOf(request, `remove:${car}:${photo}`);
      return { photos: [...(await carPhotos.remove(car, photo, call))] };
    },
  );

  /** The page's own form (no JavaScript): multipart with `_csrf` first, then the intent and the file. */
  const pageForm = async (
    request: FastifyRequest<{ Params: { locale: (typeof LOCALES)[number]; id: string } }>,
    reply: FastifyReply,
  ) => {
    const { locale, id } = request.params;
    const back = generateUrl(`admin_image_upload.${locale}`, { id });
    const refuse = (fields: Record<string, string[]>) => {
      keepFormFlash(request, { path: back, fields, values: {} });
      return reply.redirect(back, 303);
    };
    let csrfChecked = false;
    const checked = async (token: string | undefined) => {
      if (csrfChecked) return true;
      csrfChecked = true;
      if (!request.headers[CSRF_HEADER] && token) request.body = { [CSRF_FIELD]: token };
      await csrfCheck.call(app, request, reply);
      return !reply.sent;
    };
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    try {
      if (!request.isMultipart()) {
        if (!(await checked(undefined))) return reply;
        return refuse({ file: ['missing'] });
      }
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (!(await checked(fields[CSRF_FIELD]))) return reply;
        const content = await part.toBuffer();
        if (content.byteLength > 0 || part.filename) file = content;
      }
      if (!(await checked(fields[CSRF_FIELD]))) return reply;
      const intent = z.enum(INTENTS).safeParse(fields.intent ?? 'upload');
      if (!intent.success) return refuse({ intent: ['unknown'] });
      const done = () => {
        keepFormFlash(request, { path: back, fields: {}, values: { done: intent.data } });
        return reply.redirect(back, 303);
      };
      if (intent.data === 'upload') {
        if (!file) return refuse({ file: ['missing'] });
        await carPhotos.upload(id, file, callOf(request, `upload:${randomUUID()}`));
        return done();
      }
      const photo = photoId.safeParse(fields.photoId);
      if (!photo.success) return refuse({ photoId: ['unknown'] });
      if (intent.data === 'remove') {
        await carPhotos.remove(id, photo.data, callOf(request, `remove:${id}:${photo.data}`));
        return done();
      }
      const current = (await carPhotos.list(id)).map((p) => p.photoId);
      const order = movePhoto(current, photo.data, intent.data === 'up' ? -1 : 1);
      await carPhotos.reorder(id, order, callOf(request, `order:${id}:${order.join()}`));
      return done();
    } catch (error) {
      const problem = fileProblem(error);
      if (!problem || reply.sent) throw error;
      return refuse(problem);
    }
  };
  app.post(
    '/admin/:locale/image/upload/:id',
    {
      preValidation: guard,
      // CSRF: checked in the handler once the fields ahead of the file are read (as the import's form).
      config: { csrf: false },
      schema: { params: z.object({ locale: z.enum(LOCALES), id: carId }) },
    },
    pageForm,
  );
};
