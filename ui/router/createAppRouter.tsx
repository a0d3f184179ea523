/**
 * The storefront's router, made the same way on the server (one per request) and in the browser (one
 * per page load), with the request's (or the page's) query cache as its data store
 * (`routerQueryIntegration.tsx`): loaders fill the cache, the router carries it to the browser.
 */
import { createRouter } from '@tanstack/react-router';
import type { AppRouterContext } from './AppRouterContext.ts';
import { setupRouterQueryIntegration } from './routerQueryIntegration.tsx';
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
  setupRouterQueryIntegration({ router, queryClient: context.queryClient });
  return router;
}

/** The storefront's router type. */
export type AppRouter = ReturnType<typeof createAppRouter>;
