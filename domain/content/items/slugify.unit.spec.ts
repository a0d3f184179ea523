import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_PATTERN, slugify } from './slugify.ts';

describe('slugify', () => {
  it.each([
    ['pl', 'Łódź: żółta Toyota Yaris', 'lodz-zolta-toyota-yaris'],
    ['pl', 'Samochody używane – Śląsk', 'samochody-uzywane-slask'],
    ['de', 'Große Überführung für Käufer', 'grosse-ueberfuehrung-fuer-kaeufer'],
    ['at', 'Öffi-freundlich', 'oeffi-freundlich'],
    ['fr', 'Voitures d’occasion à Besançon', 'voitures-d-occasion-a-besancon'],
    ['fr-BE', 'Cœur de Liège', 'coeur-de-liege'],
    ['es', 'Coches eléctricos en Añover', 'coches-electricos-en-anover'],
    ['it', 'Città più verde', 'citta-piu-verde'],
    ['nl-BE', 'Tweedehands wagen – Gent', 'tweedehands-wagen-gent'],
    ['pt', 'Promoções de São João', 'promocoes-de-sao-joao'],
  ] as const)('%s: %s → %s', (locale, text, slug) => {
    expect(slugify(text, locale)).toBe(slug);
    expect(slug).toMatch(SLUG_PATTERN);
  });

  it('writes German umlauts out only in German (ü → ue in de, u elsewhere), ß as ss everywhere', () => {
    expect(slugify('Müller', 'de')).toBe('mueller');
    expect(slugify('Müller', 'fr')).toBe('muller');
    expect(slugify('Straße', 'pl')).toBe('strasse');
  });

  it('keeps at most 80 characters, cut at a hyphen, and nothing of symbols alone', () => {
    const long = slugify('word '.repeat(40), 'fr');
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long).toMatch(SLUG_PATTERN);
    expect(slugify(' !!! ', 'fr')).toBe('');
  });
});
