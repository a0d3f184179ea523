/**
 * The kinds of content staff edit as items (domain/content/README.md "Content items") and each kind's
 * fields: one zod schema per kind, the only source of its shape (the editor's form, the decider's check,
 * the storefront's reading).
 */
import { z } from 'zod';
import type { Locale } from '../../markets.ts';
import { SEO_FIELDS, SEO_LOCALE_RULES, SEO_TITLE_FIELDS, SEO_UNIQUE_KEYS } from './seoKinds.ts';

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `at most ${max} characters`);
const order = z.coerce.number().int().min(0).max(9999);
/** A link on our site (`/fr/…`) or to another site over HTTPS. */
const link = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, 'a path of the site (/fr/…) or an https:// address');

/** An optional link: its address and label both given or both empty. */
const optionalLink = {
  linkUrl: z.union([z.literal(''), link]),
  linkLabel: z.string().trim().max(60),
};
const linkPair = {
  check: (item: { linkUrl: string; linkLabel: string }) => (item.linkUrl === '') === (item.linkLabel === ''),
  message: { message: 'a link and its label go together', path: ['linkLabel'] },
};

export const FAQ_TOPICS = ['booking', 'buying', 'delivery', 'financing', 'general'] as const;

export const CONTENT_FIELDS = {
  /** A question and its answer; the booking FAQ page shows the `booking` topic's, by `order`. */
  faq: z.object({
    topic: z.enum(FAQ_TOPICS),
    question: text(300),
    answer: text(4000),
    order,
  }),
  /** A banner of the home page, by `order`: a title, a line of text and a link. */
  homepage_banner: z.object({
    title: text(120),
    text: text(400),
    linkUrl: link,
    linkLabel: text(60),
    order,
  }),
  /**
   * A promotion written by staff, shown on the promotions page (`page_promo_list`) above the offers
   * computed from the stock, by `order`, until the end of `validUntil` (a date; empty: no end); the link
   * and its label go together (both empty: no link).
   */
  promo: z
    .object({
      title: text(120),
      text: text(1000),
      ...optionalLink,
      validUntil: z.union([z.literal(''), z.iso.date('a date (YYYY-MM-DD)')]),
      order,
    })
    .refine(linkPair.check, linkPair.message),
  /** The home page's hero (one per locale: SPEC's homepage editor); without it, the shipped words. */
  homepage: z.object({ heroTitle: text(120), heroText: text(400) }),
  /** The dealer locator's text (one per locale: SPEC's dealer-locator editor), below the dealers. */
  dealer_locator: z.object({ title: text(120), body: text(4000) }),
  /** The "sell your car" page's text and link (one per locale: SPEC's recovery text editor). */
  recovery_text: z
    .object({ title: text(120), body: text(4000), ...optionalLink })
    .refine(linkPair.check, linkPair.message),
  // The SEO kinds: ranges, facets, the SEO promo text, the footer's facet links (seoKinds.ts).
  ...SEO_FIELDS,
} as const;

/** The kinds with one item per locale (an editor, not a list): their item's id is fixed by kind and locale. */
export const SINGLETON_KINDS: ReadonlySet<ContentKind> = new Set([
  'homepage',
  'dealer_locator',
  'recovery_text',
  // SEO editors (seoKinds.ts)
  'seo_promo',
  'link_facet',
]);

/** The one item of a singleton kind in `locale` (`ct_dealerlocatorfrbe`). */
export const singletonId = (kind: ContentKind, locale: string) =>
  `ct_${kind.replaceAll('_', '')}${locale.replace('-', '').toLowerCase()}`;

export type ContentKind = keyof typeof CONTENT_FIELDS;
export const CONTENT_KINDS = Object.keys(CONTENT_FIELDS) as ContentKind[];
export const contentKindSchema = z.enum(CONTENT_KINDS as [ContentKind, ...ContentKind[]]);
export type ContentFields<K extends ContentKind = ContentKind> = z.output<(typeof CONTENT_FIELDS)[K]>;

/** The field an item's lists show as its title. */
export const TITLE_FIELD: Readonly<Record<ContentKind, string>> = {
  faq: 'question',
  homepage_banner: 'title',
  promo: 'title',
  homepage: 'heroTitle',
  dealer_locator: 'title',
  recovery_text: 'title',
  ...SEO_TITLE_FIELDS,
};

/**
 * The CMS core's unique key of an item's fields (domain/content/README.md "The CMS core"): for a kind
 * whose schema has a field named `slug`, the slug (ranges: brand and slug; facets: the page's path), and
 * the field a clash is said on; `null` for the kinds without one.
 */
export function uniqueKeyOf(
  kind: ContentKind,
  fields: Readonly<Record<string, unknown>>,
): { readonly key: string; readonly field: string } | null {
  const special = SEO_UNIQUE_KEYS[kind];
  if (special) return { key: special.of(fields), field: special.field };
  const schema = CONTENT_FIELDS[kind] as unknown as { shape?: Record<string, unknown> };
  if (schema.shape && 'slug' in schema.shape && typeof fields.slug === 'string')
    return { key: fields.slug, field: 'slug' };
  return null;
}

/** Whether a kind's items have a unique key (a `slug` field, or a key of their own). */
export function hasUniqueKey(kind: ContentKind): boolean {
  const schema = CONTENT_FIELDS[kind] as unknown as { shape?: Record<string, unknown> };
  return SEO_UNIQUE_KEYS[kind] !== undefined || (schema.shape !== undefined && 'slug' in schema.shape);
}

/** The fields a unique key stands for (`{ slug }`; a range's `{ brand, slug }`, a facet's `{ path }`). */
export function keyFieldsOf(kind: ContentKind, key: string): Record<string, string> {
  return SEO_UNIQUE_KEYS[kind]?.fields(key) ?? { slug: key };
}

/** A kind's rules that need the item's locale (a path spelt in its language): messages by field name. */
export function localeRules(
  kind: ContentKind,
  fields: Readonly<Record<string, unknown>>,
  locale: Locale,
): Record<string, string[]> {
  return SEO_LOCALE_RULES[kind]?.(fields, locale) ?? {};
}
