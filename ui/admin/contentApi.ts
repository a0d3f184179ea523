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
import type { AdminKey, AdminTranslator } from './adminTranslator.ts';

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

/**
 * A field's input: plain ones, a choice of topics, (landing pages, banners, promotions, blog articles)
 * a picture or a PDF uploaded at once (its answer kept in the form as JSON), a dealer looked up by name
 * or id, the sites offered (locales, in order).
 * `label` names the field's words when they are not the field's name in the kinds' field words.
 */
export type FieldInput = { readonly label?: AdminKey } & (
  | {
      readonly name: string;
      readonly input: 'text' | 'textarea' | 'number' | 'date' | 'image' | 'pdf' | 'dealer' | 'locales';
    }
  | {
      readonly name: string;
      readonly input: 'select';
      readonly options: readonly string[];
      /** Where the options' words are (`contentItems.topics` when absent). */
      readonly labels?: 'seo.yesNo';
    }
);

const image = (name: string): FieldInput => ({
  name,
  input: 'image',
  label: `landing.fields.${name}` as AdminKey,
});

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
    image('image'),
  ],
  promo: [
    { name: 'title', input: 'text' },
    { name: 'text', input: 'textarea' },
    { name: 'linkUrl', input: 'text' },
    { name: 'linkLabel', input: 'text' },
    { name: 'validUntil', input: 'date' },
    { name: 'order', input: 'number' },
    image('image'),
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
  blog_category: [
    { name: 'key', input: 'text' },
    { name: 'slug', input: 'text' },
    { name: 'name', input: 'text' },
    { name: 'intro', input: 'textarea' },
    { name: 'order', input: 'number' },
  ],
  blog_article: [
    { name: 'title', input: 'text' },
    { name: 'slug', input: 'text' },
    { name: 'category', input: 'text' },
    { name: 'publishedOn', input: 'date' },
    { name: 'summary', input: 'textarea' },
    { name: 'body', input: 'textarea' },
    image('image'),
    { name: 'imageAlt', input: 'text' },
  ],
  landing_page: [
    { name: 'slug', input: 'text', label: 'landing.fields.slug' },
    { name: 'title', input: 'text' },
    { name: 'intro', input: 'textarea', label: 'landing.fields.intro' },
    { name: 'body', input: 'textarea' },
    { name: 'dealerId', input: 'dealer', label: 'landing.fields.dealerId' },
    { name: 'brand', input: 'text', label: 'landing.fields.brand' },
    { name: 'pdf', input: 'pdf', label: 'landing.fields.pdf' },
    image('heroImage'),
  ],
  language_switch_page: [
    { name: 'number', input: 'number', label: 'landing.fields.number' },
    { name: 'title', input: 'text', label: 'landing.fields.heading' },
    { name: 'locales', input: 'locales', label: 'landing.fields.locales' },
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
  // The blog's list with an article's draft goes on to the article's page (ui/pages/blogListPage.tsx).
  blog_category: 'blog_list',
  blog_article: 'blog_list',
  landing_page: 'landing_page',
  language_switch_page: 'language_switch_page',
  // The SEO kinds: a range's and a facet's page depend on their fields (below).
  range: 'brand_model_detail',
  facet: 'page_buy_index',
  seo_promo: 'page_promo_list',
  link_facet: 'page_buy_index',
};

/**
 * The page showing an item with its draft's fields: a landing page's at its slug, a language-switch
 * page's at its number, a range's brand-model page, a facet's list page; else the kind's page.
 */
function pageOf(
  kind: ContentKind,
  locale: Locale,
  fields: Readonly<Record<string, unknown>>,
): string | undefined {
  if (kind === 'facet') return typeof fields.path === 'string' ? fields.path : undefined;
  const params: Record<string, string> | undefined =
    kind === 'landing_page'
      ? { slug: String(fields.slug ?? '') }
      : kind === 'language_switch_page'
        ? { id: String(fields.number ?? '') }
        : kind === 'range'
          ? { brand: String(fields.brand ?? ''), slug: String(fields.slug ?? '') }
          : undefined;
  if (!params) return undefined;
  try {
    return generateUrl(`${PREVIEW_PAGES[kind]}.${locale}`, params);
  } catch {
    // A draft whose address is not valid yet: the kind's list of pages.
    return kind === 'range'
      ? generateUrl(`brand_list.${locale}`)
      : generateUrl(`front_pages_index.${locale}`);
  }
}

/** The storefront page that shows a kind's items in `locale`, with an item's draft (`fields`) in it. */
export function previewUrl(
  kind: ContentKind,
  locale: Locale,
  id: string,
  fields: Readonly<Record<string, unknown>> = {},
): string {
  const page = pageOf(kind, locale, fields) ?? generateUrl(`${PREVIEW_PAGES[kind]}.${locale}`);
  return `${page}?preview=${encodeURIComponent(id)}`;
}

/** A kind's name in the staff member's words (the blog's kinds in `blogAdmin`, the landing pages' in `landing`). */
export function kindLabel(t: AdminTranslator, kind: ContentKind): string {
  const words: Readonly<Record<string, string>> = {
    ...t.messages.contentItems.kinds,
    ...t.messages.blogAdmin.kinds,
    ...t.messages.landing.kinds,
  };
  return words[kind] ?? kind;
}

/** A field's label in the staff member's words: its own `label`, else its name's in the kinds' field words. */
export function fieldLabel(t: AdminTranslator, field: FieldInput): string {
  if (field.label) return t.t(field.label);
  const words: Readonly<Record<string, string>> = {
    ...t.messages.contentItems.fields,
    ...t.messages.blogAdmin.fields,
  };
  return words[field.name] ?? field.name;
}

/** The leads sent from a landing page (`GET /admin/api/content/items/:id/leads`). */
export const landingLeadsQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'content', 'leads', id],
    queryFn: () => call<{ count: number }>('GET', `/admin/api/content/items/${encodeURIComponent(id)}/leads`),
  });

/** A new version of a landing page without its brochure. */
export const removeLandingPdf = (id: string, expectedVersion: number) =>
  call<{ latestVersion: number }>('POST', `/admin/api/content/items/${encodeURIComponent(id)}/remove-pdf`, {
    expectedVersion,
  });

/** Dealers whose name, city or id matches `q` (the back office's dealer lookup). */
export const dealerLookup = (q: string) =>
  call<{ items: { dealerId: string; name: string; city: string; country: string }[] }>(
    'GET',
    `/admin/api/dealers${apiQuery({ q, limit: 10 })}`,
  );

export const contentListQuery = (kind: ContentKind, search: ContentListSearch) =>
  queryOptions({
    queryKey: ['admin', 'content', kind, search],
    queryFn: () =>
      call<{ items: ContentListItem[] }>('GET', `/admin/api/content/${kind}${apiQuery({ ...search })}`),
  });

/** The visitors' ratings of the blog's articles, by article id (http/routes/blogRatingCalls.ts). */
export const blogRatingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'blog', 'ratings'],
    queryFn: () =>
      call<{ ratings: Record<string, { average: number; count: number }> }>('GET', '/admin/api/blog/ratings'),
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
