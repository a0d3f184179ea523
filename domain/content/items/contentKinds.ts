/**
 * The kinds of content staff edit as items (domain/content/README.md "Content items") and each kind's
 * fields: one zod schema per kind, the only source of its shape (the editor's form, the decider's check,
 * the storefront's reading).
 */
import { z } from 'zod';
import { SEGMENTS } from '../../routes/segments.ts';
import { BLOG_IMAGE_ID } from '../blogImageId.ts';

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

// The blog's kinds (domain/content/README.md "The blog").
/** A URL slug (SPEC §5: word characters or hyphens). Unique per kind and locale: the content core checks it. */
const slug = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'at most 100 characters')
  .regex(/^[\w-]+$/, 'word characters or hyphens only (a-z, 0-9, _, -)');
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
    /** An optional image above the text (empty: none), and what it shows (empty: decorative). */
    imageId: z
      .union([z.literal(''), z.string().regex(BLOG_IMAGE_ID, 'an uploaded image (choose a file)')])
      .default(''),
    imageAlt: z.string().trim().max(200, 'at most 200 characters').default(''),
  }),
} as const;

/** The kinds with one item per locale (an editor, not a list): their item's id is fixed by kind and locale. */
export const SINGLETON_KINDS: ReadonlySet<ContentKind> = new Set([
  'homepage',
  'dealer_locator',
  'recovery_text',
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
};
