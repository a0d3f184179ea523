/**
 * Which locales sell in a country, for pages about one thing that exists in one market only (a car, a
 * dealer, a hub): their hreflang alternates are the locales of that country, never another market's.
 */
import { type CountryCode, LOCALES, type Locale, marketOf } from '../../domain/markets.ts';

/** The locales of a country, in the table's order (BE: fr-BE, nl-BE; FR: fr). */
export function localesOf(country: CountryCode): Locale[] {
  return LOCALES.filter((locale) => marketOf(locale).country === country);
}

/**
 * Where to send a visitor who opened `country`'s page under `from`: `from` itself if it sells there,
 * else the country's locale in the visitor's language if it has one (`/fr/…` for a Belgian car →
 * fr-BE; `/de/…` for an Austrian one → at), else the country's first locale.
 */
export function marketLocale(country: CountryCode, from: Locale): Locale {
  const locales = localesOf(country);
  if (locales.includes(from)) return from;
  const language = marketOf(from).language.slice(0, 2);
  return locales.find((locale) => marketOf(locale).language.startsWith(language)) ?? locales[0]!;
}
