/**
 * The catalogue reads of the server-side render, called in-process: the search port and the catalogue
 * queries that the JSON API's routes (http/routes/catalogueApi.ts) call, without the HTTP round trip
 * (`inject`, Fastify's hooks, a JSON text written and read back, web `Request`/`Response` objects:
 * ~10 % of a list page's CPU). The answers are the routes' own (the read models give plain JSON data:
 * strings, numbers, arrays and objects), and a failure is the `ApiError` the HTTP client would throw.
 * Whatever the routes would refuse (a search the schema rejects, an id or brand of the wrong shape) and
 * the personal reads (favorites, by session) go through `fallback`, the JSON API itself.
 */
import { searchQuerySchema } from '../../domain/catalogue/search.ts';
import { isDomainError } from '../../domain/errors.ts';
import { EventStoreUnavailableError } from '../../engine/eventStoreErrors.ts';
import { SearchUnavailableError } from '../../engine/search/catalogueSearch.ts';
import { ApiError } from '../../ui/api/ApiError.ts';
import type { ApiClient } from '../../ui/api/apiClient.ts';
import { searchQueryFromParams, searchQueryToParams } from '../../ui/api/searchQueryParams.ts';
import { carWithPhotos, searchWithPhotos } from '../routes/carPhotoReads.ts';
import type { CatalogueApiOptions } from '../routes/catalogueApi.ts';

export interface InProcessApiClientOptions {
  /** The search port and catalogue queries the JSON API's routes read. */
  readonly catalogue: CatalogueApiOptions;
  /** The JSON API over HTTP (in the app: `inject`), for everything not read in-process. */
  readonly fallback: ApiClient;
  /** Where a failed read is reported (the JSON API's error handler logs its 5xx the same way). */
  readonly logError: (error: unknown, message: string) => void;
}

const ID = /^\d{1,12}$/;
const BRAND = /^[a-z0-9-]{1,40}$/;

export function createInProcessApiClient(options: InProcessApiClientOptions): ApiClient {
  const { catalogue, fallback, logError } = options;

  /** Runs a read as its route would answer it: 404 for a missing thing, 503 for a backing service down. */
  async function read<T>(path: string, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    signal?.throwIfAborted();
    try {
      return await run();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isDomainError(error, 'not_found')) throw new ApiError(404, path, `GET ${path} answered 404`);
      const unavailable =
        error instanceof SearchUnavailableError || error instanceof EventStoreUnavailableError;
      const status = unavailable ? 503 : 500;
      logError(error, unavailable ? 'a backing service is unavailable' : `server-side read ${path} failed`);
      throw new ApiError(status, path, `GET ${path} answered ${status}`, { cause: error });
    }
  }
  const missing = (path: string) => new ApiError(404, path, `GET ${path} answered 404`);

  return {
    searchCars(query, signal) {
      // As the route reads it: through its query string (empty values left out), then the schema.
      const parsed = searchQuerySchema.safeParse(searchQueryFromParams(searchQueryToParams(query)));
      if (!parsed.success) return fallback.searchCars(query, signal);
      return read('/api/catalogue/search', signal, async () =>
        searchWithPhotos(catalogue.photos, await catalogue.search.search(parsed.data)),
      );
    },
    car(carId, signal) {
      if (!ID.test(carId)) return fallback.car(carId, signal);
      const path = `/api/catalogue/cars/${carId}`;
      return read(path, signal, async () => {
        const car = await catalogue.queries.car(carId);
        if (!car) throw missing(path);
        return (await carWithPhotos(catalogue.photos, car)) as Awaited<ReturnType<ApiClient['car']>>;
      });
    },
    brands(country, condition, signal) {
      return read(`/api/catalogue/brands?country=${country}`, signal, () =>
        catalogue.queries.brands(country, condition),
      );
    },
    models(country, brand, signal) {
      if (!BRAND.test(brand)) return fallback.models(country, brand, signal);
      return read(`/api/catalogue/brands/${brand}/models?country=${country}`, signal, () =>
        catalogue.queries.models(country, brand),
      );
    },
    dealers(country, signal) {
      return read(`/api/catalogue/dealers?country=${country}`, signal, () =>
        catalogue.queries.dealers(country),
      );
    },
    dealer(dealerId, signal) {
      if (!ID.test(dealerId)) return fallback.dealer(dealerId, signal);
      const path = `/api/catalogue/dealers/${dealerId}`;
      return read(path, signal, async () => {
        const dealer = await catalogue.queries.dealer(dealerId);
        if (!dealer) throw missing(path);
        return dealer as Awaited<ReturnType<ApiClient['dealer']>>;
      });
    },
    favorites: (signal) => fallback.favorites(signal),
    getJson: (path, signal) => fallback.getJson(path, signal),
  };
}
