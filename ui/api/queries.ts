/**
 * TanStack Query options for every catalogue read. Page loaders prime them
 * (`queryClient.ensureQueryData(carQuery(id))`), components read them with the same factory
 * (`useSuspenseQuery(carQuery(id))`, or `useOptionalQuery` for an optional section): the same key, so what the
 * server loaded is what the browser hydrates (ui/README.md, "Reading data").
 */
import { queryOptions } from '@tanstack/react-query';
import type { SearchQueryInput } from '../../domain/catalogue/search.ts';
import type { Condition } from '../../domain/catalogue/vocabulary.ts';
import type { ContentFields, ContentKind } from '../../domain/content/items/contentKinds.ts';
import { type Locale, marketOf } from '../../domain/markets.ts';
import { apiOf } from './createQueryClient.ts';

/** The search of a market: `query.country` is the locale's country. */
export function searchCarsQuery(locale: Locale, query: Omit<SearchQueryInput, 'country'>) {
  const full: SearchQueryInput = { ...query, country: marketOf(locale).country };
  return queryOptions({
    queryKey: ['catalogue', 'search', full] as const,
    queryFn: ({ client, signal }) => apiOf(client).searchCars(full, signal),
  });
}

/** One car, whatever its market. */
export function carQuery(carId: string) {
  return queryOptions({
    queryKey: ['catalogue', 'car', carId] as const,
    queryFn: ({ client, signal }) => apiOf(client).car(carId, signal),
  });
}

/** Brands with cars for sale in the locale's country (optionally only new or used cars). */
export function brandsQuery(locale: Locale, condition?: Condition) {
  const { country } = marketOf(locale);
  return queryOptions({
    queryKey: ['catalogue', 'brands', country, condition ?? 'all'] as const,
    queryFn: ({ client, signal }) => apiOf(client).brands(country, condition, signal),
  });
}

/** A brand's models with cars for sale in the locale's country. */
export function modelsQuery(locale: Locale, brand: string) {
  const { country } = marketOf(locale);
  return queryOptions({
    queryKey: ['catalogue', 'models', country, brand] as const,
    queryFn: ({ client, signal }) => apiOf(client).models(country, brand, signal),
  });
}

/** The dealers of the locale's country. */
export function dealersQuery(locale: Locale) {
  const { country } = marketOf(locale);
  return queryOptions({
    queryKey: ['catalogue', 'dealers', country] as const,
    queryFn: ({ client, signal }) => apiOf(client).dealers(country, signal),
  });
}

/** One dealer. */
export function dealerQuery(dealerId: string) {
  return queryOptions({
    queryKey: ['catalogue', 'dealer', dealerId] as const,
    queryFn: ({ client, signal }) => apiOf(client).dealer(dealerId, signal),
  });
}

/**
 * The visitor's favorites. Personal: the server renders without them (its in-process calls carry no
 * session), so pages read this query in the browser only (`enabled` there) and never prefetch it.
 */
export function favoritesQuery() {
  return queryOptions({
    queryKey: ['favorites'] as const,
    queryFn: ({ client, signal }) => apiOf(client).favorites(signal),
    staleTime: 0,
  });
}

/** A content item as the storefront shows it (http/routes/contentApi.ts): its published fields. */
export interface PublishedContent<Fields> {
  readonly id: string;
  readonly version: number;
  readonly fields: Fields;
}

/**
 * The items of a content kind published in the locale, by their `order`; `preview` (a content id) puts
 * that item's latest version in, for the staff member previewing it (their session goes with the call).
 */
export function contentQuery<K extends ContentKind>(kind: K, locale: Locale, preview?: string, key?: string) {
  const params = new URLSearchParams({ locale });
  if (preview) params.set('preview', preview);
  // The one item with this unique key (a range's `brand/slug`, a facet page's path).
  if (key !== undefined) params.set('key', key);
  return queryOptions({
    queryKey: ['content', kind, locale, preview ?? null, ...(key === undefined ? [] : [key])] as const,
    queryFn: async ({ client, signal }) =>
      (
        await apiOf(client).getJson<{ items: PublishedContent<ContentFields<K>>[] }>(
          `/api/content/${kind}?${params}`,
          signal,
        )
      ).items,
  });
}
