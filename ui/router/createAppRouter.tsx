/**
 * The storefront's router, made the same way on the server (one per request) and in the browser (one
 * per page load), with the request's (or the page's) query cache as its data store
 * (the router's SSR query integration): loaders fill the cache, the router carries it to the browser.
 */
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { AppRouterContext } from './AppRouterContext.ts';
import { routeTree } from './routeTree.ts';

/** A router for one request (server) or one page load (browser). */
export function createAppRouter(context: AppRouterContext) {
  const router = createRouter({
    routeTree,
    context,
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingMs: 300,
  });
  // The query cache travels with the router's state: the server dehydrates it after the loaders ran,
  // failed queries included (a section the server showed as unavailable hydrates as such); the browser
  // hydrates it before the first render; every component gets the cache.
  setupRouterSsrQueryIntegration({
    router,
    queryClient: context.queryClient,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status !== 'pending' },
  });
  return router;
}

/** The storefront's router type. */
export type AppRouter = ReturnType<typeof createAppRouter>;
