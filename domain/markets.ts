/**
 * The nine markets the site sells in (SPEC §1, §9). A locale is both the URL prefix (`/fr-BE/...`) and the
 * suffix of every route name (`car_detail.fr-BE`); everything country-specific hangs off it.
 */

/** Every locale, in the SPEC's order. */
export const LOCALES = ['at', 'de', 'es', 'fr', 'fr-BE', 'it', 'nl-BE', 'pl', 'pt'] as const;

/** One of the nine locales. */
export type Locale = (typeof LOCALES)[number];

/** The locale used when none is given (SPEC §1; also the default of the admin dealers export). */
export const DEFAULT_LOCALE: Locale = 'fr';

/** ISO 3166-1 alpha-2 country of a market; both Belgian locales sell in BE. */
export type CountryCode = 'AT' | 'BE' | 'DE' | 'ES' | 'FR' | 'IT' | 'PL' | 'PT';

/** ISO 4217 currency of a market's prices. */
export type Currency = 'EUR' | 'PLN';

/** What a market needs beyond its locale: where it sells, how Intl formats it, what it charges in. */
export interface Market {
  readonly locale: Locale;
  readonly country: CountryCode;
  /** BCP-47 tag for `Intl.NumberFormat`, `Intl.DateTimeFormat`, … (the locale itself is not always one). */
  readonly language: string;
  readonly currency: Currency;
  /** IANA time zone of the market's country: times shown to its buyers (a hold's end, a delivery date). */
  readonly timeZone: string;
}

/** The market of each locale. */
export const MARKETS: Readonly<Record<Locale, Market>> = {
  at: { locale: 'at', country: 'AT', language: 'de-AT', currency: 'EUR', timeZone: 'Europe/Vienna' },
  de: { locale: 'de', country: 'DE', language: 'de-DE', currency: 'EUR', timeZone: 'Europe/Berlin' },
  es: { locale: 'es', country: 'ES', language: 'es-ES', currency: 'EUR', timeZone: 'Europe/Madrid' },
  fr: { locale: 'fr', country: 'FR', language: 'fr-FR', currency: 'EUR', timeZone: 'Europe/Paris' },
  'fr-BE': {
    locale: 'fr-BE',
    country: 'BE',
    language: 'fr-BE',
    currency: 'EUR',
    timeZone: 'Europe/Brussels',
  },
  it: { locale: 'it', country: 'IT', language: 'it-IT', currency: 'EUR', timeZone: 'Europe/Rome' },
  'nl-BE': {
    locale: 'nl-BE',
    country: 'BE',
    language: 'nl-BE',
    currency: 'EUR',
    timeZone: 'Europe/Brussels',
  },
  pl: { locale: 'pl', country: 'PL', language: 'pl-PL', currency: 'PLN', timeZone: 'Europe/Warsaw' },
  pt: { locale: 'pt', country: 'PT', language: 'pt-PT', currency: 'EUR', timeZone: 'Europe/Lisbon' },
};

// A Set so that `isLocale` is exact (case-sensitive: `fr-be` is not a locale) and cheap.
const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES);

/** Whether a value is one of the nine locales, exactly as spelled in {@link LOCALES}. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && LOCALE_SET.has(value);
}

/** The market of a locale. */
export function marketOf(locale: Locale): Market {
  return MARKETS[locale];
}
