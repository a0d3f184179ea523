/**
 * How each market names itself in the language switcher: country and language in their own words
 * (a German reader looks for "Deutschland", not "Allemagne"), so these are the same in every locale.
 */
import type { Locale } from '../../domain/markets.ts';

export const LOCALE_NAMES: Readonly<Record<Locale, { readonly country: string; readonly language: string }>> =
  {
    at: { country: 'Österreich', language: 'Deutsch' },
    de: { country: 'Deutschland', language: 'Deutsch' },
    es: { country: 'España', language: 'Español' },
    fr: { country: 'France', language: 'Français' },
    'fr-BE': { country: 'Belgique', language: 'Français' },
    it: { country: 'Italia', language: 'Italiano' },
    'nl-BE': { country: 'België', language: 'Nederlands' },
    pl: { country: 'Polska', language: 'Polski' },
    pt: { country: 'Portugal', language: 'Português' },
  };

/** "France · Français". */
export function localeName(locale: Locale): string {
  const { country, language } = LOCALE_NAMES[locale];
  return `${country} · ${language}`;
}
