import { Meilisearch } from 'meilisearch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureMeiliCatalogueIndex, MEILI_CATALOGUE_SETTINGS, settingsDiffer } from './meiliIndexSettings.ts';
import { createFakeMeilisearch, FAKE_MEILI_HOST } from './testing/fakeMeilisearch.ts';

describe('Meilisearch index settings', () => {
  let fake: ReturnType<typeof createFakeMeilisearch>;
  let client: Meilisearch;
  beforeEach(() => {
    fake = createFakeMeilisearch();
    vi.stubGlobal('fetch', fake.fetch);
    client = new Meilisearch({ host: FAKE_MEILI_HOST, apiKey: 'key' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);

  it('given the server answers our settings in its own order, then they do not differ', () => {
    const server = {
      ...MEILI_CATALOGUE_SETTINGS,
      filterableAttributes: [...MEILI_CATALOGUE_SETTINGS.filterableAttributes].sort(),
      sortableAttributes: [...MEILI_CATALOGUE_SETTINGS.sortableAttributes].reverse(),
      typoTolerance: { enabled: false, disableOnWords: [], disableOnAttributes: [] },
      displayedAttributes: ['*'],
    };
    expect(settingsDiffer(server, MEILI_CATALOGUE_SETTINGS)).toBe(false);
    expect(settingsDiffer({ ...server, filterableAttributes: ['country'] }, MEILI_CATALOGUE_SETTINGS)).toBe(
      true,
    );
    expect(settingsDiffer({ ...server, rankingRules: ['words', 'sort'] }, MEILI_CATALOGUE_SETTINGS)).toBe(
      true,
    );
    expect(settingsDiffer({ ...server, pagination: { maxTotalHits: 1000 } }, MEILI_CATALOGUE_SETTINGS)).toBe(
      true,
    );
    expect(settingsDiffer({}, MEILI_CATALOGUE_SETTINGS)).toBe(true);
  });

  it('given no index, then it is created with carId as primary key and our settings, waiting for both tasks', async () => {
    const first = await ensureMeiliCatalogueIndex(client, 'cars', { timeout: 1000, interval: 1 });
    expect(calls()).toEqual([
      'GET /indexes/cars',
      'POST /indexes',
      'GET /tasks/0',
      'GET /indexes/cars',
      'GET /indexes/cars/settings',
      'PATCH /indexes/cars/settings',
      'GET /tasks/1',
    ]);
    expect(fake.requests[1]!.body).toEqual({ uid: 'cars', primaryKey: 'carId' });
    expect(fake.requests[5]!.body).toEqual(MEILI_CATALOGUE_SETTINGS);
    expect(fake.requests.every((r) => r.authorization === 'Bearer key')).toBe(true);

    fake.requests.length = 0;
    const second = await ensureMeiliCatalogueIndex(client, 'cars', { timeout: 1000, interval: 1 });
    expect(calls()).toEqual(['GET /indexes/cars', 'GET /indexes/cars/settings']);
    expect(second.createdAt).toBe(first.createdAt);
  });

  it('given an index without primary key, then it gets carId; with another one, then an error', async () => {
    await client.createIndex('bare').waitTask();
    await ensureMeiliCatalogueIndex(client, 'bare', { timeout: 1000, interval: 1 });
    expect(fake.indexes.get('bare')!.primaryKey).toBe('carId');
    await client.createIndex('other', { primaryKey: 'id' }).waitTask();
    await expect(ensureMeiliCatalogueIndex(client, 'other', { timeout: 1000, interval: 1 })).rejects.toThrow(
      'meilisearch index other has primary key id, not carId',
    );
  });

  it('given a deleted and recreated index, then a new creation time', async () => {
    const first = await ensureMeiliCatalogueIndex(client, 'cars', { timeout: 1000, interval: 1 });
    await client.deleteIndex('cars').waitTask();
    const second = await ensureMeiliCatalogueIndex(client, 'cars', { timeout: 1000, interval: 1 });
    expect(second.createdAt).not.toBe(first.createdAt);
  });
});
