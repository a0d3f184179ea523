/**
 * The content a new site starts with (domain/content/README.md "Content items"): what shipped as words
 * or data before staff could edit it becomes published items, once: the booking FAQ's four questions and
 * a home-page banner per locale, from the storefront's dictionaries, and the three language-switch pages. Ids are fixed, so a second start
 * (or two instances at once) finds them and changes nothing.
 */
import { type ContentKind, languageSwitchId } from '../domain/content/items/contentKinds.ts';
import { LANGUAGE_SWITCH_PAGES } from '../domain/content/languageSwitchPages.ts';
import { LOCALES, type Locale } from '../domain/markets.ts';
import { generateUrl, routeName } from '../domain/routes/index.ts';
import type { ContentItems } from '../engine/content/contentItems.ts';
import { loadDictionary } from '../ui/i18n/dictionaries.ts';

const SEEDED_FROM = '2020-01-01T00:00:00.000Z';
const SYSTEM = { kind: 'system', name: 'content-seed' } as const;
const idOf = (what: string, locale: Locale) => `ct_seed${what}${locale.replace('-', '').toLowerCase()}`;

/** Creates and publishes the seed items that do not exist yet. */
export async function seedContent(items: ContentItems): Promise<number> {
  return (await seedFaqAndBanners(items)) + (await seedLanguageSwitchPages(items));
}

/** Creates and publishes `seed` (fixed id): 1 if it made it, 0 if it was there. */
async function seedOne(
  items: ContentItems,
  locale: Locale,
  seed: { id: string; kind: ContentKind; fields: Record<string, unknown> },
): Promise<number> {
  const { events } = await items.run(
    seed.id,
    { type: 'create', id: seed.id, kind: seed.kind, locale, fields: seed.fields },
    SYSTEM,
  );
  await items.run(seed.id, { type: 'publish', version: 1, from: SEEDED_FROM }, SYSTEM);
  return events.length > 0 ? 1 : 0;
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
    for (const page of LANGUAGE_SWITCH_PAGES) {
      const number = Number(page.id);
      made += await seedOne(items, locale, {
        id: languageSwitchId(number, locale),
        kind: 'language_switch_page',
        fields: { number, title: words.languageSwitch.group[page.group], locales: [...page.locales] },
      });
    }
  }
  return made;
}

async function seedFaqAndBanners(items: ContentItems): Promise<number> {
  const first = await items.read(idOf('faqbooking1', LOCALES[0]));
  if (first.id !== null) return 0;
  let made = 0;
  for (const locale of LOCALES) {
    const words = await loadDictionary(locale);
    const faq = words.faq as unknown as Record<string, string>;
    const seeds: { id: string; kind: ContentKind; fields: Record<string, unknown> }[] = [1, 2, 3, 4].map(
      (n) => ({
        id: idOf(`faqbooking${n}`, locale),
        kind: 'faq',
        fields: { topic: 'booking', question: faq[`q${n}`], answer: faq[`a${n}`], order: n },
      }),
    );
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
    for (const seed of seeds) made += await seedOne(items, locale, seed);
  }
  return made;
}
