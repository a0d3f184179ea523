/** The same page in the other locales: what hreflang and the language switcher link to. */
import { describe, expect, it } from 'vitest';
import { matchUrl } from '../../domain/routes/index.ts';
import { alternatePaths } from './alternatePaths.ts';
import { listUrl } from './listUrl.ts';
import { localeOfPath } from './localeOfPath.ts';

describe('alternate paths', () => {
  it('given a car detail, then the same route, id and slug in every locale', () => {
    const match = matchUrl('/de/kaufen/auto-12/bmw-x3-xdrive20d')!;
    expect(alternatePaths(match)).toEqual({
      at: '/at/kaufen/auto-12/bmw-x3-xdrive20d',
      de: '/de/kaufen/auto-12/bmw-x3-xdrive20d',
      es: '/es/comprar/coche-12/bmw-x3-xdrive20d',
      fr: '/fr/acheter/voiture-12/bmw-x3-xdrive20d',
      'fr-BE': '/fr-BE/acheter/voiture-12/bmw-x3-xdrive20d',
      it: '/it/ricerca-auto/auto-12/bmw-x3-xdrive20d',
      'nl-BE': '/nl-BE/kopen/auto-12/bmw-x3-xdrive20d',
      pl: '/pl/kup/samochod-12/bmw-x3-xdrive20d',
      pt: '/pt/comprar/carro-12/bmw-x3-xdrive20d',
    });
  });

  it('given a dealer whose slug has slashes, then it is kept', () => {
    const match = matchUrl('/fr/nos-concessionnaires/ile-de-france/paris-15-42')!;
    expect(alternatePaths(match)['nl-BE']).toBe('/nl-BE/onze-concessies/ile-de-france/paris-15-42');
  });

  it('given parameters per locale and a query, then those are used; a locale without equivalent is left out', () => {
    const match = matchUrl('/fr/marques')!;
    const paths = alternatePaths(match, (locale) => (locale === 'pl' ? null : {}), '?page=2');
    expect(paths.pl).toBeUndefined();
    expect(paths.it).toBe('/it/marche?page=2');
  });

  it('given facet filters, then list URLs spell them in each locale, in the canonical order', () => {
    const filters = { brand: 'bmw', model: 'x3', fuel: 'diesel', gearbox: 'automatic' } as const;
    expect(listUrl('de', 'used', filters)).toBe('/de/kaufen/bmw/x3/diesel/automatik');
    expect(listUrl('fr', 'used', filters)).toBe('/fr/acheter/bmw/x3/diesel/automatique');
    expect(listUrl('nl-BE', 'new', { fuel: 'electric', colour: 'white' }, { page: 2 })).toBe(
      '/nl-BE/kopen-nieuw/elektrisch/wit?page=2',
    );
    expect(listUrl('pl', 'used')).toBe('/pl/kup');
  });

  it('reads the locale of a path', () => {
    expect(localeOfPath('/fr-BE/acheter')).toBe('fr-BE');
    expect(localeOfPath('/admin/pl/dashboard')).toBe('pl');
    expect(localeOfPath('/xx/yy')).toBe('fr');
  });
});
