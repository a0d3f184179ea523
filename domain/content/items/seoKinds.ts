/**
 * The SEO content kinds (domain/content/README.md "SEO content"): a brand-model page's text (`range`), a
 * facet list page's title, text and robots (`facet`), the promotions page's SEO text (`seo_promo`) and
 * the footer's links to facet pages (`link_facet`); the rules that need the item's locale (a facet path
 * is spelt in its language) and each kind's unique key.
 */
import { z } from 'zod';
import {
  type BrandModelLookup,
  type FacetFilters,
  facetSegments,
  parseFacetSegments,
} from '../../catalogue/facetSlugs.ts';
import { brandNamed, modelNamed } from '../../catalogue/reference/brandNames.ts';
import type { Condition } from '../../catalogue/vocabulary.ts';
import type { Locale } from '../../markets.ts';
import { matchUrl } from '../../routes/index.ts';
import { LIST_PATH, LIST_PATH_MAX, readFooterLinks } from './footerLinks.ts';
import { SLUG_PATTERN, slugField } from './slugify.ts';

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `at most ${max} characters`);

/** Brands and models as the catalogue's reference data knows them. */
export const REFERENCE_BRANDS: BrandModelLookup = {
  isBrand: (slug) => brandNamed(slug) !== undefined,
  isModel: (brand, slug) => modelNamed(brand, slug) !== undefined,
};

/** A list page's path (`/pl/kup/bmw/diesel`), without its query. */
const listPath = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(LIST_PATH_MAX)
  .regex(LIST_PATH, 'the path of a list page, such as /fr/acheter/bmw/diesel');

/** A list page's path read in `locale`: its condition and filters (canonical spelling), or why not. */
export function readFacetPath(
  path: string,
  locale: Locale,
): { condition: Condition; filters: FacetFilters; path: string } | { problem: string } {
  const match = matchUrl(path);
  if (!match || (match.route !== 'page_buy_index' && match.route !== 'page_buy_vn'))
    return { problem: 'not the path of a list of cars (/fr/acheter/…)' };
  if (match.locale !== locale) return { problem: `a path of this language's site (/${locale}/…)` };
  const segments = ['facet1', 'facet2', 'facet3', 'facet4']
    .map((key) => match.params[key])
    .filter((v): v is string => v !== undefined);
  const filters = segments.length === 0 ? {} : parseFacetSegments(locale, segments, REFERENCE_BRANDS);
  if (filters === null) return { problem: 'a facet of this path is unknown' };
  if (facetSegments(locale, filters).join('/') !== segments.join('/'))
    return { problem: `write the facets in the site's order: ${facetSegments(locale, filters).join('/')}` };
  return {
    condition: match.route === 'page_buy_vn' ? 'new' : 'used',
    filters,
    path: path.replace(/\/$/, ''),
  };
}

/**
 * A range's slug suggested from its title's slug: the longest model of the brand the title names
 * (`toyota-yaris-cross-hybryda` → `yaris-cross`); the title's slug itself when it names none.
 */
export function suggestRangeSlug(brand: string, titleSlug: string): string {
  const models = brandNamed(brand)?.models ?? [];
  const padded = `-${titleSlug}-`;
  const named = models
    .map((model) => model.slug)
    .filter((slug) => padded.includes(`-${slug}-`))
    .sort((a, b) => b.length - a.length);
  return named[0] ?? titleSlug;
}

export const INDEXABLE = ['yes', 'no'] as const;

export const SEO_FIELDS = {
  /** A brand-model page's text (`brand_model_detail`): its title and intro at the top, its body below the cars. */
  range: z
    .object({
      brand: z.string().trim().regex(SLUG_PATTERN, 'a brand slug such as "toyota"'),
      slug: slugField,
      title: text(120),
      intro: text(600),
      body: text(8000),
    })
    .refine((f) => brandNamed(f.brand) !== undefined, { message: 'an unknown brand', path: ['brand'] })
    .refine((f) => brandNamed(f.brand) === undefined || modelNamed(f.brand, f.slug) !== undefined, {
      message: 'not a model of this brand',
      path: ['slug'],
    }),
  /** A facet list page's words: its title and description (head), h1, intro; and whether engines index it. */
  facet: z.object({
    path: listPath,
    title: text(70),
    description: text(300),
    h1: text(120),
    intro: text(2000),
    indexable: z.enum(INDEXABLE),
  }),
  /** The promotions page's SEO text (one per locale), below the offers. */
  seo_promo: z.object({ title: text(120), body: text(4000) }),
  /** The footer's links to facet pages (one per locale): groups of `label | path` lines. */
  link_facet: z.object({
    links: z
      .string()
      .max(8000)
      .superRefine((value, context) => {
        const { groups, problems } = readFooterLinks(value);
        for (const problem of problems) context.addIssue({ code: 'custom', message: problem });
        if (problems.length === 0 && groups.length === 0)
          context.addIssue({ code: 'custom', message: 'is required' });
      }),
  }),
} as const;

export const SEO_TITLE_FIELDS = {
  range: 'title',
  facet: 'h1',
  seo_promo: 'title',
  link_facet: 'links',
} as const;

type Fields = Readonly<Record<string, unknown>>;

/**
 * The key two items of a kind and locale may not share (`of`), the field a clash is said on, and the
 * fields a key stands for (`fields`: to find its item).
 */
export const SEO_UNIQUE_KEYS: Readonly<
  Record<
    string,
    {
      readonly field: string;
      readonly of: (fields: Fields) => string;
      readonly fields: (key: string) => Record<string, string>;
    }
  >
> = {
  range: {
    field: 'slug',
    of: (f) => `${String(f.brand)}/${String(f.slug)}`,
    fields: (key) => ({ brand: key.split('/')[0] ?? '', slug: key.split('/').slice(1).join('/') }),
  },
  facet: { field: 'path', of: (f) => String(f.path).replace(/\/$/, ''), fields: (key) => ({ path: key }) },
};

/** The rules that need the item's locale: messages by field name. */
export const SEO_LOCALE_RULES: Readonly<
  Record<string, (fields: Fields, locale: Locale) => Record<string, string[]>>
> = {
  facet: (fields, locale): Record<string, string[]> => {
    const read = readFacetPath(String(fields.path), locale);
    return 'problem' in read ? { path: [read.problem] } : {};
  },
  link_facet: (fields, locale): Record<string, string[]> => {
    const problems: string[] = [];
    for (const group of readFooterLinks(String(fields.links)).groups)
      for (const link of group.links) {
        const read = readFacetPath(link.path, locale);
        if ('problem' in read) problems.push(`${link.path}: ${read.problem}`);
      }
    return problems.length ? { links: problems } : {};
  },
};
