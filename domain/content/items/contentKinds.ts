/**
 * The kinds of content staff edit as items (domain/content/README.md "Content items") and each kind's
 * fields: one zod schema per kind, the only source of its shape (the editor's form, the decider's check,
 * the storefront's reading).
 */
import { z } from 'zod';
import { carPhotoSchema } from '../../catalogue/carPhotoSchema.ts';
import { brandBySlug } from '../../catalogue/reference/brands.ts';
import { LOCALES, type Locale } from '../../markets.ts';
import { SEGMENTS } from '../../routes/segments.ts';
import { SEO_FIELDS, SEO_LOCALE_RULES, SEO_TITLE_FIELDS, SEO_UNIQUE_KEYS } from './seoKinds.ts';
import { slugField } from './slugify.ts';

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

// --- Landing pages, language-switch pages, content images and files (README "Content items") ---

/** A picture staff uploaded (resized once by engine/media: its sizes and formats), or none (''). */
export const contentImageSchema = carPhotoSchema.omit({ sourceUrl: true });
export type ContentImage = z.output<typeof contentImageSchema>;
const optionalImage = z.union([z.literal(''), contentImageSchema]);

/** The largest PDF a landing page may offer (engine/media/contentMedia.ts refuses bigger ones). */
export const CONTENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** A file staff uploaded (a landing page's brochure, PDF): its id (content hash), name shown and size. */
export const contentFileSchema = z.object({
  fileId: z.string().regex(/^[a-f0-9]{16}$/, '16 hex digits'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[^\\/<>:"|?*\p{Cc}]+$/u, 'a file name'),
  bytes: z.number().int().positive().max(CONTENT_FILE_MAX_BYTES),
});
export type ContentFile = z.output<typeof contentFileSchema>;

/**
 * A page's address part (a landing page's, a blog article's or category's): unique per kind and locale,
 * the content core checks it (slugify.ts, README "The CMS core").
 */
const slug = slugField;

const landingPage = z.object({
  /** The page's address in its locale (`/fr/decouvrir/<slug>`). */
  slug,
  title: text(120),
  intro: text(400),
  body: text(8000),
  /** A dealer id: the page shows that dealer and its form's leads go to it; empty: the nearest dealer. */
  dealerId: z.union([z.literal(''), z.string().regex(/^\d{1,12}$/, 'a dealer id (digits)')]),
  /** A catalogue brand (slug): the page lists that brand's cars in stock; empty: none. */
  brand: z.union([
    z.literal(''),
    z.string().refine((value) => brandBySlug(value) !== undefined, 'a brand of the catalogue'),
  ]),
  /** A brochure (PDF) to download; empty: none. */
  pdf: z.union([z.literal(''), contentFileSchema]),
  heroImage: optionalImage,
});

/** A language-switch page's number: the route's `id` (`/fr/langue/2`), fixed at creation. */
const switchNumber = z.coerce.number().int().min(1, 'at least 1').max(999_999, 'at most 999999');
const languageSwitchPage = z.object({
  number: switchNumber,
  /** The heading above the sites offered. */
  title: text(120),
  /** The sites offered, in the order shown (each once). */
  locales: z
    .array(z.enum(LOCALES))
    .min(1, 'at least one site')
    .refine((all) => new Set(all).size === all.length, 'each site once'),
});

/** A kind whose field never changes after creation (it is the item's address: its id is made from it). */
export const FIXED_FIELD: Partial<Readonly<Record<string, string>>> = { language_switch_page: 'number' };

/** The item of language-switch page `number` in `locale` (`ct_langswitch2frbe`): one per number and locale. */
export const languageSwitchId = (number: number, locale: string) =>
  `ct_langswitch${number}${locale.replace('-', '').toLowerCase()}`;

// --- end of landing pages' block ---
// The blog's kinds (domain/content/README.md "The blog").
/** A blog category's key: the same in every language (articles name their category by it). */
const blogCategoryKey = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and hyphens (at most 40)');
/**
 * Words a category slug may not be: the `category` segment of any language (`/fr/blog/categorie/x`
 * is a category's list, so a category named so would hide its articles) and the rating call's word.
 */
const RESERVED_CATEGORY_SLUGS: ReadonlySet<string> = new Set([
  ...Object.values(SEGMENTS.category),
  'saveContentNote',
]);
/** Paragraphs: blank lines part them (the seed's lists of paragraphs are joined so). */
const paragraphs = z.preprocess((value) => (Array.isArray(value) ? value.join('\n\n') : value), text(20_000));

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
    /** A picture beside the banner (decorative: the title says what it is about); absent or '': none. */
    image: optionalImage.default(''),
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
      /** A picture beside the promotion (decorative); absent or '': none. */
      image: optionalImage.default(''),
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
  /** A blog category in one language: its key (shared by the languages), URL slug, name, intro, menu order. */
  blog_category: z.object({
    key: blogCategoryKey,
    slug: slug.refine((value) => !RESERVED_CATEGORY_SLUGS.has(value), 'this word is reserved by the site'),
    name: text(80),
    intro: z.string().trim().max(300, 'at most 300 characters').default(''),
    order,
  }),
  /**
   * A blog article in one language: its URL slug, its category's key, title, summary, body (paragraphs),
   * publication date (the lists show the newest first), an optional image and its text.
   */
  blog_article: z.object({
    slug,
    category: blogCategoryKey,
    title: text(160),
    summary: text(400),
    body: paragraphs,
    publishedOn: z.iso.date('a date (YYYY-MM-DD)'),
    /**
     * A picture above the text (absent or '': none), and what it shows (empty: decorative). Versions
     * saved before articles used the content pictures carry an `imageId` instead: it is dropped like
     * any unknown field (their picture is not shown; staff upload it again).
     */
    image: optionalImage.default(''),
    imageAlt: z.string().trim().max(200, 'at most 200 characters').default(''),
  }),
  /** A landing page (`admin_landing_page_list`), at `landing_page (slug)` with its lead form. */
  landing_page: landingPage,
  /** A language-switch page (`admin_language_switch_page_list`), at `language_switch_page (id)`. */
  language_switch_page: languageSwitchPage,
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
  blog_category: 'name',
  blog_article: 'title',
  landing_page: 'title',
  language_switch_page: 'title',
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
