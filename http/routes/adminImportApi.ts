/**
 * The back office's stock imports (`/admin/api/imports`, SPEC `import list (yearMonth)`): upload a
 * dealer feed (multipart, one file: CSV or XLSX, see domain/catalogue/feed/README.md) and get the
 * import's report; list the imports of a month; read one import with its rejected lines.
 *
 * Every route carries the staff `guard` the integrator gives (the back office's convention: guards on
 * the routes, see http/plugins/staffGuard.ts). A missing, empty, unsupported or unreadable file is a
 * 400 with the reason; a file over the size limit a 413; rejected lines are part of a 201 report.
 * Retries: an `Idempotency-Key` header (letters, digits, `-`, `_`) becomes the import id, so a
 * retried upload answers the first one's report instead of importing again; without it each upload
 * is a new import (of an unchanged file: a logged no-op).
 */
import multipart from '@fastify/multipart';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEED_FORMATS } from '../../domain/catalogue/feed/feedFormat.ts';
import { IMPORT_ID, type StockImportReport } from '../../domain/catalogue/feed/stockImportEvents.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { ImportStock } from '../../engine/catalogue/importStock.ts';
import type { StockImportSummary } from '../../projections/catalogue/stockImportQueries.ts';

export interface AdminImportApiOptions {
  readonly importStock: ImportStock;
  readonly listImports: (yearMonth: string) => Promise<StockImportSummary[]>;
  readonly getImport: (importId: string) => Promise<StockImportReport | undefined>;
  readonly clock: () => Date;
  readonly newId: () => string;
  /** The staff guard (a preHandler), put on every route. */
  readonly guard: preHandlerAsyncHookHandler;
  /** Largest feed accepted, in bytes (default 64 MiB: 100,000 cars are about 20 MB of CSV). */
  readonly maxFileBytes?: number;
}

const counts = z.object({
  rows: z.number(),
  listed: z.number(),
  updated: z.number(),
  repriced: z.number(),
  withdrawn: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
});
const summary = z.object({
  importId: z.string(),
  at: z.string(),
  fileName: z.string(),
  format: z.enum(FEED_FORMATS),
  dealers: z.array(z.string()).readonly(),
  counts,
});
const report = summary.extend({
  rejections: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })).readonly(),
  rejectionsTruncated: z.boolean(),
});
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

export const adminImportApi: FastifyPluginAsyncZod<AdminImportApiOptions> = async (app, options) => {
  const { guard } = options;
  // Registered in this plugin's scope only: no other route parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: options.maxFileBytes ?? 64 * 1024 * 1024, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/admin/api/imports',
    {
      preHandler: guard,
      schema: {
        querystring: z.object({ format: z.enum(FEED_FORMATS).optional() }),
        headers: z.object({
          'idempotency-key': z.string().regex(IMPORT_ID, 'letters, digits, - and _').optional(),
        }),
        response: { 201: report },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw ValidationError.field('file', 'send the feed as multipart/form-data with a "file" field');
      }
      const part = await request.file();
      if (!part) throw ValidationError.field('file', 'is missing: attach the feed (.csv or .xlsx)');
      const content = await part.toBuffer();
      const field = part.fields.format;
      const formatField =
        field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
      const result = await options.importStock({
        importId: request.headers['idempotency-key'] ?? options.newId(),
        at: options.clock(),
        fileName: part.filename || 'feed',
        format: request.query.format ?? formatField,
        content,
      });
      return reply.status(201).header('location', `/admin/api/imports/${result.importId}`).send(result);
    },
  );

  app.get(
    '/admin/api/imports',
    {
      preHandler: guard,
      schema: {
        querystring: z.object({ yearMonth: yearMonth.optional() }),
        response: { 200: z.array(summary) },
      },
    },
    async (request) =>
      options.listImports(request.query.yearMonth ?? options.clock().toISOString().slice(0, 7)),
  );

  app.get(
    '/admin/api/imports/:importId',
    {
      preHandler: guard,
      schema: { params: z.object({ importId: z.string().max(64) }), response: { 200: report } },
    },
    async (request) => {
      const { importId } = request.params;
      const found = IMPORT_ID.test(importId) ? await options.getImport(importId) : undefined;
      if (!found) throw new NotFoundError(`import ${importId} not found`, { importId });
      return found;
    },
  );
};
