/**
 * The storefront's router, made the same way on the server (one per request) and in the browser (one
 * per page load). The query cache travels with the router's dehydrated state: the server dehydrates it
 * after the loaders ran, the browser hydrates it before the first render, so components find the data
 * the server rendered with.
 */
import { type DehydratedState, dehydrate, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AppRouterContext } from './AppRouterContext.ts';
import { routeTree } from './routeTree.ts';

/** Gives the components the router's query cache (inside the router: it reads it from the router's context). */
function QueryProvider(props: { readonly children: ReactNode }) {
  const { queryClient } = useRouter().options.context as AppRouterContext;
  return <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>;
}

/** A router for one request (server) or one page load (browser). */
export function createAppRouter(context: AppRouterContext) {
  const { queryClient } = context;
  const router = createRouter({
    routeTree,
    context,
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingMs: 300,
    InnerWrap: QueryProvider,
  });
  // Set after creation: the router's serialisability check cannot see through the query cache's types
  // (its keys are `unknown[]`), which hold JSON from our API only.
  // Errors are dehydrated too: a section the server showed as unavailable hydrates as such (no
  // mismatch), and the browser then retries it.
  router.options.dehydrate = () => ({
    queryClientState: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status !== 'pending',
    }),
  });
  router.options.hydrate = (dehydrated: { queryClientState?: DehydratedState }) => {
    if (dehydrated?.queryClientState) hydrate(queryClient, dehydrated.queryClientState);
  };
  return router;
}

/** The storefront's router type. */
export type AppRouter = ReturnType<typeof createAppRouter>;
