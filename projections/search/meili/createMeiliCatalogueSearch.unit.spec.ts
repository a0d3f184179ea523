import { MeilisearchRequestError } from 'meilisearch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchQuerySchema } from '../../../domain/catalogue/search.ts';
import { SearchUnavailableError } from '../../../engine/search/catalogueSearch.ts';
import { FIXTURE_CARS } from '../contract/searchFixture.ts';
import { createMeiliCatalogueIndex } from './createMeiliCatalogueIndex.ts';
import { createMeiliCatalogueSearch } from './createMeiliCatalogueSearch.ts';
import { toMeiliDocument } from './meiliCarDocument.ts';
import { isMeiliUnavailable, MeiliTaskError } from './meiliErrors.ts';
import { buildMeiliSearch } from './meiliSearchRequest.ts';
import { createFakeMeilisearch, FAKE_MEILI_HOST } from './testing/fakeMeilisearch.ts';

const options = { host: FAKE_MEILI_HOST, apiKey: 'key', indexUid: 'cars', taskTimeoutMs: 1000 };
const doc = (car: (typeof FIXTURE_CARS)[keyof typeof FIXTURE_CARS]) =>
  toMeiliDocument({ facts: car, price: car.price, city: 'Lyon', listedAt: new Date('2025-03-01T10:00:00Z') });

describe('Meilisearch adapter requests', () => {
  let fake: ReturnType<typeof createFakeMeilisearch>;
  beforeEach(() => {
    fake = createFakeMeilisearch();
    vi.stubGlobal('fetch', fake.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('given documents to write, then whole documents are added and ids deleted, each task awaited', async () => {
    const index = createMeiliCatalogueIndex(options);
    await index.prepare();
    fake.requests.length = 0;
    await index.write({ upserts: [doc(FIXTURE_CARS.x3), doc(FIXTURE_CARS.megane)], deletes: ['1012'] });
    expect(fake.requests.map((r) => `${r.method} ${r.path}${r.search}`)).toEqual([
      'POST /indexes/cars/documents',
      'GET /tasks/2',
      'POST /indexes/cars/documents/delete-batch',
      'GET /tasks/3',
    ]);
    expect(fake.requests[0]!.body).toEqual([doc(FIXTURE_CARS.x3), doc(FIXTURE_CARS.megane)]);
    expect(fake.requests[2]!.body).toEqual(['1012']);
    expect([...fake.indexes.get('cars')!.docs.keys()]).toEqual([
      FIXTURE_CARS.x3.carId,
      FIXTURE_CARS.megane.carId,
    ]);
  });

  it('given a task Meilisearch fails, then a MeiliTaskError that is not "unavailable"', async () => {
    const index = createMeiliCatalogueIndex(options);
    await index.prepare();
    const broken = { ...doc(FIXTURE_CARS.x3), carId: undefined } as never;
    const error = await index.write({ upserts: [broken], deletes: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeiliTaskError);
    expect(isMeiliUnavailable(error)).toBe(false);
  });

  it('given a search, then the settings come first, then one multi-search with the planned queries', async () => {
    await createMeiliCatalogueIndex(options).prepare();
    await createMeiliCatalogueIndex(options).write({
      upserts: [doc(FIXTURE_CARS.x3), doc(FIXTURE_CARS.serie3), doc(FIXTURE_CARS.clioPetrol)],
      deletes: [],
    });
    const search = createMeiliCatalogueSearch(options);
    fake.requests.length = 0;
    const query = searchQuerySchema.parse({ country: 'FR', brand: 'bmw', sort: 'price_asc' });
    const result = await search.search(query);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /indexes/cars',
      'GET /indexes/cars/settings',
      'POST /multi-search',
    ]);
    expect(fake.requests[2]!.body).toEqual({ queries: buildMeiliSearch(query, 'cars').queries });
    expect(result.total).toBe(2);
    expect(result.cars.map((c) => c.carId)).toEqual([FIXTURE_CARS.serie3.carId, FIXTURE_CARS.x3.carId]);
    expect(result.facets.brand).toEqual([
      { value: 'bmw', count: 2 },
      { value: 'renault', count: 1 },
    ]);

    fake.requests.length = 0;
    await search.search(query);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /multi-search']);
  });

  it('given Meilisearch down, then search fails and health says so; the next search prepares again', async () => {
    const search = createMeiliCatalogueSearch(options);
    fake.down = true;
    const error = await search.search(searchQuerySchema.parse({ country: 'FR' })).catch((e: unknown) => e);
    // The HTTP layer answers it with a 503, whatever the engine.
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as Error).cause).toBeInstanceOf(MeilisearchRequestError);
    expect(await search.healthy()).toBe(false);
    fake.down = false;
    expect(await search.healthy()).toBe(true);
    expect((await search.search(searchQuerySchema.parse({ country: 'FR' }))).total).toBe(0);
  });

  it('given the index deleted under a running search, then the next search creates it again', async () => {
    const search = createMeiliCatalogueSearch(options);
    await search.prepare();
    fake.indexes.delete('cars');
    await expect(search.search(searchQuerySchema.parse({ country: 'FR' }))).rejects.toThrow(/not found/);
    expect((await search.search(searchQuerySchema.parse({ country: 'FR' }))).total).toBe(0);
    expect(fake.indexes.has('cars')).toBe(true);
  });
});
