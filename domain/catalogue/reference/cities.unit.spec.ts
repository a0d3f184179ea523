import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../markets.ts';
import { SLUG } from '../car.ts';
import { dealerSchema } from '../dealer.ts';
import { CITIES, citiesOf } from './cities.ts';

const COUNTRIES: readonly CountryCode[] = ['AT', 'BE', 'DE', 'ES', 'FR', 'IT', 'PL', 'PT'];

// Postcode formats per country, and a generous box around each country's territory.
const POSTCODE: Readonly<Record<CountryCode, RegExp>> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  DE: /^\d{5}$/,
  ES: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
};
const BOX: Readonly<Record<CountryCode, readonly [number, number, number, number]>> = {
  AT: [46.3, 49.1, 9.5, 17.2],
  BE: [49.5, 51.6, 2.5, 6.4],
  DE: [47.2, 55.1, 5.8, 15.1],
  ES: [36, 43.8, -9.4, 3.4],
  FR: [42.3, 51.1, -4.8, 8.3],
  IT: [36.6, 47.1, 6.6, 18.6],
  PL: [49, 54.9, 14.1, 24.2],
  PT: [36.9, 42.2, -9.6, -6.2],
};

describe('reference cities', () => {
  it('given each market country, when its cities are listed, then there are 6 to 12', () => {
    for (const country of COUNTRIES) {
      expect(citiesOf(country).length, country).toBeGreaterThanOrEqual(6);
      expect(citiesOf(country).length, country).toBeLessThanOrEqual(12);
    }
    expect(CITIES.length).toBe(COUNTRIES.reduce((n, c) => n + citiesOf(c).length, 0));
  });

  it('given every city, when checked, then postcode, coordinates, region and hub are valid', () => {
    for (const city of CITIES) {
      const where = `${city.country} ${city.name}`;
      expect(city.postcode, where).toMatch(POSTCODE[city.country]);
      const [latMin, latMax, lngMin, lngMax] = BOX[city.country];
      expect(city.lat, where).toBeGreaterThan(latMin);
      expect(city.lat, where).toBeLessThan(latMax);
      expect(city.lng, where).toBeGreaterThan(lngMin);
      expect(city.lng, where).toBeLessThan(lngMax);
      expect(city.slug, where).toMatch(SLUG);
      expect(city.region, where).toMatch(SLUG);
      expect(dealerSchema.shape.hub.safeParse(city.hub).success, where).toBe(true);
      expect(city.areaCode, where).toMatch(/^\d{1,4}$/);
    }
  });

  it('given the cities of a country, when their slugs are compared, then they are unique', () => {
    for (const country of COUNTRIES) {
      const slugs = citiesOf(country).map((c) => c.slug);
      expect(new Set(slugs).size, country).toBe(slugs.length);
    }
  });

  it('given Belgium, when its cities are listed, then both language areas are present', () => {
    const languages = new Set(citiesOf('BE').map((c) => c.language));
    expect(languages).toEqual(new Set(['fr', 'nl']));
  });
});
