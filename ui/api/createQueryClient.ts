/**
 * A TanStack Query client bound to an API client: the query factories (`queries.ts`) find the API
 * through the QueryClient their `queryFn` receives, so the same factories work on the server (one
 * QueryClient per request, in-process API) and in the browser (one for the page's life).
 */
import { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './apiClient.ts';

const apis = new WeakMap<QueryClient, ApiClient>();

export interface QueryClientOptions {
  readonly api: ApiClient;
  /** On the server: no retries, nothing kept after the request. */
  readonly server?: boolean;
}

/** A QueryClient whose queries call `options.api`. */
export function createQueryClient(options: QueryClientOptions): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server stays fresh long enough for the browser not to fetch it again.
        staleTime: 60_000,
        retry: options.server ? false : 1,
        refetchOnWindowFocus: false,
        ...(options.server ? { gcTime: Number.POSITIVE_INFINITY } : {}),
      },
    },
  });
  apis.set(client, options.api);
  return client;
}

/** The API client a QueryClient was created with. */
export function apiOf(client: QueryClient): ApiClient {
  const api = apis.get(client);
  if (!api) throw new Error('this QueryClient was not made by createQueryClient');
  return api;
}
