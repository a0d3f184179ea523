/**
 * The content a new site starts with (domain/content/README.md "Content items"): what shipped as words
 * before staff could edit it becomes published items, once: the booking FAQ's four questions and a
 * home-page banner per locale, from the storefront's dictionaries, and the blog's categories and
 * articles in every locale (domain/content/blogSeed.ts), and the three language-switch pages. Ids are fixed, so a second start (or two instances
 * at once) finds them and changes nothing;  a site seeded before the blog or those pages joined gets them once.
 */
import { BLOG_ARTICLES, BLOG_CATEGORIES, BLOG_CATEGORY_SLUGS, blogText } from '../domain/content/blogSeed.ts';
import { type ContentKind, languageSwitchId } from '../domain/content/items/contentKinds.ts';
import { LANGUAGE_SWITCH_PAGES } from '../domain/content/languageSwitchPages.ts';
import { LOCALES, type Locale } from '../domain/markets.ts';
import { generateUrl, routeName } from '../domain/routes/index.ts';
import type { ContentItems } from '../engine/content/contentItems.ts';
import { loadDictionary } from '../ui/i18n/dictionaries.ts';

const SEEDED_FROM = '2020-01-01T00:00:00.000Z';
const SYSTEM = { kind: 'system', name: 'content-seed' } as const;
const idOf = (what: string, locale: Locale) => `ct_seed${what}${locale.replace('-', '').toLowerCase()}`;

interface Seed {
  readonly id: string;
  readonly kind: ContentKind;
  readonly fields: Record<string, unknown>;
}

/** Creates and publishes the seed items that do not exist yet. */
export async function seedContent(items: ContentItems): Promise<number> {
  return (await seedShippedWords(items)) + (await seedBlog(items)) + (await seedLanguageSwitchPages(items));
}

/** Creates and publishes `seeds` in `locale`: how many were new. */
async function plant(items: ContentItems, locale: Locale, seeds: readonly Seed[]): Promise<number> {
  let made = 0;
  for (const seed of seeds) {
    const { events } = await items.run(
      seed.id,
      { type: 'create', id: seed.id, kind: seed.kind, locale, fields: seed.fields },
      SYSTEM,
    );
    await items.run(seed.id, { type: 'publish', version: 1, from: SEEDED_FROM }, SYSTEM);
    if (events.length > 0) made += 1;
  }
  return made;
}

/** The blog's shipped categories and articles, in every locale (`ct_seedblog…`). */
async function seedBlog(items: ContentItems): Promise<number> {
  const blogId = (what: string, locale: Locale) => idOf(`blog${what.replaceAll('-', '')}`, locale);
  if ((await items.read(blogId(BLOG_ARTICLES[0]!.slug, LOCALES[0]))).id !== null) return 0;
  let made = 0;
  for (const locale of LOCALES) {
    const words = await loadDictionary(locale);
    const seeds: Seed[] = BLOG_CATEGORIES.map((key, i) => ({
      id: blogId(`cat${key}`, locale),
      kind: 'blog_category',
      fields: {
        key,
        slug: BLOG_CATEGORY_SLUGS[key][locale],
        name: words.blog.category[key],
        intro: words.blog.categoryIntro[key],
        order: i + 1,
      },
    }));
    for (const article of BLOG_ARTICLES) {
      const text = blogText(locale, article.slug);
      seeds.push({
        id: blogId(article.slug, locale),
        kind: 'blog_article',
        fields: {
          slug: article.slug,
          category: article.category,
          title: text.title,
          summary: text.summary,
          body: text.body,
          publishedOn: article.published,
        },
      });
    }
    made += await plant(items, locale, seeds);
  }
  return made;
}

/**
 * The language-switch pages that were fixed data (domain/content/languageSwitchPages.ts), numbers 1 to 3,
 * in every locale, headed by the group's name in that locale's words (their own sentinel: a site seeded
 * before they were content gets them once too).
 */
async function seedLanguageSwitchPages(items: ContentItems): Promise<number> {
  if ((await items.read(languageSwitchId(1, LOCALES[0]))).id !== null) return 0;
  let made = 0;
  for (const locale of LOCALES) {
    const words = await loadDictionary(locale);
    const seeds = LANGUAGE_SWITCH_PAGES.map(
      (page): Seed => ({
        id: languageSwitchId(Number(page.id), locale),
        kind: 'language_switch_page',
        fields: {
          number: Number(page.id),
          title: words.languageSwitch.group[page.group],
          locales: [...page.locales],
        },
      }),
    );
    made += await plant(items, locale, seeds);
  }
  return made;
}

/** The booking FAQ's questions and a banner per locale. */
async function seedShippedWords(items: ContentItems): Promise<number> {
  const first = await items.read(idOf('faqbooking1', LOCALES[0]));
  if (first.id !== null) return 0;
  let made = 0;
  for (const locale of LOCALES) {
    const words = await loadDictionary(locale);
    const faq = words.faq as unknown as Record<string, string>;
    const seeds: Seed[] = [1, 2, 3, 4].map((n) => ({
      id: idOf(`faqbooking${n}`, locale),
      kind: 'faq',
      fields: { topic: 'booking', question: faq[`q${n}`], answer: faq[`a${n}`], order: n },
    }));
    seeds.push({
      id: idOf('banner1', locale),
      kind: 'homepage_banner' as const,
      fields: {
        title: faq.title,
        text: faq.intro,
        linkUrl: generateUrl(routeName('car_booking_faq', locale)),
        linkLabel: words.nav.bookFree,
        order: 1,
      },
    });
    made += await plant(items, locale, seeds);
  }
  return made;
}
