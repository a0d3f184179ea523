/**
 * Language-switch pages (SPEC `language_switch_page (id)`): a page that lets a visitor pick the site of
 * their country in their language. They are content items staff manage (`admin_language_switch_page_list`);
 * these three are what a new site is seeded with (http/contentSeed.ts). See README.md.
 */
import { LOCALES, type Locale } from '../markets.ts';

/** What a page offers, named for its heading. */
export type LanguageSwitchGroup = 'belgium' | 'germanSpeaking' | 'all';

export interface LanguageSwitchPage {
  /** The route's `id` parameter (digits). */
  readonly id: string;
  readonly group: LanguageSwitchGroup;
  /** The sites offered, in the order shown. */
  readonly locales: readonly Locale[];
}

export const LANGUAGE_SWITCH_PAGES: readonly LanguageSwitchPage[] = [
  // Belgium: one country, two languages (the usual splash page of a Belgian site).
  { id: '1', group: 'belgium', locales: ['fr-BE', 'nl-BE'] },
  // German readers: two countries with their own stock, prices and taxes.
  { id: '2', group: 'germanSpeaking', locales: ['de', 'at'] },
  // The international entry: every market.
  { id: '3', group: 'all', locales: LOCALES },
];

/** The page with this id, if any. */
export function findLanguageSwitchPage(id: string): LanguageSwitchPage | undefined {
  return LANGUAGE_SWITCH_PAGES.find((page) => page.id === id);
}
