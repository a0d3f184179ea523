/**
 * The blog (SPEC `blog_list`, `blog_list_category`): a small editorial set kept as data until a CMS
 * exists. Three categories with a URL slug per locale, articles with a stable slug (their anchor on the
 * list pages), a category, a publication date and their text in every locale (`blogTexts/`). Pages of
 * {@link BLOG_PAGE_SIZE} articles, newest first. See README.md for why articles have no page of their own.
 */
import type { Locale } from '../markets.ts';
import type { BlogArticleSlug, BlogText } from './blogTexts/BlogText.ts';
import { BLOG_TEXTS } from './blogTexts/index.ts';

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
  /** Stable identifier, also the article's anchor on the list pages (`#used-car-checklist`). */
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

/** The category whose slug in `locale` is `slug`, if any. */
export function blogCategoryBySlug(locale: Locale, slug: string): BlogCategory | undefined {
  return BLOG_CATEGORIES.find((category) => BLOG_CATEGORY_SLUGS[category][locale] === slug);
}

/** An article's text in a locale. */
export function blogText(locale: Locale, slug: BlogArticleSlug): BlogText {
  const text = BLOG_TEXTS[locale][slug];
  if (!text) throw new Error(`blog article ${slug} has no text in ${locale}`);
  return text;
}

/** One page of a list. */
export interface BlogPage {
  readonly articles: readonly BlogArticle[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

/**
 * Page `page` (from 1) of all articles or of one category's, or undefined when there is no such page
 * (page 0, beyond the last page; an empty category has its page 1, empty).
 */
export function blogPage(page: number, category?: BlogCategory): BlogPage | undefined {
  const all = category ? BLOG_ARTICLES.filter((a) => a.category === category) : BLOG_ARTICLES;
  const pages = Math.max(1, Math.ceil(all.length / BLOG_PAGE_SIZE));
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
  const start = (page - 1) * BLOG_PAGE_SIZE;
  return { articles: all.slice(start, start + BLOG_PAGE_SIZE), page, pages, total: all.length };
}

/** The date of the newest article (of a category), for sitemaps' `lastmod`. */
export function latestBlogDate(category?: BlogCategory): string | undefined {
  return BLOG_ARTICLES.find((a) => !category || a.category === category)?.published;
}
