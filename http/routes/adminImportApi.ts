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
 * is a new import (of an unchanged file: a logged no-op). The import records who sent it.
 *
 * - `POST /admin/{locale}/import{/yearMonth}` (the SPEC's `admin_import_list` page, posted to): the
 *   same upload as the page's form without JavaScript (multipart: `_csrf` before the `file` field):
 *   303 to the import's month with the import id kept for the page (http/plugins/formFlash.ts), or back
 *   with the file's problem. Its CSRF token is checked here, once the fields before the file are read
 *   (the global check reads urlencoded bodies only).
 * - `GET /admin/api/imports/template.csv|.xlsx`: the feed template, from the importer's own columns
 *   (domain/catalogue/feed/feedTemplate.ts); its example line names the dealer `?dealerId`, else none
 *   (`0`: imported unchanged, the line is rejected as an unknown dealer and nothing is withdrawn).
 */
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEED_FORMATS } from '../../domain/catalogue/feed/feedFormat.ts';
import { feedTemplate } from '../../domain/catalogue/feed/feedTemplate.ts';
import {
  IMPORT_ID,
  type StockImportReport,
  yearMonthOf,
} from '../../domain/catalogue/feed/stockImportEvents.ts';
import { isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { LOCALES } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import type { ImportStock } from '../../engine/catalogue/importStock.ts';
import type { StockImportSummary } from '../../projections/catalogue/stockImportQueries.ts';
import { sendTableExport } from '../exports/sendTableExport.ts';
import { CSRF_FIELD, CSRF_HEADER, csrfCheck } from '../plugins/csrf.ts';
import { keepFormFlash } from '../plugins/formFlash.ts';

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
  /** Who sent the file; absent for imports run from the command line. */
  by: z.object({ id: z.string(), name: z.string() }).optional(),
  format: z.enum(FEED_FORMATS),
  dealers: z.array(z.string()).readonly(),
  counts,
});
const reportedLine = z.object({
  line: z.number(),
  field: z.string(),
  message: z.string(),
  dealerId: z.string().optional(),
  reference: z.string().optional(),
});
const report = summary.extend({
  rejections: z.array(reportedLine).readonly(),
  rejectionsTruncated: z.boolean(),
  /** Lines imported with a photo URL that could not be used (engine/media/importFeedPhotos.ts). */
  warnings: z.array(reportedLine).readonly().optional(),
  /** Photos the feed's URLs added to cars. */
  photosAdded: z.number().optional(),
});
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
const pageParams = z.object({ locale: z.enum(LOCALES), yearMonth: yearMonth.optional() });

/** The staff member importing, as the import records them. */
const importer = (request: FastifyRequest) =>
  request.staffAccount ? { id: request.staffAccount.id, name: request.staffAccount.name } : undefined;

const fieldValue = (field: Multipart | Multipart[] | undefined): string | undefined =>
  field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;

/** A refusal of the posted file (a ValidationError, the size limit), as messages by field; else undefined. */
function fileProblem(error: unknown): Record<string, string[]> | undefined {
  if (isDomainError(error, 'validation')) {
    const fields = error.details?.fields as Record<string, string[]> | undefined;
    return fields ?? { file: [error.message] };
  }
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { file: ['too_large'] };
  if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return { file: ['is missing: attach the feed (.csv or .xlsx)'] };
  return undefined;
}

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
        by: importer(request),
        fileName: part.filename || 'feed',
        format: request.query.format ?? formatField,
        content,
      });
      return reply.status(201).header('location', `/admin/api/imports/${result.importId}`).send(result);
    },
  );

  const uploadForm = async (
    request: FastifyRequest<{ Params: z.infer<typeof pageParams> }>,
    reply: FastifyReply,
  ) => {
    const { locale, yearMonth: month } = request.params;
    const back = generateUrl(`admin_import_list.${locale}`, month ? { yearMonth: month } : {});
    const refuse = (fields: Record<string, string[]>) => {
      keepFormFlash(request, { path: back, fields, values: {} });
      return reply.redirect(back, 303);
    };
    // The token comes in the header (a script) or as the `_csrf` field before the file (the form).
    const checked = async (token: string | undefined) => {
      if (!request.headers[CSRF_HEADER] && token) request.body = { [CSRF_FIELD]: token };
      await csrfCheck.call(app, request, reply);
      return !reply.sent;
    };
    const fields: Record<string, string> = {};
    try {
      if (!request.isMultipart()) {
        if (!(await checked(undefined))) return reply;
        return refuse({ file: ['is missing: attach the feed (.csv or .xlsx)'] });
      }
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (!(await checked(fields[CSRF_FIELD]))) return reply;
        const content = await part.toBuffer();
        if (content.byteLength === 0 && !part.filename) break;
        const result = await options.importStock({
          importId: options.newId(),
          at: options.clock(),
          by: importer(request),
          fileName: part.filename || 'feed',
          format: fieldValue(part.fields.format),
          content,
        });
        const to = generateUrl(`admin_import_list.${locale}`, { yearMonth: yearMonthOf(result.at) });
        keepFormFlash(request, { path: to, fields: {}, values: { importId: result.importId } });
        return reply.redirect(to, 303);
      }
      if (!(await checked(fields[CSRF_FIELD]))) return reply;
      return refuse({ file: ['is missing: attach the feed (.csv or .xlsx)'] });
    } catch (error) {
      const problem = fileProblem(error);
      if (!problem || reply.sent) throw error;
      return refuse(problem);
    }
  };
  for (const url of ['/admin/:locale/import', '/admin/:locale/import/:yearMonth']) {
    app.post(
      url,
      // CSRF: checked in the handler (see the file comment), not by the global hook.
      { preHandler: guard, config: { csrf: false }, schema: { params: pageParams } },
      uploadForm,
    );
  }

  for (const format of FEED_FORMATS) {
    app.get(
      `/admin/api/imports/template.${format}`,
      {
        preHandler: guard,
        schema: {
          querystring: z.object({
            // The page's template form sends an empty field for "no dealer".
            dealerId: z.preprocess(
              (value) => (value === '' ? undefined : value),
              z
                .string()
                .regex(/^\d{1,12}$/, 'digits')
                .optional(),
            ),
          }),
        },
      },
      async (request, reply) => {
        const { header, example } = feedTemplate(request.query.dealerId);
        return sendTableExport<readonly string[]>(reply, {
          format,
          fileName: 'stock-feed-template',
          sheetName: 'Stock',
          columns: header.map((column, i) => ({ header: column, width: 16, value: (row) => row[i] })),
          batches: [[example]],
        });
      },
    );
  }

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
