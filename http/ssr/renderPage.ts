/**
 * Renders one storefront request on the server with TanStack Router (no TanStack Start): a router and a
 * query cache per request, the route loaders prefetch into the cache, the matched page renders to a
 * string, and the router's dehydrated state (matches and query cache) is embedded for the browser to
 * hydrate. The answer's status is the router's: 404 for `notFound()`, 500 for a loader error, a
 * redirect for `redirect()`.
 */
import {
  createRequestHandler,
  defineHandlerCallback,
  getSsrStatus,
  RouterServer,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { matchUrl } from '../../domain/routes/index.ts';
import type { ApiClient } from '../../ui/api/apiClient.ts';
import { createQueryClient } from '../../ui/api/createQueryClient.ts';
import { dictionarySource } from '../../ui/i18n/dictionaries.ts';
import {
  applyTranslationOverrides,
  type Overrides,
  overridesBlock,
} from '../../ui/i18n/translationOverrides.ts';
import { pageInfo } from '../../ui/pages/pages.ts';
import type { PersonalContext } from '../../ui/router/AppRouterContext.ts';
import { createAppRouter } from '../../ui/router/createAppRouter.tsx';
import { localeOfPath } from '../../ui/router/localeOfPath.ts';
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
  /** A personal page's session facts (pages.ts `personal`). */
  readonly personal?: PersonalContext;
  /** The words staff changed in the page's locale (key → text), applied and written into the page. */
  readonly translations?: Overrides;
}

/**
 * The router manifest: the browser entry, its stylesheets and preloads, all on the root route, plus the
 * chunks of the modules the page renders with (`sources`: its page module and its locale's dictionary,
 * which the browser loads before hydrating), so the browser fetches them with the entry, not after it.
 */
export function routerManifest(
  assets: ClientAssets | undefined,
  sources: readonly string[] = [],
): ServerManifest {
  if (!assets) return { routes: {} };
  const css = new Set(assets.css);
  const preloads = new Set(assets.preloads);
  for (const source of sources) {
    for (const file of assets.modules[source]?.css ?? []) css.add(file);
    for (const file of assets.modules[source]?.preloads ?? []) preloads.add(file);
  }
  return {
    routes: {
      __root__: {
        css: [...css],
        preloads: [...preloads],
        scripts: [{ attrs: { type: 'module', src: assets.script, async: true } }],
      },
    },
  };
}

/** The modules a path renders with, as the bundle's manifest names them: its locale's dictionary and its page. */
function sourcesOf(pathname: string): string[] {
  const match = matchUrl(pathname);
  const page = match ? pageInfo(match.route) : undefined;
  const sources = [dictionarySource(localeOfPath(pathname))];
  if (page) sources.push(page.source);
  return sources;
}

// One manifest object per bundle and set of modules: the router caches what it prepares from a manifest
// by its identity.
const manifests = new WeakMap<ClientAssets, Map<string, ServerManifest>>();
const NO_ASSETS = routerManifest(undefined);
function manifestOf(assets: ClientAssets | undefined, pathname: string): ServerManifest {
  if (!assets) return NO_ASSETS;
  let ofBundle = manifests.get(assets);
  if (!ofBundle) {
    ofBundle = new Map();
    manifests.set(assets, ofBundle);
  }
  const sources = sourcesOf(pathname);
  const key = sources.join('\n');
  let manifest = ofBundle.get(key);
  if (!manifest) {
    manifest = routerManifest(assets, sources);
    ofBundle.set(key, manifest);
  }
  return manifest;
}

/** A rendered request: the page's status, headers and HTML, or a redirect (no HTML). */
export interface RenderedPage {
  readonly status: number;
  readonly headers: Headers;
  readonly html?: string;
}

/**
 * Renders the request into a full HTML page (or a redirect). As TanStack's `defaultRenderHandler`, but
 * the HTML stays a string: its `Response` body would be encoded to bytes only to be read back as text.
 */
export async function renderPage(options: RenderOptions): Promise<RenderedPage> {
  const { pathname } = new URL(options.request.url);
  const manifest = manifestOf(options.assets, pathname);
  const locale = localeOfPath(pathname);
  // Without `translations` (a frozen page for staff) the words last applied stay.
  const translations = options.translations;
  if (translations) applyTranslationOverrides(locale, translations);
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      createAppRouter({
        queryClient: createQueryClient({ api: options.api, server: true }),
        origin: options.origin,
        ...(options.personal ? { personal: options.personal } : {}),
      }),
    getRouterManifest: () => manifest,
  });
  let html: string | undefined;
  const response = await handler(
    defineHandlerCallback(async ({ router, responseHeaders }) => {
      try {
        html = await transformHtmlStringWithRouter(
          router,
          renderToString(createElement(RouterServer, { router })),
        );
        return new Response(null, { status: getSsrStatus(router), headers: responseHeaders });
      } catch (error) {
        // What the default handler answers when rendering throws.
        console.error('Render to string error:', error);
        html = 'Internal Server Error';
        return new Response(null, { status: 500, headers: responseHeaders });
      } finally {
        router.serverSsr?.cleanup();
      }
    }),
  );
  // The browser applies the same words before hydrating (an empty set needs no block).
  if (html !== undefined && translations && Object.keys(translations).length > 0) {
    html = html.replace('</body>', `${overridesBlock(locale, translations)}</body>`);
  }
  return { status: response.status, headers: response.headers, ...(html === undefined ? {} : { html }) };
}
