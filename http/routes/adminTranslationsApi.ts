/**
 * Translations staff change (domain/content/README.md "Translations"; SPEC `admin_translation_edit` and
 * the back office's "translation list by locale"), for the `content` role (and admin); writes CSRF-checked:
 *
 * - `GET /admin/api/translations/:locale/:domain?status=&q=` — the dictionary's keys in the reference
 *   (French) order: the reference text, the shipped text, the override and its version, who changed it
 *   and when; `status` `overridden` | `missing` (no shipped text in this locale) | `unused` (an override
 *   of a key the dictionary no longer has); `q` a key or words;
 * - `PUT …/:key` `{ text, expectedVersion }` — overrides a key; `DELETE …/:key?expectedVersion=` —
 *   back to the shipped text; 404 an unknown key, 400 a text whose `{{parameters}}` differ from the
 *   shipped text's, 409 when someone changed the key since `expectedVersion` (with their text and
 *   version); the same text again changes nothing;
 * - `GET …/export?format=json|xliff` — the locale's texts in force, for translators (XLIFF 1.2, French
 *   source); `POST …/import` `{ format, content }` — such a file back: every changed key in one command,
 *   all or nothing (400 by key), keys whose text did not change left alone;
 * - `GET /api/i18n/:locale/:domain` (public) — the overrides in force, key → text, which the storefront
 *   and the back office apply on top of their dictionaries.
 */

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_TRANSLATION_LENGTH,
  type TranslationDomain,
  translationDomainSchema,
  translationKeySchema,
} from '../../domain/content/translations/translationOverrides.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/markets.ts';
import type { ShippedTexts, TranslationEdit, Translations } from '../../engine/content/translations.ts';
import type { OverrideRow, TranslationQueries } from '../../projections/content/translationQueries.ts';
import { requireStaff, staffActorOf } from '../plugins/staffGuard.ts';
import type { TranslationCache } from '../translationTexts.ts';
import type { StaffDirectory } from './funnelHistoryViews.ts';

export interface AdminTranslationsApiOptions {
  readonly translations: Translations;
  readonly queries: Pick<TranslationQueries, 'rows'>;
  readonly cache: TranslationCache;
  readonly shipped: ShippedTexts;
  readonly staff?: StaffDirectory;
}

export const TRANSLATION_STATUSES = ['overridden', 'missing', 'unused'] as const;
const REFERENCE: Locale = DEFAULT_LOCALE;

const dictionaryParams = z.object({ locale: z.enum(LOCALES), domain: translationDomainSchema });
const keyParams = dictionaryParams.extend({ key: translationKeySchema });
const version = z.coerce.number().int().min(0).max(1_000_000);

const entrySchema = z.object({
  key: z.string(),
  reference: z.string().nullable(),
  shipped: z.string().nullable(),
  text: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  status: z.enum(['shipped', ...TRANSLATION_STATUSES]),
});
type Entry = z.output<typeof entrySchema>;

const formatSchema = z.enum(['json', 'xliff']);

export const adminTranslationsApi: FastifyPluginAsyncZod<AdminTranslationsApiOptions> = async (
  app,
  options,
) => {
  // Checked before the input (preValidation): a visitor learns nothing about what a valid body is.
  const content = requireStaff('admin', 'content');

  const actorOf = (request: FastifyRequest): Actor => staffActorOf(request, 'content');

  const names = async (rows: readonly OverrideRow[]) => {
    const ids = [
      ...new Set(rows.map((r) => (r.updatedBy?.kind === 'staff' ? r.updatedBy.staffId : null))),
    ].filter((id): id is string => id !== null);
    const found = await Promise.all(
      ids.map(async (id) => [id, (await options.staff?.find(id))?.name ?? null] as const),
    );
    return new Map(found);
  };

  /** Every entry of the dictionary, and the overrides of keys it no longer has. */
  async function entriesOf(locale: Locale, domain: TranslationDomain): Promise<Entry[]> {
    const [reference, shipped, rows] = await Promise.all([
      options.shipped(REFERENCE, domain),
      options.shipped(locale, domain),
      options.queries.rows(locale, domain),
    ]);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const staffNames = await names(rows);
    const entry = (key: string): Entry => {
      const row = byKey.get(key);
      const inReference = Object.hasOwn(reference, key);
      const shippedText = Object.hasOwn(shipped, key) && shipped[key] !== '' ? shipped[key]! : null;
      const text = row?.text ?? null;
      const status = !inReference
        ? 'unused'
        : text !== null
          ? 'overridden'
          : shippedText === null
            ? 'missing'
            : 'shipped';
      const by = row?.updatedBy;
      return {
        key,
        reference: inReference ? reference[key]! : null,
        shipped: shippedText,
        text,
        version: row?.version ?? 0,
        updatedAt: row?.updatedAt ?? null,
        updatedBy: by?.kind === 'staff' ? (staffNames.get(by.staffId) ?? by.staffId) : null,
        status,
      };
    };
    const unused = rows.filter((r) => r.text !== null && !Object.hasOwn(reference, r.key)).map((r) => r.key);
    return [...Object.keys(reference), ...unused].map(entry);
  }

  const effective = (entry: Entry) => entry.text ?? entry.shipped ?? '';

  app.get(
    '/api/i18n/:locale/:domain',
    {
      schema: {
        params: dictionaryParams,
        response: { 200: z.record(z.string(), z.string()) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return options.cache.overrides(request.params.locale, request.params.domain);
    },
  );

  app.get(
    '/admin/api/translations/:locale/:domain',
    {
      preValidation: content,
      schema: {
        params: dictionaryParams,
        querystring: z.object({
          status: z.enum(TRANSLATION_STATUSES).optional(),
          q: z.string().trim().max(200).optional(),
        }),
        response: {
          200: z.object({
            locale: z.string(),
            domain: z.string(),
            reference: z.string(),
            counts: z.object({
              keys: z.number().int(),
              overridden: z.number().int(),
              missing: z.number().int(),
              unused: z.number().int(),
            }),
            entries: z.array(entrySchema),
          }),
        },
      },
    },
    async (request) => {
      const { locale, domain } = request.params;
      const all = await entriesOf(locale, domain);
      const count = (status: Entry['status']) => all.filter((e) => e.status === status).length;
      const q = request.query.q?.toLowerCase();
      const entries = all.filter(
        (e) =>
          (!request.query.status || e.status === request.query.status) &&
          (!q ||
            e.key.toLowerCase().includes(q) ||
            effective(e).toLowerCase().includes(q) ||
            (e.reference ?? '').toLowerCase().includes(q)),
      );
      return {
        locale,
        domain,
        reference: REFERENCE,
        counts: {
          keys: all.length - count('unused'),
          overridden: count('overridden'),
          missing: count('missing'),
          unused: count('unused'),
        },
        entries,
      };
    },
  );

  const answerFor = async (locale: Locale, domain: TranslationDomain, key: string) => {
    const found = (await entriesOf(locale, domain)).find((e) => e.key === key);
    if (!found) throw ValidationError.field('key', 'no such message');
    return found;
  };

  const change = async (
    request: FastifyRequest,
    params: z.output<typeof keyParams>,
    edit: TranslationEdit,
  ) => {
    const { locale, domain, key } = params;
    const result = await options.translations.change(locale, domain, [edit], actorOf(request));
    // The answer as the stream now stands (the read model may not have caught up yet).
    const entry = await answerFor(locale, domain, key);
    const changed = result.events.at(-1);
    const text =
      changed === undefined
        ? entry.text
        : changed.type === 'TranslationOverridden'
          ? changed.data.text
          : null;
    return {
      ...entry,
      text,
      version: result.versions[key] ?? entry.version,
      status:
        text !== null
          ? ('overridden' as const)
          : entry.shipped === null
            ? ('missing' as const)
            : ('shipped' as const),
    };
  };

  app.put(
    '/admin/api/translations/:locale/:domain/:key',
    {
      preValidation: content,
      schema: {
        params: keyParams,
        body: z.object({ text: z.string().max(MAX_TRANSLATION_LENGTH), expectedVersion: version }),
        response: { 200: entrySchema },
      },
    },
    async (request) =>
      change(request, request.params, {
        key: request.params.key,
        text: request.body.text,
        expectedVersion: request.body.expectedVersion,
      }),
  );

  app.delete(
    '/admin/api/translations/:locale/:domain/:key',
    {
      preValidation: content,
      schema: {
        params: keyParams,
        querystring: z.object({ expectedVersion: version }),
        response: { 200: entrySchema },
      },
    },
    async (request) =>
      change(request, request.params, {
        key: request.params.key,
        text: null,
        expectedVersion: request.query.expectedVersion,
      }),
  );

  app.get(
    '/admin/api/translations/:locale/:domain/export',
    {
      preValidation: content,
      schema: { params: dictionaryParams, querystring: z.object({ format: formatSchema.default('json') }) },
    },
    async (request, reply) => {
      const { locale, domain } = request.params;
      const entries = (await entriesOf(locale, domain)).filter((e) => e.status !== 'unused');
      const name = `translations-${locale}-${domain}`;
      if (request.query.format === 'json') {
        reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.json"`);
        return `${JSON.stringify(Object.fromEntries(entries.map((e) => [e.key, effective(e)])), null, 2)}\n`;
      }
      reply
        .type('application/xliff+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.xlf"`);
      return toXliff(await import('fast-xml-parser'), locale, domain, entries);
    },
  );

  app.post(
    '/admin/api/translations/:locale/:domain/import',
    {
      preValidation: content,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        params: dictionaryParams,
        body: z.object({
          format: formatSchema,
          content: z
            .string()
            .min(1)
            .max(3 * 1024 * 1024),
        }),
        response: {
          200: z.object({ changed: z.array(z.string()), unchanged: z.number().int() }),
        },
      },
    },
    async (request) => {
      const { locale, domain } = request.params;
      const texts =
        request.body.format === 'json'
          ? fromJson(request.body.content)
          : fromXliff(await import('fast-xml-parser'), request.body.content);
      const now = new Map((await entriesOf(locale, domain)).map((e) => [e.key, effective(e)]));
      const edits = Object.entries(texts)
        .filter(([key, text]) => now.get(key) !== text)
        .map(([key, text]) => ({ key, text }));
      if (edits.length > 0) await options.translations.change(locale, domain, edits, actorOf(request));
      return { changed: edits.map((e) => e.key), unchanged: Object.keys(texts).length - edits.length };
    },
  );
};

function fromJson(content: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw ValidationError.field('content', 'is not JSON');
  }
  const texts = z.record(z.string(), z.string()).safeParse(parsed);
  if (!texts.success) throw ValidationError.field('content', 'must be an object of key → text');
  return texts.data;
}

const xmlOptions = { ignoreAttributes: false, attributeNamePrefix: '@_', format: true } as const;

/** fast-xml-parser, loaded with the first XLIFF file. */
type Xml = typeof import('fast-xml-parser');

function toXliff(
  { XMLBuilder }: Xml,
  locale: Locale,
  domain: TranslationDomain,
  entries: readonly Entry[],
): string {
  const units = entries.map((e) => ({
    '@_id': e.key,
    source: e.reference ?? '',
    target: e.text ?? e.shipped ?? '',
  }));
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    xliff: {
      '@_version': '1.2',
      '@_xmlns': 'urn:oasis:names:tc:xliff:document:1.2',
      file: {
        '@_original': domain,
        '@_source-language': REFERENCE,
        '@_target-language': locale,
        '@_datatype': 'plaintext',
        body: { 'trans-unit': units },
      },
    },
  };
  return new XMLBuilder({ ...xmlOptions, suppressEmptyNode: false }).build(document) as string;
}

function fromXliff({ XMLParser }: Xml, content: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = new XMLParser({
      ...xmlOptions,
      parseTagValue: false,
      trimValues: false,
      processEntities: true,
      isArray: (name) => name === 'trans-unit',
    }).parse(content);
  } catch {
    throw ValidationError.field('content', 'is not XML');
  }
  const units = z
    .object({
      xliff: z.object({
        file: z.object({
          body: z.object({
            'trans-unit': z.array(
              z.object({ '@_id': z.string(), target: z.union([z.string(), z.number()]).optional() }),
            ),
          }),
        }),
      }),
    })
    .safeParse(parsed);
  if (!units.success) throw ValidationError.field('content', 'is not an XLIFF 1.2 file of trans-units');
  const texts: Record<string, string> = {};
  for (const unit of units.data.xliff.file.body['trans-unit']) {
    if (unit.target !== undefined) texts[unit['@_id']] = String(unit.target);
  }
  return texts;
}
