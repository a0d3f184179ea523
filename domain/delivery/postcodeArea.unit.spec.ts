import { describe, expect, it } from 'vitest';
import { CITIES } from '../catalogue/reference/cities.ts';
import { ValidationError } from '../errors.ts';
import type { CountryCode } from '../markets.ts';
import { greatCircleKm } from './greatCircleKm.ts';
import { areasOf, isPostcodeOf, locatePostcode, normalisePostcode, POSTCODE_AREAS } from './postcodeArea.ts';

/** Rough bounding boxes (mainland and islands) that every area of a country must fall in. */
const BOUNDS: Readonly<
  Record<CountryCode, readonly [minLat: number, maxLat: number, minLng: number, maxLng: number]>
> = {
  AT: [46.3, 49.1, 9.5, 17.2],
  BE: [49.4, 51.6, 2.5, 6.5],
  DE: [47.2, 55.1, 5.8, 15.1],
  ES: [27.6, 43.9, -18.2, 4.4],
  FR: [41.3, 51.1, -5.2, 9.6],
  IT: [36.6, 47.1, 6.6, 18.6],
  PL: [49.0, 54.9, 14.1, 24.2],
  PT: [32.4, 42.2, -31.3, -6.1],
};

/** How many areas each table has (prefixes in use, Corsica split in seven three-digit prefixes). */
const COUNTS: Readonly<Record<CountryCode, number>> = {
  AT: 76,
  BE: 80,
  DE: 95,
  ES: 52,
  FR: 101,
  IT: 93,
  PL: 99,
  PT: 79,
};

describe('postcode areas', () => {
  it('given the tables, then each country has its areas, each prefix once, inside the country', () => {
    for (const country of Object.keys(COUNTS) as CountryCode[]) {
      const areas = areasOf(country);
      expect(areas, country).toHaveLength(COUNTS[country]);
      expect(new Set(areas.map((a) => a.prefix)).size, country).toBe(areas.length);
      const [minLat, maxLat, minLng, maxLng] = BOUNDS[country];
      for (const area of areas) {
        expect(area.lat, `${country} ${area.prefix}`).toBeGreaterThan(minLat);
        expect(area.lat, `${country} ${area.prefix}`).toBeLessThan(maxLat);
        expect(area.lng, `${country} ${area.prefix}`).toBeGreaterThan(minLng);
        expect(area.lng, `${country} ${area.prefix}`).toBeLessThan(maxLng);
        expect(area.name.length).toBeGreaterThan(1);
      }
    }
  });

  it('given every two-digit Spanish province 01–52 and French département 01–95, then each has an area', () => {
    for (let n = 1; n <= 52; n++)
      expect(() => locatePostcode('ES', `${String(n).padStart(2, '0')}001`)).not.toThrow();
    for (let n = 1; n <= 95; n++) {
      if (n !== 20) expect(() => locatePostcode('FR', `${String(n).padStart(2, '0')}000`)).not.toThrow();
    }
  });

  it('given each reference city, when its postcode is located, then the area lies within 80 km of the city', () => {
    for (const city of CITIES) {
      const { area } = locatePostcode(city.country, city.postcode);
      expect(greatCircleKm(city, area), `${city.name} → ${area.name}`).toBeLessThan(80);
    }
  });

  it('given Corsican postcodes, then 200xx–201xx are Corse-du-Sud and 202xx–206xx Haute-Corse, off the mainland', () => {
    expect(locatePostcode('FR', '20000').area).toMatchObject({
      prefix: '200',
      name: 'Ajaccio (Corse-du-Sud)',
      landmass: 'corse',
    });
    expect(locatePostcode('FR', '20200').area).toMatchObject({
      prefix: '202',
      name: 'Bastia (Haute-Corse)',
      landmass: 'corse',
    });
    expect(locatePostcode('FR', '75015').area).toMatchObject({ name: 'Paris', landmass: 'mainland' });
  });

  it('given spellings with spaces or without the hyphen, then they are normalised', () => {
    expect(normalisePostcode('PL', ' 00950 ')).toBe('00-950');
    expect(normalisePostcode('PT', '1000 001')).toBe('1000-001');
    expect(normalisePostcode('PT', '1000001')).toBe('1000-001');
    expect(locatePostcode('PL', '02 672')).toMatchObject({ postcode: '02-672', area: { name: 'Warszawa' } });
    expect(locatePostcode('PT', '4000')).toMatchObject({ postcode: '4000', area: { name: 'Porto' } });
    expect(locatePostcode('BE', '9000').area.name).toBe('Gent');
  });

  it.each([
    ['FR', '7501'],
    ['FR', '2A000'],
    ['DE', '1011'],
    ['ES', '53001'],
    ['ES', '00001'],
    ['AT', '0100'],
    ['PL', '00-9500'],
    ['PT', '0100-000'],
    ['IT', 'ABCDE'],
  ] as const)(
    'given %s postcode %s (malformed), then it is a validation error on the postcode',
    (country, raw) => {
      expect(isPostcodeOf(country, raw)).toBe(false);
      expect(() => locatePostcode(country, raw)).toThrow(ValidationError);
      try {
        locatePostcode(country, raw);
      } catch (error) {
        expect((error as ValidationError).details.fields.postcode?.[0]).toMatch(/is not a postcode of/);
      }
    },
  );

  it.each([
    ['FR', '97100'],
    ['DE', '05000'],
    ['DE', '62000'],
    ['IT', '99000'],
    ['AT', '1500'],
  ] as const)(
    'given %s postcode %s (well-formed, no area), then it is a validation error naming the delivery area',
    (country, raw) => {
      expect(isPostcodeOf(country, raw)).toBe(true);
      expect(() => locatePostcode(country, raw, 'destination')).toThrow(
        /destination: is in no delivery area/,
      );
    },
  );

  it('given all areas, then each prefix spells the start of a valid postcode of its country', () => {
    const example = (prefix: string, country: CountryCode) =>
      ({ AT: 4, BE: 4, PT: 4, PL: 5, DE: 5, ES: 5, FR: 5, IT: 5 })[country] === 4
        ? prefix.padEnd(4, '0')
        : prefix.padEnd(5, '1');
    for (const area of POSTCODE_AREAS) {
      const postcode = example(area.prefix, area.country);
      expect(locatePostcode(area.country, postcode).area, `${area.country} ${postcode}`).toBe(area);
    }
  });
});
