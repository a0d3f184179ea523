import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isLocale, LOCALES, MARKETS, marketOf } from './markets.ts';

describe('markets', () => {
  it('has the nine SPEC locales, default fr', () => {
    expect(LOCALES).toEqual(['at', 'de', 'es', 'fr', 'fr-BE', 'it', 'nl-BE', 'pl', 'pt']);
    expect(DEFAULT_LOCALE).toBe('fr');
  });

  it('recognises exactly those locales', () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
    for (const value of ['en', 'fr-be', 'FR', 'nl', '', ' fr', 1, null, undefined])
      expect(isLocale(value)).toBe(false);
  });

  it('gives each market a canonical BCP-47 tag, a country and a currency (PLN in Poland, EUR elsewhere)', () => {
    for (const locale of LOCALES) {
      const market = marketOf(locale);
      expect(market.locale).toBe(locale);
      expect(Intl.getCanonicalLocales(market.language)).toEqual([market.language]);
      expect(market.currency).toBe(locale === 'pl' ? 'PLN' : 'EUR');
    }
    expect(MARKETS.at.language).toBe('de-AT');
    expect(MARKETS['nl-BE'].country).toBe('BE');
    expect(MARKETS['fr-BE'].country).toBe('BE');
  });
});
