import { describe, expect, it } from 'vitest';
import { type SearchQueryInput, searchQuerySchema } from '../../../domain/catalogue/search.ts';
import { DOCUMENT_FIELDS, type MeiliCarDocument } from './meiliCarDocument.ts';
import { buildMeiliSearch, readMeiliSearch } from './meiliSearchRequest.ts';

const query = (input: Partial<SearchQueryInput> = {}) => searchQuerySchema.parse({ country: 'FR', ...input });
const ALL_FACETS = [
  'condition',
  'brand',
  'model',
  'fuel',
  'gearbox',
  'body',
  'colour',
  'city',
  'priceBucket',
  'mileageBucket',
  'year',
];

const doc: MeiliCarDocument = {
  carId: '1005',
  carNo: 1005,
  slug: 'bmw-x3-xdrive20d-m-sport',
  condition: 'used',
  country: 'FR',
  dealerId: '11',
  city: 'Lyon',
  brand: 'bmw',
  model: 'x3',
  version: 'xDrive20d M Sport',
  year: 2021,
  mileageKm: 55_000,
  mileageBucket: 50_000,
  fuel: 'diesel',
  gearbox: 'automatic',
  body: 'suv',
  colour: 'black',
  powerKw: 100,
  priceAmount: 3_990_000,
  priceBucket: 30_000,
  currency: 'EUR',
  listedAt: '2025-03-01T10:00:00.000Z',
  listedAtMs: Date.parse('2025-03-01T10:00:00.000Z'),
};

describe('Meilisearch multi-search', () => {
  it('given no filter, then one query: the page, sorted, with every facet counted', () => {
    const plan = buildMeiliSearch(query({ page: 2, pageSize: 12, sort: 'price_asc' }), 'cars');
    expect(plan.queries).toEqual([
      {
        indexUid: 'cars',
        filter: ['country = "FR"'],
        sort: ['priceAmount:asc', 'carNo:asc'],
        page: 2,
        hitsPerPage: 12,
        attributesToRetrieve: [...DOCUMENT_FIELDS],
        facets: ALL_FACETS,
      },
    ]);
    expect(new Set(Object.values(plan.countedBy))).toEqual(new Set([0]));
  });

  it('given filtered facets, then one count-only query per filtered facet, without its own filter', () => {
    const plan = buildMeiliSearch(
      query({ brand: 'bmw', model: 'x3', fuel: ['diesel'], text: 'M Sport' }),
      'cars',
    );
    const text = { q: 'm sport', matchingStrategy: 'all' };
    expect(plan.queries).toEqual([
      {
        indexUid: 'cars',
        ...text,
        filter: ['country = "FR"', 'brand = "bmw"', 'model = "x3"', 'fuel IN ["diesel"]'],
        sort: ['listedAtMs:desc', 'carNo:desc'],
        page: 1,
        hitsPerPage: 24,
        attributesToRetrieve: [...DOCUMENT_FIELDS],
        facets: ALL_FACETS.filter((f) => !['brand', 'model', 'fuel'].includes(f)),
      },
      {
        indexUid: 'cars',
        ...text,
        filter: ['country = "FR"', 'fuel IN ["diesel"]'],
        limit: 0,
        facets: ['brand'],
      },
      {
        indexUid: 'cars',
        ...text,
        filter: ['country = "FR"', 'brand = "bmw"', 'fuel IN ["diesel"]'],
        limit: 0,
        facets: ['model'],
      },
      {
        indexUid: 'cars',
        ...text,
        filter: ['country = "FR"', 'brand = "bmw"', 'model = "x3"'],
        limit: 0,
        facets: ['fuel'],
      },
    ]);
    expect(plan.countedBy).toMatchObject({ brand: 1, model: 2, fuel: 3, condition: 0, price: 0 });
  });

  it('given a dealer, then it filters every query but is not a facet of its own', () => {
    const plan = buildMeiliSearch(query({ dealerId: '12', priceMax: 20_000 }), 'cars');
    expect(plan.queries).toHaveLength(2);
    expect(plan.queries[1]).toEqual({
      indexUid: 'cars',
      filter: ['country = "FR"', 'dealerId = "12"'],
      limit: 0,
      facets: ['priceBucket'],
    });
  });

  it('given the answers, then total, cards and every facet from the query that counted it, in Postgres order', () => {
    const q = query({ brand: 'bmw' });
    const plan = buildMeiliSearch(q, 'cars');
    const result = readMeiliSearch(q, plan, [
      {
        hits: [doc],
        totalHits: 3,
        facetDistribution: {
          model: { x3: 2, 'serie-3': 1 },
          fuel: { plug_in_hybrid: 1, diesel: 2 },
          year: { '2018': 1, '2022': 1, '2021': 1 },
          priceBucket: { '40000.0': 1, '20000': 1, '30000': 1 },
          city: {},
          colour: { black: 0, white: 1 },
        },
      },
      { hits: [], facetDistribution: { brand: { bmw: 3, tesla: 2, renault: 5 } } },
    ]);
    expect(result.total).toBe(3);
    expect(result.page).toBe(1);
    expect(result.pageSize).toBe(24);
    expect(result.facets.brand).toEqual([
      { value: 'renault', count: 5 },
      { value: 'bmw', count: 3 },
      { value: 'tesla', count: 2 },
    ]);
    expect(result.facets.fuel).toEqual([
      { value: 'diesel', count: 2 },
      { value: 'plug_in_hybrid', count: 1 },
    ]);
    expect(result.facets.year.map((f) => f.value)).toEqual(['2022', '2021', '2018']);
    expect(result.facets.price.map((f) => f.value)).toEqual(['20000', '30000', '40000']);
    expect(result.facets.colour).toEqual([{ value: 'white', count: 1 }]);
    expect(result.facets.city).toEqual([]);
    expect(result.facets.condition).toEqual([]);
    expect(result.cars).toEqual([
      {
        carId: '1005',
        slug: 'bmw-x3-xdrive20d-m-sport',
        condition: 'used',
        brand: 'bmw',
        model: 'x3',
        version: 'xDrive20d M Sport',
        year: 2021,
        mileageKm: 55_000,
        fuel: 'diesel',
        gearbox: 'automatic',
        body: 'suv',
        colour: 'black',
        powerKw: 100,
        price: { amount: 3_990_000, currency: 'EUR' },
        dealerId: '11',
        city: 'Lyon',
        listedAt: '2025-03-01T10:00:00.000Z',
      },
    ]);
  });

  it('given fewer answers than queries, then an error rather than facets read from the wrong query', () => {
    const q = query({ brand: 'bmw' });
    expect(() => readMeiliSearch(q, buildMeiliSearch(q, 'cars'), [{ hits: [], totalHits: 0 }])).toThrow(
      /1 results to 2 queries/,
    );
  });
});
