/**
 * The blog's seed (domain/content/README.md "The blog"): what shipped before staff could edit the blog,
 * made its first content items once (http/contentSeed.ts): three categories with a URL slug per locale,
 * eight articles with a stable slug, a category, a publication date and their text in every locale
 * (`blogTexts/`). Read by the seed only, so no page carries these words.
 */
import type { Locale } from '../markets.ts';
import type { BlogArticleSlug, BlogText } from './blogTexts/BlogText.ts';
import { BLOG_TEXTS } from './blogTexts/index.ts';

export type { BlogArticleSlug, BlogText } from './blogTexts/BlogText.ts';

/** The categories, in menu order. */
export const BLOG_CATEGORIES = ['advice', 'electric', 'maintenance'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

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
