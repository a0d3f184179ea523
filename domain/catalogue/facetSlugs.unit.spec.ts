import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../markets.ts';
import {
  BODY_SLUGS,
  COLOUR_SLUGS,
  FUEL_SLUGS,
  facetSegments,
  GEARBOX_SLUGS,
  parseFacetSegments,
} from './facetSlugs.ts';
import { BODIES, COLOURS, FUELS, GEARBOXES } from './vocabulary.ts';

const catalogue = {
  isBrand: (slug: string) => ['bmw', 'renault', 'tesla'].includes(slug),
  isModel: (brand: string, slug: string) =>
    ({ bmw: ['x3', 'serie-3'], renault: ['clio'], tesla: ['model-3'] })[brand]?.includes(slug) ?? false,
};

describe('facet path segments', () => {
  it('given any locale, then every facet word is a slug and no two facets share a word or a brand', () => {
    for (const locale of LOCALES) {
      const words = [FUEL_SLUGS, BODY_SLUGS, GEARBOX_SLUGS, COLOUR_SLUGS].flatMap((table) =>
        Object.values(table).map((slugs) => slugs[locale]),
      );
      expect(new Set(words).size, locale).toBe(words.length);
      for (const word of words) {
        expect(word).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(catalogue.isBrand(word)).toBe(false);
      }
    }
  });

  it('given the SPEC example, then /de/kaufen/bmw/x3 reads brand and model', () => {
    expect(parseFacetSegments('de', ['bmw', 'x3'], catalogue)).toEqual({ brand: 'bmw', model: 'x3' });
    expect(parseFacetSegments('fr', ['renault', 'clio', 'diesel', 'automatique'], catalogue)).toEqual({
      brand: 'renault',
      model: 'clio',
      fuel: 'diesel',
      gearbox: 'automatic',
    });
    expect(parseFacetSegments('pl', ['elektryczny'], catalogue)).toEqual({ fuel: 'electric' });
  });

  it.each([
    ['an unknown word', ['bmw', 'x9']],
    ['a model without its brand', ['x3']],
    ['a repeated facet', ['diesel', 'essence']],
    ['another language', ['elektro']],
    ['five segments', ['renault', 'clio', 'diesel', 'break', 'manuelle']],
  ])('given %s, then no page', (_label, segments) => {
    expect(parseFacetSegments('fr', segments, catalogue)).toBeNull();
  });

  it('given any filters, then the canonical segments read back to the same filters (when four or fewer)', () => {
    const arbitrary = fc.record(
      {
        brandModel: fc.constantFrom(
          ['bmw', 'x3'],
          ['renault', undefined],
          ['tesla', 'model-3'],
          [undefined, undefined],
        ),
        fuel: fc.constantFrom(...FUELS),
        body: fc.constantFrom(...BODIES),
        gearbox: fc.constantFrom(...GEARBOXES),
        colour: fc.constantFrom(...COLOURS),
      },
      { requiredKeys: ['brandModel'] },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        arbitrary,
        (locale, { brandModel: [brand, model], ...rest }) => {
          const filters = { ...(brand ? { brand } : {}), ...(brand && model ? { model } : {}), ...rest };
          const segments = facetSegments(locale, filters);
          if (Object.keys(filters).length > 4) return;
          expect(parseFacetSegments(locale, segments, catalogue)).toEqual(filters);
        },
      ),
    );
  });
});
