/** The hreflang policy: a car, a dealer or a hub has alternates only in the locales of its country. */
import { describe, expect, it } from 'vitest';
import { matchUrl } from '../../domain/routes/index.ts';
import { alternatePaths, countryAlternates } from './alternatePaths.ts';
import { headTags } from './headTags.ts';
import { localesOf, marketLocale } from './marketLocales.ts';

const ORIGIN = 'https://www.example.com';
const hreflangs = (links: readonly Record<string, string>[]) =>
  links.filter((link) => link.rel === 'alternate').map((link) => link.hrefLang);

describe('market locales and hreflang', () => {
  it('gives each country its locales', () => {
    expect(localesOf('BE')).toEqual(['fr-BE', 'nl-BE']);
    expect(localesOf('FR')).toEqual(['fr']);
    expect(localesOf('AT')).toEqual(['at']);
    expect(localesOf('DE')).toEqual(['de']);
  });

  it('sends a visitor of another market to the country’s locale in their language, or its first', () => {
    expect(marketLocale('BE', 'nl-BE')).toBe('nl-BE');
    expect(marketLocale('BE', 'fr')).toBe('fr-BE');
    expect(marketLocale('BE', 'de')).toBe('fr-BE');
    expect(marketLocale('AT', 'de')).toBe('at');
    expect(marketLocale('DE', 'at')).toBe('de');
    expect(marketLocale('PL', 'fr')).toBe('pl');
  });

  it('given a Belgian car, then alternates in fr-BE and nl-BE only, and no x-default', () => {
    const match = matchUrl('/nl-BE/kopen/auto-12/bmw-x3')!;
    const alternates = countryAlternates(match, 'BE');
    expect(alternates).toEqual({
      'fr-BE': '/fr-BE/acheter/voiture-12/bmw-x3',
      'nl-BE': '/nl-BE/kopen/auto-12/bmw-x3',
    });
    const { links } = headTags(
      { title: 'x', description: 'y', canonical: alternates['nl-BE']!, alternates },
      'nl-BE',
      ORIGIN,
    );
    expect(hreflangs(links)).toEqual(['fr-BE', 'nl-BE']);
  });

  it('given a French dealer, then its one locale and no x-default', () => {
    const match = matchUrl('/fr/nos-concessionnaires/ile-de-france/paris-15-42')!;
    const alternates = countryAlternates(match, 'FR');
    expect(Object.keys(alternates)).toEqual(['fr']);
    const { links } = headTags(
      { title: 'x', description: 'y', canonical: alternates.fr!, alternates },
      'fr',
      ORIGIN,
    );
    expect(hreflangs(links)).toEqual(['fr-FR']);
  });

  it('given a content page, then all nine locales and x-default', () => {
    const match = matchUrl('/pl/kontakt')!;
    const alternates = alternatePaths(match);
    const { links } = headTags(
      { title: 'x', description: 'y', canonical: '/pl/kontakt', alternates },
      'pl',
      ORIGIN,
    );
    expect(hreflangs(links)).toHaveLength(10);
    expect(links).toContainEqual({ rel: 'alternate', hrefLang: 'x-default', href: `${ORIGIN}/fr/contact` });
  });
});
