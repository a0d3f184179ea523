/** The translations editor's calls (http/routes/adminTranslationsApi.ts) and its URL search (`?status=&q=`). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { TranslationDomain } from '../../domain/content/translations/translationOverrides.ts';
import type { Locale } from '../../domain/markets.ts';
import { apiQuery, call } from './adminApi.ts';

export const TRANSLATION_STATUS_VALUES = ['overridden', 'missing', 'unused'] as const;

/** The list's search params: a status, words; anything else (or a bad value) is dropped. */
export const translationSearch = z.object({
  status: z.enum(TRANSLATION_STATUS_VALUES).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
});
export type TranslationSearch = z.output<typeof translationSearch>;

export interface TranslationEntry {
  readonly key: string;
  readonly reference: string | null;
  readonly shipped: string | null;
  readonly text: string | null;
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
  readonly status: 'shipped' | (typeof TRANSLATION_STATUS_VALUES)[number];
}

export interface TranslationList {
  readonly locale: Locale;
  readonly domain: TranslationDomain;
  readonly reference: Locale;
  readonly counts: { keys: number; overridden: number; missing: number; unused: number };
  readonly entries: readonly TranslationEntry[];
}

const base = (locale: Locale, domain: TranslationDomain) =>
  `/admin/api/translations/${encodeURIComponent(locale)}/${encodeURIComponent(domain)}`;

export const translationListQuery = (locale: Locale, domain: TranslationDomain, search: TranslationSearch) =>
  queryOptions({
    queryKey: ['admin', 'translations', locale, domain, search],
    queryFn: () => call<TranslationList>('GET', `${base(locale, domain)}${apiQuery({ ...search })}`),
  });

/** One key's entry: the list searched by the key, the exact key kept. */
export const translationEntryQuery = (locale: Locale, domain: TranslationDomain, key: string) =>
  queryOptions({
    queryKey: ['admin', 'translations', locale, domain, 'key', key],
    queryFn: async () =>
      (await call<TranslationList>('GET', `${base(locale, domain)}${apiQuery({ q: key })}`)).entries.find(
        (entry) => entry.key === key,
      ) ?? null,
  });

export const saveTranslation = (
  locale: Locale,
  domain: TranslationDomain,
  key: string,
  text: string,
  expectedVersion: number,
) =>
  call<TranslationEntry>('PUT', `${base(locale, domain)}/${encodeURIComponent(key)}`, {
    text,
    expectedVersion,
  });

export const restoreTranslation = (
  locale: Locale,
  domain: TranslationDomain,
  key: string,
  expectedVersion: number,
) =>
  call<TranslationEntry>(
    'DELETE',
    `${base(locale, domain)}/${encodeURIComponent(key)}${apiQuery({ expectedVersion })}`,
  );

export const exportTranslationsUrl = (locale: Locale, domain: TranslationDomain, format: 'json' | 'xliff') =>
  `${base(locale, domain)}/export${apiQuery({ format })}`;

export const importTranslations = (
  locale: Locale,
  domain: TranslationDomain,
  format: 'json' | 'xliff',
  content: string,
) =>
  call<{ changed: string[]; unchanged: number }>('POST', `${base(locale, domain)}/import`, {
    format,
    content,
  });
