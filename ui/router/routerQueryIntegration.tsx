/**
 * TanStack Query as the router's data store across server rendering: the same three hooks, set the same
 * way, as `setupRouterSsrQueryIntegration` of `@tanstack/react-router-ssr-query` (which replaces this
 * module once installed: same call, same options). The router dehydrates the query cache after the
 * loaders ran (`dehydrate`, embedded in the page with its matches), the browser hydrates it before the
 * first render (`hydrate`), and every component gets the cache (`Wrap`: `QueryClientProvider`).
 *
 * The hooks are set on the router once made, as the library does: `createRouter` checks at compile time
 * that what `dehydrate` returns is serialisable, which the query cache's types (`unknown` keys and data)
 * cannot show; they hold JSON from our API only.
 */
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface RouterQueryOptions<TRouter extends AnyRouter> {
  readonly router: TRouter;
  readonly queryClient: QueryClient;
}

/** Makes `queryClient` travel with `router`'s dehydrated state and wraps the app in its provider. */
export function setupRouterQueryIntegration<TRouter extends AnyRouter>({
  router,
  queryClient,
}: RouterQueryOptions<TRouter>): void {
  // Errors are dehydrated too: a section the server showed as unavailable hydrates as such (no
  // mismatch), and the browser then retries it.
  router.options.dehydrate = () => ({
    queryClientState: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status !== 'pending',
    }),
  });
  router.options.hydrate = (dehydrated: { readonly queryClientState?: DehydratedState }) => {
    if (dehydrated.queryClientState) hydrate(queryClient, dehydrated.queryClientState);
  };
  router.options.Wrap = (props: { readonly children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
  );
}
