/** The list page's filters: counts, links that apply or remove a value, ranges, the four-segment limit. */
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../domain/catalogue/search.ts';
import { createTranslator } from '../i18n/createTranslator.ts';
import { loadDictionary } from '../i18n/dictionaries.ts';
import { activeFilters, facetGroups, type ListContext } from './facetGroups.ts';
import { listSearchQuery, readListSearch } from './listState.ts';

await loadDictionary('de');

const facets = (partial: Partial<SearchResult['facets']>): SearchResult['facets'] => ({
  condition: [],
  brand: [],
  model: [],
  fuel: [],
  gearbox: [],
  body: [],
  colour: [],
  city: [],
  price: [],
  mileage: [],
  year: [],
  ...partial,
});

const context = (overrides: Partial<ListContext> = {}): ListContext => ({
  t: createTranslator('de'),
  condition: 'used',
  filters: {},
  search: readListSearch({}),
  ...overrides,
});

const group = (groups: ReturnType<typeof facetGroups>, facet: string) =>
  groups.find((g) => g.facet === facet)!;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('facet groups', () => {
  it('given counts, then each value links to the list with it as a path segment, in the locale', () => {
    const groups = facetGroups(
      context({ search: readListSearch({ sort: 'price_asc', page: 3 }) }),
      facets({
        brand: [{ value: 'bmw', count: 4 }],
        fuel: [
          { value: 'diesel', count: 3 },
          { value: 'petrol', count: 0 },
        ],
      }),
    );
    expect(group(groups, 'brand').options).toEqual([
      { value: 'bmw', label: 'BMW', count: 4, active: false, href: '/de/kaufen/bmw?sort=price_asc' },
    ]);
    // Empty values are left out; the page starts again at 1, the sort is kept.
    expect(group(groups, 'fuel').options.map((o) => [o.label, o.href])).toEqual([
      ['Diesel', '/de/kaufen/diesel?sort=price_asc'],
    ]);
    expect(groups.map((g) => g.facet)).toEqual(['brand', 'fuel']);
  });

  it('given an active value, then its link removes it, and choosing another brand drops the model', () => {
    const groups = facetGroups(
      context({ filters: { brand: 'bmw', model: 'x3' } }),
      facets({
        brand: [
          { value: 'bmw', count: 4 },
          { value: 'audi', count: 2 },
        ],
        model: [{ value: 'x3', count: 4 }],
      }),
    );
    expect(group(groups, 'brand').options.map((o) => [o.value, o.active, o.href])).toEqual([
      ['bmw', true, '/de/kaufen'],
      ['audi', false, '/de/kaufen/audi'],
    ]);
    expect(group(groups, 'model').options[0]).toMatchObject({
      label: 'X3',
      active: true,
      href: '/de/kaufen/bmw',
    });
  });

  it('given four path filters, then a fifth cannot be added (no link), but a value can be replaced', () => {
    const groups = facetGroups(
      context({ filters: { brand: 'bmw', fuel: 'diesel', body: 'suv', gearbox: 'automatic' } }),
      facets({ colour: [{ value: 'black', count: 1 }], fuel: [{ value: 'petrol', count: 2 }] }),
    );
    expect(group(groups, 'colour').options[0]!.href).toBeUndefined();
    expect(group(groups, 'fuel').options[0]!.href).toBe('/de/kaufen/bmw/benzin/suv/automatik');
  });

  it('given price buckets, then ranges in whole euros up to the next bound, toggled in the query string', () => {
    const groups = facetGroups(
      context({ search: readListSearch({ priceMin: 10_000, priceMax: 14_999 }) }),
      facets({
        price: [
          { value: '10000', count: 5 },
          { value: '100000', count: 1 },
        ],
      }),
    );
    const options = group(groups, 'price').options;
    expect(options.map((o) => [plain(o.label), o.active, o.href, o.nofollow])).toEqual([
      ['10.000 € – 15.000 €', true, '/de/kaufen', true],
      ['ab 100.000 €', false, '/de/kaufen?priceMin=100000', true],
    ]);
  });

  it('lists the filters in force with the URL that removes each', () => {
    const active = activeFilters(
      context({
        filters: { brand: 'bmw', fuel: 'diesel' },
        search: readListSearch({ mileageMax: 50_000 }),
      }),
    );
    expect(active.map((a) => [plain(a.label), a.href])).toEqual([
      ['BMW', '/de/kaufen/diesel?mileageMax=50000'],
      ['Diesel', '/de/kaufen/bmw?mileageMax=50000'],
      ['0 km – 50.000 km', '/de/kaufen/bmw/diesel'],
    ]);
  });

  it('makes the catalogue search of a list page, without undefined members', () => {
    const query = listSearchQuery(
      'new',
      { brand: 'bmw', fuel: 'electric' },
      readListSearch({ page: '2', sort: 'bogus' }),
    );
    expect(query).toEqual({
      condition: 'new',
      brand: 'bmw',
      fuel: ['electric'],
      sort: 'newest',
      page: 2,
      pageSize: 24,
    });
  });
});
