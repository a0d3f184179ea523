/**
 * The content items' calls (http/routes/contentApi.ts), the lists' URL search (`?locale=`), and each
 * kind's form: its fields in order with their inputs (the shapes are domain/content/items/contentKinds.ts)
 * and the storefront page that shows it (for the preview).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContentAction } from '../../domain/content/items/contentItem.ts';
import { type ContentKind, FAQ_TOPICS } from '../../domain/content/items/contentKinds.ts';
import { INDEXABLE } from '../../domain/content/items/seoKinds.ts';
import { LOCALES, type Locale } from '../../domain/markets.ts';
import { generateUrl, type RouteBaseName } from '../../domain/routes/index.ts';
import { apiQuery, call } from './adminApi.ts';

export const contentListSearch = z.object({
  locale: z.enum(LOCALES).optional().catch(undefined),
});
export type ContentListSearch = z.output<typeof contentListSearch>;

export type ContentStatus = 'draft' | 'published' | 'scheduled' | 'changed';

export interface ContentListItem {
  readonly id: string;
  readonly kind: ContentKind;
  readonly locale: Locale;
  readonly title: string;
  readonly latestVersion: number;
  readonly publishedVersion: number | null;
  readonly publishedFrom: string | null;
  readonly status: ContentStatus;
  readonly updatedAt: string;
  readonly updatedBy: string | null;
}

export interface ContentVersion {
  readonly version: number;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly revertedFrom: number | null;
  readonly savedAt: string | null;
  readonly savedBy: string | null;
}

export interface ContentDetail {
  readonly id: string;
  readonly kind: ContentKind;
  readonly locale: Locale;
  readonly latestVersion: number;
  readonly published: { readonly version: number; readonly from: string } | null;
  readonly allowed: readonly ContentAction[];
  /** Newest first. */
  readonly versions: readonly ContentVersion[];
}

export type FieldInput =
  | { readonly name: string; readonly input: 'text' | 'textarea' | 'number' | 'date' }
  | {
      readonly name: string;
      readonly input: 'select';
      readonly options: readonly string[];
      /** Where the options' words are (`contentItems.topics` when absent). */
      readonly labels?: 'seo.yesNo';
    };

/** Each kind's form, its fields in order. */
export const CONTENT_FORMS: Readonly<Record<ContentKind, readonly FieldInput[]>> = {
  faq: [
    { name: 'topic', input: 'select', options: FAQ_TOPICS },
    { name: 'question', input: 'text' },
    { name: 'answer', input: 'textarea' },
    { name: 'order', input: 'number' },
  ],
  homepage_banner: [
    { name: 'title', input: 'text' },
    { name: 'text', input: 'textarea' },
    { name: 'linkUrl', input: 'text' },
    { name: 'linkLabel', input: 'text' },
    { name: 'order', input: 'number' },
  ],
  promo: [
    { name: 'title', input: 'text' },
    { name: 'text', input: 'textarea' },
    { name: 'linkUrl', input: 'text' },
    { name: 'linkLabel', input: 'text' },
    { name: 'validUntil', input: 'date' },
    { name: 'order', input: 'number' },
  ],
  homepage: [
    { name: 'heroTitle', input: 'text' },
    { name: 'heroText', input: 'textarea' },
  ],
  dealer_locator: [
    { name: 'title', input: 'text' },
    { name: 'body', input: 'textarea' },
  ],
  recovery_text: [
    { name: 'title', input: 'text' },
    { name: 'body', input: 'textarea' },
    { name: 'linkUrl', input: 'text' },
    { name: 'linkLabel', input: 'text' },
  ],
  // The SEO kinds (domain/content/items/seoKinds.ts)
  range: [
    { name: 'title', input: 'text' },
    { name: 'brand', input: 'text' },
    { name: 'slug', input: 'text' },
    { name: 'intro', input: 'textarea' },
    { name: 'body', input: 'textarea' },
  ],
  facet: [
    { name: 'path', input: 'text' },
    { name: 'title', input: 'text' },
    { name: 'description', input: 'textarea' },
    { name: 'h1', input: 'text' },
    { name: 'intro', input: 'textarea' },
    { name: 'indexable', input: 'select', options: INDEXABLE, labels: 'seo.yesNo' },
  ],
  seo_promo: [
    { name: 'title', input: 'text' },
    { name: 'body', input: 'textarea' },
  ],
  link_facet: [{ name: 'links', input: 'textarea' }],
};

const PREVIEW_PAGES: Readonly<Record<ContentKind, RouteBaseName>> = {
  faq: 'car_booking_faq',
  homepage_banner: 'front_pages_index',
  promo: 'page_promo_list',
  homepage: 'front_pages_index',
  dealer_locator: 'dealers_locator_index',
  recovery_text: 'page_recovery_index',
  // The SEO kinds: a range's and a facet's page depend on their fields (below).
  range: 'brand_model_detail',
  facet: 'page_buy_index',
  seo_promo: 'page_promo_list',
  link_facet: 'page_buy_index',
};

/** The page an item's fields name (a range's brand-model page, a facet's list page), if any. */
function pageOf(kind: ContentKind, locale: Locale, fields: Readonly<Record<string, unknown>>) {
  if (kind === 'facet' && typeof fields.path === 'string') return fields.path;
  if (kind === 'range' && typeof fields.brand === 'string' && typeof fields.slug === 'string') {
    try {
      return generateUrl(`brand_model_detail.${locale}`, { brand: fields.brand, slug: fields.slug });
    } catch {
      return undefined;
    }
  }
  return kind === 'range'
    ? generateUrl(`brand_list.${locale}`)
    : generateUrl(`${PREVIEW_PAGES[kind]}.${locale}`);
}

/** The storefront page that shows a kind's items in `locale`, with an item's draft (`fields`) in it. */
export function previewUrl(
  kind: ContentKind,
  locale: Locale,
  id: string,
  fields: Readonly<Record<string, unknown>> = {},
): string {
  const page = pageOf(kind, locale, fields) ?? generateUrl(`brand_list.${locale}`);
  return `${page}?preview=${encodeURIComponent(id)}`;
}

export const contentListQuery = (kind: ContentKind, search: ContentListSearch) =>
  queryOptions({
    queryKey: ['admin', 'content', kind, search],
    queryFn: () =>
      call<{ items: ContentListItem[] }>('GET', `/admin/api/content/${kind}${apiQuery({ ...search })}`),
  });

export const contentItemQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'content', 'item', id],
    queryFn: () => call<ContentDetail>('GET', `/admin/api/content/items/${encodeURIComponent(id)}`),
  });

export const createContent = (
  kind: ContentKind,
  locale: Locale,
  fields: Record<string, unknown>,
  key: string,
) =>
  call<{ id: string }>('POST', `/admin/api/content/${kind}`, { locale, fields }, { 'idempotency-key': key });

/** SPEC "CMS slugify": the text as a slug in the locale's spelling. */
export const slugifyText = (text: string, locale: Locale) =>
  call<{ slug: string }>('GET', `/admin/api/content/slugify${apiQuery({ text, locale })}`);

/** SPEC "form validation (id, step)": the kind's rules on `fields` (one field: `step`), nothing saved. */
export const validateContent = (
  kind: ContentKind,
  body: { locale: Locale; fields: Record<string, unknown>; id?: string; step?: string },
) => call<{ valid: true }>('POST', `/admin/api/content/${kind}/validate`, body);

export interface RangeCheck {
  readonly brand: { readonly known: boolean; readonly name: string | null };
  readonly model: { readonly known: boolean; readonly name: string | null };
  readonly page: string | null;
  readonly cars: { readonly used: number | null; readonly new: number | null } | null;
  readonly item: { readonly id: string; readonly title: string } | null;
}
/** SPEC "range landing check": the brand-model page and its cars. */
export const rangeLandingCheck = (locale: Locale, brand: string, slug: string) =>
  call<RangeCheck>('GET', `/admin/api/content/range/landing-check${apiQuery({ locale, brand, slug })}`);

export interface FacetCheck {
  readonly valid: boolean;
  readonly problem: string | null;
  readonly path: string | null;
  readonly cars: number | null;
  readonly item: { readonly id: string; readonly title: string } | null;
}
/** SPEC "facet check": whether the path is a list page and how many cars it shows. */
export const facetCheck = (locale: Locale, path: string) =>
  call<FacetCheck>('GET', `/admin/api/content/facet/check${apiQuery({ locale, path })}`);

export const contentCommand = (
  id: string,
  action: 'save' | 'publish' | 'unpublish' | 'revert' | 'delete',
  body: Record<string, unknown> = {},
) => call<ContentDetail>('POST', `/admin/api/content/items/${encodeURIComponent(id)}/${action}`, body);
