/**
 * The blog (README.md "The blog"): what shipped before staff could edit it, now the seed of its content
 * items (three categories with a URL slug per locale, eight articles with their text in every locale,
 * `blogTexts/`), and the pure rules of the lists the storefront shows from the published items: the
 * articles of a published category, newest first, in pages of {@link BLOG_PAGE_SIZE}.
 */

import { type CarPhoto, PHOTO_FORMATS, PHOTO_WIDTHS, photoVariantKey } from '../catalogue/carPhotos.ts';
import type { Locale } from '../markets.ts';
import type { BlogArticleSlug, BlogText } from './blogTexts/BlogText.ts';
import { BLOG_TEXTS } from './blogTexts/index.ts';
import { BLOG_IMAGE_ID, type ContentFields } from './items/contentKinds.ts';

export type { BlogArticleSlug, BlogText } from './blogTexts/BlogText.ts';

/** The categories, in menu order. */
export const BLOG_CATEGORIES = ['advice', 'electric', 'maintenance'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Articles per list page. */
export const BLOG_PAGE_SIZE = 4;

/** Words per language: German (at, de), Spanish, French (fr, fr-BE), Italian, Dutch, Polish, Portuguese. */
const by = (de: string, es: string, fr: string, it: string, nl: string, pl: string, pt: string) =>
  ({ at: de, de, es, fr, 'fr-BE': fr, it, 'nl-BE': nl, pl, pt }) as const satisfies Record<Locale, string>;

/** A category's `categorySlug` in each locale (ASCII, as the route's slug rule wants). */
export const BLOG_CATEGORY_SLUGS: Readonly<Record<BlogCategory, Readonly<Record<Locale, string>>>> = {
  advice: by(
    'kaufberatung',
    'consejos-compra',
    'conseils-achat',
    'consigli-acquisto',
    'koopadvies',
    'porady-zakupowe',
    'conselhos-compra',
  ),
  electric: by(
    'elektro-hybrid',
    'electrico-hibrido',
    'electrique-hybride',
    'elettrico-ibrido',
    'elektrisch-hybride',
    'elektryczne-hybrydy',
    'eletrico-hibrido',
  ),
  maintenance: by(
    'wartung-pflege',
    'mantenimiento',
    'entretien',
    'manutenzione',
    'onderhoud',
    'serwis-eksploatacja',
    'manutencao',
  ),
};

/** An article's facts; its words are in `blogTexts/`, one file per language. */
export interface BlogArticle {
  /** Its URL slug in every locale (the seed's). */
  readonly slug: BlogArticleSlug;
  readonly category: BlogCategory;
  /** Publication date, `YYYY-MM-DD`. */
  readonly published: string;
}

/** Every article, newest first. */
export const BLOG_ARTICLES: readonly BlogArticle[] = [
  { slug: 'used-car-checklist', category: 'advice', published: '2026-08-27' },
  { slug: 'financing-loan-or-lease', category: 'advice', published: '2026-08-12' },
  { slug: 'ev-home-charging', category: 'electric', published: '2026-08-05' },
  { slug: 'trade-in-value', category: 'advice', published: '2026-07-22' },
  { slug: 'ev-winter-range', category: 'electric', published: '2026-06-30' },
  { slug: 'hybrid-or-plug-in', category: 'electric', published: '2026-05-19' },
  { slug: 'tyres-all-seasons', category: 'maintenance', published: '2026-03-24' },
  { slug: 'service-and-warranty', category: 'maintenance', published: '2026-02-17' },
];

/** An article's text in a locale (the seed's). */
export function blogText(locale: Locale, slug: BlogArticleSlug): BlogText {
  const text = BLOG_TEXTS[locale][slug];
  if (!text) throw new Error(`blog article ${slug} has no text in ${locale}`);
  return text;
}

// The blog as the storefront shows it: its published content items (kinds `blog_category`, `blog_article`).

/** A published category in one locale. */
export type BlogCategoryItem = ContentFields<'blog_category'> & { readonly id: string };
/** A published article in one locale. */
export type BlogArticleItem = ContentFields<'blog_article'> & { readonly id: string };

/** The categories in menu order (then by name). */
export function blogMenu(categories: readonly BlogCategoryItem[]): BlogCategoryItem[] {
  return [...categories].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/**
 * The articles the blog shows: those whose category is published in their locale (an article of an
 * unknown category has no URL), newest first (then by slug).
 */
export function blogArticlesShown(
  articles: readonly BlogArticleItem[],
  categories: readonly BlogCategoryItem[],
): BlogArticleItem[] {
  const keys = new Set(categories.map((c) => c.key));
  return articles
    .filter((a) => keys.has(a.category))
    .sort((a, b) => b.publishedOn.localeCompare(a.publishedOn) || a.slug.localeCompare(b.slug));
}

/** One page of a list. */
export interface BlogPage {
  readonly articles: readonly BlogArticleItem[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

/**
 * Page `page` (from 1) of `articles` (already filtered and ordered), or undefined when there is no such
 * page (page 0, beyond the last page; an empty list has its page 1, empty).
 */
export function blogPage(articles: readonly BlogArticleItem[], page: number): BlogPage | undefined {
  const pages = Math.max(1, Math.ceil(articles.length / BLOG_PAGE_SIZE));
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
  const start = (page - 1) * BLOG_PAGE_SIZE;
  return { articles: articles.slice(start, start + BLOG_PAGE_SIZE), page, pages, total: articles.length };
}

/** An article's paragraphs (blank lines part them in its body). */
export function blogParagraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * An article's image as the photo it was stored as (resized once like a car photo: engine/media/README.md),
 * from its `imageId` (`<photoId>-<width>x<height>`, the largest stored size): its widths are those of
 * `PHOTO_WIDTHS` it reaches, or its own when narrower than all. None for an empty or malformed id.
 */
export function blogImage(imageId: string): CarPhoto | undefined {
  if (!BLOG_IMAGE_ID.test(imageId)) return undefined;
  const [photoId = '', size = ''] = imageId.split('-');
  const [width, height] = size.split('x').map(Number) as [number, number];
  const fitting: number[] = PHOTO_WIDTHS.filter((w) => w <= width);
  const widths = fitting.length > 0 ? fitting : [width];
  return {
    photoId,
    width,
    height,
    variants: widths.flatMap((w) =>
      PHOTO_FORMATS.map((format) => ({
        width: w,
        height: Math.round((height * w) / width),
        format,
        key: photoVariantKey(photoId, w, format),
        bytes: 0,
      })),
    ),
  };
}

/** The `imageId` of a stored photo (what the upload answers). */
export const blogImageIdOf = (photo: Pick<CarPhoto, 'photoId' | 'width' | 'height'>) =>
  `${photo.photoId}-${photo.width}x${photo.height}`;
