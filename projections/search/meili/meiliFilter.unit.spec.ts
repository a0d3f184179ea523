import { describe, expect, it } from 'vitest';
import { FACETS, type SearchQueryInput, searchQuerySchema } from '../../../domain/catalogue/search.ts';
import {
  FACET_ATTRIBUTE,
  facetFilters,
  filterOf,
  ignoredBy,
  quote,
  SORT,
  searchWords,
} from './meiliFilter.ts';
import { MEILI_CATALOGUE_SETTINGS } from './meiliIndexSettings.ts';

const query = (input: Partial<SearchQueryInput> = {}) => searchQuerySchema.parse({ country: 'FR', ...input });

describe('Meilisearch filters', () => {
  it('given no filter, then only the market', () => {
    expect(filterOf(query())).toEqual(['country = "FR"']);
  });

  it('given every filter, then one expression each, in a stable order', () => {
    const all = query({
      condition: 'used',
      brand: 'bmw',
      model: 'x3',
      fuel: ['diesel', 'plug_in_hybrid'],
      gearbox: ['automatic'],
      body: ['suv'],
      colour: ['white', 'black'],
      city: 'Paris',
      dealerId: '12',
      priceMin: 25_000,
      priceMax: 30_000,
      mileageMax: 10_000,
      yearMin: 2022,
      yearMax: 2023,
    });
    expect(filterOf(all)).toEqual([
      'country = "FR"',
      'dealerId = "12"',
      'condition = "used"',
      'brand = "bmw"',
      'model = "x3"',
      'fuel IN ["diesel", "plug_in_hybrid"]',
      'gearbox IN ["automatic"]',
      'body IN ["suv"]',
      'colour IN ["white", "black"]',
      'city = "Paris"',
      'priceAmount >= 2500000 AND priceAmount <= 3000000',
      'mileageKm <= 10000',
      'year >= 2022 AND year <= 2023',
    ]);
  });

  it('given a facet counted without its own filter, then that filter is left out (brand also drops model)', () => {
    const q = query({ brand: 'bmw', model: 'x3', fuel: ['diesel'], yearMin: 2020 });
    expect(filterOf(q, ignoredBy('brand'))).toEqual(['country = "FR"', 'fuel IN ["diesel"]', 'year >= 2020']);
    expect(filterOf(q, ignoredBy('model'))).toEqual([
      'country = "FR"',
      'brand = "bmw"',
      'fuel IN ["diesel"]',
      'year >= 2020',
    ]);
    expect(filterOf(q, ignoredBy('year'))).toEqual([
      'country = "FR"',
      'brand = "bmw"',
      'model = "x3"',
      'fuel IN ["diesel"]',
    ]);
  });

  it('given one bound of a range, then only that bound; prices in minor units', () => {
    expect(facetFilters(query({ priceMax: 9_999 })).price).toBe('priceAmount <= 999900');
    expect(facetFilters(query({ priceMin: 0 })).price).toBe('priceAmount >= 0');
    expect(facetFilters(query({ yearMax: 2019 })).year).toBe('year <= 2019');
    expect(facetFilters(query({})).mileage).toBeUndefined();
  });

  it('given quotes or backslashes in a value, then they are escaped, not interpreted', () => {
    expect(quote("Villeneuve-d'Ascq")).toBe('"Villeneuve-d\'Ascq"');
    expect(quote('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
    expect(filterOf(query({ city: 'x" OR country = "DE' }))).toEqual([
      'country = "FR"',
      'city = "x\\" OR country = \\"DE"',
    ]);
  });

  it('given free text, then the words Postgres would search, without operators', () => {
    expect(searchWords('  BMW  X3 ')).toBe('bmw x3');
    expect(searchWords('"Mégane" -diesel')).toBe('megane diesel');
    expect(searchWords('model-3')).toBe('model 3');
    expect(searchWords('---')).toBeUndefined();
    expect(searchWords(undefined)).toBeUndefined();
  });

  it('given each sort, then sortable attributes with the car id as the last tie-breaker', () => {
    expect(SORT.newest).toEqual(['listedAtMs:desc', 'carNo:desc']);
    expect(SORT.price_asc).toEqual(['priceAmount:asc', 'carNo:asc']);
    expect(SORT.year_desc).toEqual(['year:desc', 'listedAtMs:desc', 'carNo:desc']);
    const sortable = new Set(MEILI_CATALOGUE_SETTINGS.sortableAttributes);
    for (const sort of Object.values(SORT)) for (const s of sort) expect(sortable).toContain(s.split(':')[0]);
  });

  it('given the settings, then every attribute filtered or counted is filterable', () => {
    const filterable = new Set(MEILI_CATALOGUE_SETTINGS.filterableAttributes);
    for (const facet of FACETS) expect(filterable).toContain(FACET_ATTRIBUTE[facet]);
    const everything = query({
      condition: 'new',
      brand: 'a',
      model: 'b',
      fuel: ['petrol'],
      gearbox: ['manual'],
      body: ['van'],
      colour: ['red'],
      city: 'c',
      dealerId: '1',
      priceMin: 1,
      mileageMax: 1,
      yearMin: 2000,
    });
    for (const expression of filterOf(everything)) expect(filterable).toContain(expression.split(' ')[0]);
  });
});
