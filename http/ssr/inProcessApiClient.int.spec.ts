/**
 * The server-side render's in-process catalogue reads answer what the JSON API answers over HTTP: the
 * same data (as JSON would carry it: no `undefined`, no dates, no class instances) and the same error
 * statuses, on the catalogue fixture.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQueryInput } from '../../domain/catalogue/search.ts';
import { ApiError } from '../../ui/api/ApiError.ts';
import { type ApiClient, createApiClient } from '../../ui/api/apiClient.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { catalogueApi } from '../routes/catalogueApi.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { injectFetch } from './injectFetch.ts';
import { createInProcessApiClient } from './inProcessApiClient.ts';

/** The answer, or the status of the ApiError it failed with. */
const outcome = <T>(call: Promise<T>): Promise<T | { status: number }> =>
  call.catch((error: unknown) => {
    if (error instanceof ApiError) return { status: error.status };
    throw error;
  });

describe('the in-process API client of the server-side render', () => {
  let fixture: CatalogueFixtureDatabase;
  let app: FastifyInstance;
  let http: ApiClient;
  let direct: ApiClient;
  const logged: unknown[] = [];
  const fallbacks: string[] = [];

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(catalogueApi, fixture.catalogue);
    await app.ready();
    http = createApiClient({ baseUrl: 'http://ssr.internal', fetch: injectFetch(app) });
    const inject = injectFetch(app);
    const counted = createApiClient({
      baseUrl: 'http://ssr.internal',
      fetch: (input, init) => {
        fallbacks.push(input);
        return inject(input, init);
      },
    });
    direct = createInProcessApiClient({
      catalogue: fixture.catalogue,
      fallback: counted,
      logError: (error) => logged.push(error),
    });
  });
  afterAll(async () => {
    await app?.close();
    await fixture?.close();
  });

  const searches: [string, SearchQueryInput][] = [
    ['a market', { country: 'FR' }],
    [
      'facets, a sort and a page',
      { country: 'FR', brand: 'renault', fuel: ['petrol', 'diesel'], sort: 'price_asc' },
    ],
    [
      'a price range and a page size',
      { country: 'DE', priceMin: 1000, priceMax: 90_000, pageSize: 2, page: 2 },
    ],
    ['empty text (left out of a query string)', { country: 'FR', text: '' }],
    ['a page past the last', { country: 'FR', page: 40 }],
  ];
  it.each(searches)('given a search (%s), then it answers what the API answers', async (_, query) => {
    // When
    const [expected, actual] = [
      await outcome(http.searchCars(query)),
      await outcome(direct.searchCars(query)),
    ];
    // Then
    expect(actual).toStrictEqual(expected);
    expect(fallbacks).toEqual([]);
  });

  it('given a search the API refuses, then it fails with the API’s 400', async () => {
    const query = { country: 'FR', model: 'clio' } as SearchQueryInput; // a model needs its brand
    expect(await outcome(direct.searchCars(query))).toEqual({ status: 400 });
    expect(await outcome(http.searchCars(query))).toEqual({ status: 400 });
    expect(fallbacks).toHaveLength(1);
    fallbacks.length = 0;
  });

  it('given every car, dealer and read of the fixture, then each answer is the API’s, with its 404s', async () => {
    const { cars } = await http.searchCars({ country: 'FR', pageSize: 50 });
    const reads: [string, (api: ApiClient) => Promise<unknown>][] = [
      ...cars.map((car): [string, (api: ApiClient) => Promise<unknown>] => [
        `car ${car.carId}`,
        (api) => api.car(car.carId),
      ]),
      ['a missing car', (api) => api.car('999999')],
      ['brands', (api) => api.brands('FR')],
      ['used brands', (api) => api.brands('DE', 'used')],
      ['models', (api) => api.models('FR', 'renault')],
      ['models of an unknown brand', (api) => api.models('FR', 'nope')],
      ['dealers', (api) => api.dealers('FR')],
      ['a dealer', (api) => api.dealer('11')],
      ['a missing dealer', (api) => api.dealer('404')],
    ];
    for (const [what, read] of reads) {
      // When
      const [expected, actual] = [await outcome(read(http)), await outcome(read(direct))];
      // Then
      expect(actual, what).toStrictEqual(expected);
    }
    expect(await outcome(direct.car('999999'))).toEqual({ status: 404 });
    expect(fallbacks).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('given an id or brand of the wrong shape, then the API itself answers (its 400)', async () => {
    expect(await outcome(direct.car('x1'))).toEqual(await outcome(http.car('x1')));
    expect(await outcome(direct.models('FR', 'Not A Brand'))).toEqual({ status: 400 });
    expect(fallbacks).toHaveLength(2);
    fallbacks.length = 0;
  });

  it('given a read that fails, then it is a logged 500, as the API’s error handler would answer', async () => {
    const broken = createInProcessApiClient({
      catalogue: {
        ...fixture.catalogue,
        search: {
          search: () => Promise.reject(new Error('boom')),
        } as unknown as CatalogueFixtureDatabase['catalogue']['search'],
      },
      fallback: http,
      logError: (error) => logged.push(error),
    });
    expect(await outcome(broken.searchCars({ country: 'FR' }))).toEqual({ status: 500 });
    expect(logged).toHaveLength(1);
  });
});
