/**
 * The typed client of the catalogue's JSON endpoints. It only needs `fetch`: in the browser it calls the
 * site's own origin; on the server it is given an absolute base URL (and, for server-side rendering, a
 * `fetch` that answers in-process).
 */
import { type CarPhoto, photoSources } from '../../domain/catalogue/carPhotos.ts';
import type { SearchQueryInput, SearchResult } from '../../domain/catalogue/search.ts';
import type { Condition } from '../../domain/catalogue/vocabulary.ts';
import type { CountryCode } from '../../domain/markets.ts';
import { ApiError, refusesOnlyPath } from './ApiError.ts';
import { searchQueryToParams } from './searchQueryParams.ts';
import type { BrandCount, CarDetail, DealerSummary, FavoritesResponse, ModelCount } from './types.ts';

/** The `fetch` the client calls (the global one by default). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Origin (and optional path prefix) the paths are resolved against; '' in the browser: same origin. */
  readonly baseUrl: string;
  readonly fetch?: FetchLike;
}

/** One method per catalogue endpoint. */
export interface ApiClient {
  searchCars(query: SearchQueryInput, signal?: AbortSignal): Promise<SearchResult>;
  car(carId: string, signal?: AbortSignal): Promise<CarDetail>;
  brands(country: CountryCode, condition?: Condition, signal?: AbortSignal): Promise<BrandCount[]>;
  models(country: CountryCode, brand: string, signal?: AbortSignal): Promise<ModelCount[]>;
  dealers(country: CountryCode, signal?: AbortSignal): Promise<DealerSummary[]>;
  dealer(dealerId: string, signal?: AbortSignal): Promise<DealerSummary>;
  /** The visitor's or customer's favorite cars (their session cookie goes with the call). */
  favorites(signal?: AbortSignal): Promise<FavoritesResponse>;
  /** GET any JSON path (`/api/…?…`). */
  getJson<T>(path: string, signal?: AbortSignal): Promise<T>;
}

const withQuery = (path: string, params: URLSearchParams): string => {
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
};

/** Creates a client for the endpoints under `options.baseUrl`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        headers: { accept: 'application/json' },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw new ApiError(0, path, `GET ${path} failed: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) {
      const refusedPath = response.status === 400 && refusesOnlyPath(await response.json().catch(() => null));
      if (!response.bodyUsed) await response.body?.cancel();
      throw new ApiError(response.status, path, `GET ${path} answered ${response.status}`, { refusedPath });
    }
    return (await response.json()) as T;
  }

  const catalogue = '/api/catalogue';
  return {
    getJson,
    searchCars: (query, signal) =>
      getJson(withQuery(`${catalogue}/search`, searchQueryToParams(query)), signal),
    car: (carId, signal) => getJson(`${catalogue}/cars/${encodeURIComponent(carId)}`, signal),
    brands: (country, condition, signal) => {
      const params = new URLSearchParams({ country });
      if (condition) params.set('condition', condition);
      return getJson(withQuery(`${catalogue}/brands`, params), signal);
    },
    models: (country, brand, signal) =>
      getJson(
        withQuery(
          `${catalogue}/brands/${encodeURIComponent(brand)}/models`,
          new URLSearchParams({ country }),
        ),
        signal,
      ),
    dealers: (country, signal) =>
      getJson(withQuery(`${catalogue}/dealers`, new URLSearchParams({ country })), signal),
    dealer: (dealerId, signal) => getJson(`${catalogue}/dealers/${encodeURIComponent(dealerId)}`, signal),
    favorites: (signal) => getJson('/api/favorites', signal),
  };
}

/** The path of a car's picture (served by the catalogue as SVG). */
export function carPictureUrl(carId: string, view?: string): string {
  const path = `/api/catalogue/cars/${encodeURIComponent(carId)}/picture.svg`;
  return view ? `${path}?view=${encodeURIComponent(view)}` : path;
}

/** A car's picture for sharing and structured data: its first photo's largest JPEG, else its drawing. */
export function carShareImageUrl(car: {
  readonly carId: string;
  readonly photos?: readonly CarPhoto[];
}): string {
  const first = car.photos?.[0];
  const jpeg = first
    ? photoSources(first)
        .find((s) => s.format === 'jpeg')
        ?.files.at(-1)?.url
    : undefined;
  return jpeg ?? carPictureUrl(car.carId);
}
