/**
 * Renders one storefront request on the server with TanStack Router (no TanStack Start): a router and a
 * query cache per request, the route loaders prefetch into the cache, the matched page renders to a
 * string, and the router's dehydrated state (matches and query cache) is embedded for the browser to
 * hydrate. The answer's status is the router's: 404 for `notFound()`, 500 for a loader error, a
 * redirect for `redirect()`.
 */
import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import type { ApiClient } from '../../ui/api/apiClient.ts';
import { createQueryClient } from '../../ui/api/createQueryClient.ts';
import { createAppRouter } from '../../ui/router/createAppRouter.tsx';
import type { ClientAssets } from './clientBundle.ts';

/** The router's description of the assets each route needs (TanStack Router's `ServerManifest`). */
export type ServerManifest = Awaited<
  ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>
>;

export interface RenderOptions {
  /** The request, with its absolute URL. */
  readonly request: Request;
  /** The JSON API as the page loaders read it. */
  readonly api: ApiClient;
  /** Public origin for canonical and hreflang URLs. */
  readonly origin: string;
  /** The browser bundle; without it the page is rendered without scripts (no hydration). */
  readonly assets?: ClientAssets;
}

/** The router manifest: the browser entry, its stylesheets and preloads, all on the root route. */
export function routerManifest(assets: ClientAssets | undefined): ServerManifest {
  if (!assets) return { routes: {} };
  return {
    routes: {
      __root__: {
        css: [...assets.css],
        preloads: [...assets.preloads],
        scripts: [{ attrs: { type: 'module', src: assets.script, async: true } }],
      },
    },
  };
}

// One manifest object per bundle: the router caches what it prepares from a manifest by its identity.
const manifests = new WeakMap<ClientAssets, ServerManifest>();
const NO_ASSETS = routerManifest(undefined);
function manifestOf(assets: ClientAssets | undefined): ServerManifest {
  if (!assets) return NO_ASSETS;
  let manifest = manifests.get(assets);
  if (!manifest) {
    manifest = routerManifest(assets);
    manifests.set(assets, manifest);
  }
  return manifest;
}

/** Renders the request into a full HTML response (or a redirect). */
export async function renderPage(options: RenderOptions): Promise<Response> {
  const manifest = manifestOf(options.assets);
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      createAppRouter({
        queryClient: createQueryClient({ api: options.api, server: true }),
        origin: options.origin,
      }),
    getRouterManifest: () => manifest,
  });
  return handler(defaultRenderHandler);
}
