/**
 * The content items' calls (http/routes/contentApi.ts), the lists' URL search (`?locale=`), and each
 * kind's form: its fields in order with their inputs (the shapes are domain/content/items/contentKinds.ts)
 * and the storefront page that shows it (for the preview).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContentAction } from '../../domain/content/items/contentItem.ts';
import { type ContentKind, FAQ_TOPICS } from '../../domain/content/items/contentKinds.ts';
import { LOCALES, type Locale } from '../../domain/markets.ts';
import { generateUrl, type RouteBaseName } from '../../domain/routes/index.ts';
import { AdminApiError, apiQuery, call, currentCsrfToken } from './adminApi.ts';
import type { AdminTranslator } from './adminTranslator.ts';

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
  /** An uploaded image's id (the blog's articles: views/BlogImageField.tsx). */
  | { readonly name: string; readonly input: 'image' }
  | { readonly name: string; readonly input: 'select'; readonly options: readonly string[] };

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
    { name: 'imageId', input: 'image' },
    { name: 'imageAlt', input: 'text' },
  ],
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
};

/** A kind's name in the staff member's words (the blog's kinds have their own messages: `blogAdmin`). */
export function kindLabel(t: AdminTranslator, kind: ContentKind): string {
  const words: Readonly<Record<string, string>> = {
    ...t.messages.contentItems.kinds,
    ...t.messages.blogAdmin.kinds,
  };
  return words[kind] ?? kind;
}

/** A field's label in the staff member's words (the blog's own fields: `blogAdmin.fields`). */
export function fieldLabel(t: AdminTranslator, name: string): string {
  const words: Readonly<Record<string, string>> = {
    ...t.messages.contentItems.fields,
    ...t.messages.blogAdmin.fields,
  };
  return words[name] ?? name;
}

/** The storefront page that shows a kind's items in `locale`, with an item's draft in it. */
export function previewUrl(kind: ContentKind, locale: Locale, id: string): string {
  const page = generateUrl(`${PREVIEW_PAGES[kind]}.${locale}`);
  return `${page}?preview=${encodeURIComponent(id)}`;
}

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

export const contentCommand = (
  id: string,
  action: 'save' | 'publish' | 'unpublish' | 'revert' | 'delete',
  body: Record<string, unknown> = {},
) => call<ContentDetail>('POST', `/admin/api/content/items/${encodeURIComponent(id)}/${action}`, body);

/** Uploads an article's image (multipart `file`): its `imageId` (http/routes/adminBlogImagesApi.ts). */
export async function uploadBlogImage(file: File): Promise<{ imageId: string }> {
  const path = '/admin/api/blog/images';
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(path, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-csrf-token': currentCsrfToken() },
  });
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new AdminApiError(response.status, path, body, response.statusText || 'refused');
  return body as { imageId: string };
}
