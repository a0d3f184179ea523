/**
 * The CMS core's ajax calls for every content kind (domain/content/README.md "The CMS core: slugs and
 * validation"), content role (and admin); they change nothing:
 *
 * - `GET /admin/api/content/slugify?text=&locale=` — `{ slug }`, the text as a URL slug in the locale's
 *   spelling (SPEC "CMS slugify");
 * - `GET /admin/api/content/:kind/check-exists?locale=&slug=&exclude=` (ranges add `brand`; facets take
 *   `path` instead of `slug`) — `{ exists, id?, title? }`: whether another item of the kind and locale
 *   holds that key (SPEC "check-exists");
 * - `POST /admin/api/content/:kind/validate` `{ locale, fields, id?, step? }` — the kind's rules (and the
 *   key's uniqueness, excluding item `id`) without saving: 200 `{ valid: true }` or 400 by
 *   `fields.<name>`; `step` (a field's name) limits the answer to that field (SPEC "form validation (id,
 *   step)": the editor checks a field as it is typed).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_ID, contentFieldProblems } from '../../domain/content/items/contentItem.ts';
import {
  CONTENT_FIELDS,
  type ContentKind,
  contentKindSchema,
  hasUniqueKey,
  uniqueKeyOf,
} from '../../domain/content/items/contentKinds.ts';
import { slugify } from '../../domain/content/items/slugify.ts';
import { ValidationError } from '../../domain/errors.ts';
import { LOCALES } from '../../domain/markets.ts';
import type { ContentItems } from '../../engine/content/contentItems.ts';
import { requireStaff } from '../plugins/staffGuard.ts';

export interface ContentCmsApiOptions {
  readonly items: ContentItems;
}

/** The kind's field names (its schema's shape). */
export const fieldNamesOf = (kind: ContentKind): string[] =>
  Object.keys((CONTENT_FIELDS[kind] as unknown as { shape: Record<string, unknown> }).shape);

const keyText = z.string().trim().min(1).max(200);

export const contentCmsApi: FastifyPluginAsyncZod<ContentCmsApiOptions> = async (app, options) => {
  const content = requireStaff('admin', 'content');

  app.get(
    '/admin/api/content/slugify',
    {
      preValidation: content,
      schema: {
        querystring: z.object({ text: z.string().max(500), locale: z.enum(LOCALES) }),
        response: { 200: z.object({ slug: z.string() }) },
      },
    },
    async (request) => ({ slug: slugify(request.query.text, request.query.locale) }),
  );

  app.get(
    '/admin/api/content/:kind/check-exists',
    {
      preValidation: content,
      schema: {
        params: z.object({ kind: contentKindSchema }),
        querystring: z.object({
          locale: z.enum(LOCALES),
          slug: keyText.optional(),
          brand: keyText.optional(),
          path: keyText.optional(),
          exclude: z.string().regex(CONTENT_ID, 'a content id (ct_…)').optional(),
        }),
        response: {
          200: z.object({ exists: z.boolean(), id: z.string().optional(), title: z.string().optional() }),
        },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const { locale, exclude, ...fields } = request.query;
      if (!hasUniqueKey(kind)) throw ValidationError.field('params.kind', 'this kind has no slug to check');
      const key = uniqueKeyOf(kind, fields);
      const needs = kind === 'range' ? ['brand', 'slug'] : [key?.field ?? 'slug'];
      const missing = needs.find((name) => fields[name as keyof typeof fields] === undefined);
      if (!key || missing) throw ValidationError.field(`querystring.${missing ?? 'slug'}`, 'is required');
      const holder = await options.items.keyHolder(kind, locale, key.key, exclude);
      return holder ? { exists: true, id: holder.id, title: holder.title } : { exists: false };
    },
  );

  app.post(
    '/admin/api/content/:kind/validate',
    {
      preValidation: content,
      schema: {
        params: z.object({ kind: contentKindSchema }),
        body: z.object({
          locale: z.enum(LOCALES),
          fields: z.record(z.string(), z.unknown()),
          id: z.string().regex(CONTENT_ID, 'a content id (ct_…)').optional(),
          step: z.string().max(40).optional(),
        }),
        response: { 200: z.object({ valid: z.literal(true) }) },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const { locale, fields, id, step } = request.body;
      const names = fieldNamesOf(kind);
      if (step !== undefined && !names.includes(step))
        throw ValidationError.field('body.step', `one of: ${names.join(', ')}`);
      const { problems } = contentFieldProblems(kind, fields, locale);
      // The key's uniqueness, when its fields are right.
      const trimmed = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      );
      const key = uniqueKeyOf(kind, trimmed);
      if (key && !problems[`fields.${key.field}`] && (step === undefined || step === key.field)) {
        const holder = await options.items.keyHolder(kind, locale, key.key, id);
        if (holder)
          problems[`fields.${key.field}`] = [
            `taken by ${holder.title ? `“${holder.title}” (${holder.id})` : holder.id}`,
          ];
      }
      const shown = Object.fromEntries(
        Object.entries(problems).filter(
          ([name]) => step === undefined || name === `fields.${step}` || name.startsWith(`fields.${step}.`),
        ),
      );
      if (Object.keys(shown).length > 0) throw new ValidationError('the content is not valid', shown);
      return { valid: true as const };
    },
  );
};
