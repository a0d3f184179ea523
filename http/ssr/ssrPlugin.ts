/**
 * The server-rendered storefront as a Fastify plugin. It answers GET for every path under a locale
 * prefix (`/fr`, `/fr/…`, …, one wildcard per locale, so any more specific route registered elsewhere,
 * such as the funnels' or the JSON API's, wins): the route table decides what the path is, the React app
 * renders it (TanStack Router + Query, see renderPage.ts), unknown paths get the localised 404 page
 * with status 404. It also serves the browser bundle at `/assets/` (cached for a year: every file name
 * carries a hash; compressed at build time), redirects `/` to the default locale, and serves the
 * sitemaps, and the back office's page shell (adminShell.ts). Pages kept in the page cache are compressed once each (http/plugins/compression.ts); others
 * by the app's compression hook.
 */

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_ID } from '../../domain/content/items/contentItem.ts';
import type { Locale } from '../../domain/markets.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../domain/markets.ts';
import { generateUrl, matchUrl } from '../../domain/routes/index.ts';
import { type ApiClient, createApiClient } from '../../ui/api/apiClient.ts';
import { loadDictionary } from '../../ui/i18n/dictionaries.ts';
import { CSRF_PLACEHOLDER, FORM_KEY_PLACEHOLDER } from '../../ui/pages/leads/csrfPlaceholder.ts';
import { pageInfo } from '../../ui/pages/pages.ts';
import { localeOfPath } from '../../ui/router/localeOfPath.ts';
import { urlFor } from '../../ui/router/urlFor.ts';
import { wantsJson } from '../plugins/acceptConstraint.ts';
import { type EncodedBodies, encodedBodies, sendEncoded } from '../plugins/compression.ts';
import { takeFormFlash } from '../plugins/formFlash.ts';
import { AccessError, requireStaff } from '../plugins/staffGuard.ts';
import type { BuyerScreens } from '../routes/buyerScreenAt.ts';
import type { CatalogueApiOptions } from '../routes/catalogueApi.ts';
import { type AdminShellOptions, adminShell } from './adminShell.ts';
import { type ClientAssets, readClientAssets } from './clientBundle.ts';
import { sendFrozenPage } from './frozenPage.ts';
import { injectFetch } from './injectFetch.ts';
import { createInProcessApiClient } from './inProcessApiClient.ts';
import type { CachedPage, PageCache } from './pageCache.ts';
import { renderPage } from './renderPage.ts';
import type { SitemapCatalogue } from './sitemapCatalogue.ts';
import type { SitemapBlog } from './sitemapEntries.ts';
import { type SitemapPluginOptions, sitemapPlugin } from './sitemapPlugin.ts';

export interface SsrPluginOptions {
  /**
   * The browser bundle, made sure of before the app loads (http/server.ts: built then if stale); without
   * it the plugin reads the one in `dist/client` (a test's app: the tier's global set-up built it). The
   * plugin never builds: a build can outlast Fastify's plugin time-out.
   */
  readonly clientAssets?: ClientAssets;
  /** Public origin for canonical, hreflang and sitemap URLs (`https://www.example.com`); by default the request's. */
  readonly publicUrl?: string;
  /** Base URL of the JSON API for server-side data; by default the app answers in-process. */
  readonly apiBaseUrl?: string;
  /**
   * The catalogue the JSON API reads (its search port and queries): given, the pages read it directly
   * (inProcessApiClient.ts) rather than through the API; without it, through the API (`inject`).
   */
  readonly catalogue?: CatalogueApiOptions;
  /** The catalogue's cars, brands and dealers for the sitemaps (see sitemapPlugin.ts). */
  readonly sitemap?: SitemapCatalogue;
  /** The blog's published items for the sitemaps. */
  readonly sitemapBlog?: SitemapBlog;
  /** The facet pages staff wrote, for the sitemaps (see sitemapPlugin.ts). */
  readonly sitemapFacetPages?: SitemapPluginOptions['facetPages'];
  /**
   * Serve the back office's page shell too (adminShell.ts; it needs the sessions, CSRF and the staff
   * guard of http/plugins/security.ts, which the app registers first).
   */
  readonly adminShell?: boolean;
  /** A car's photos, for the back office's photos page rendered into the shell (works without JavaScript). */
  readonly adminCarPhotos?: AdminShellOptions['carPhotos'];
  /** Rendered pages kept per URL while the catalogue has not moved (pageCache.ts); none: every request renders. */
  readonly pageCache?: PageCache | undefined;
  /** The words staff changed in a locale (key → text), applied to every page of it (none: shipped words). */
  readonly translationOverrides?: (
    locale: Locale,
    domain: 'storefront' | 'backoffice',
  ) => Promise<Readonly<Record<string, string>>>;
  /**
   * "What the buyer saw" for staff: `GET /admin/api/{purchases|bookings}/:id/screen?after=<revision>`
   * renders the buyer's page as it stood after that event (http/routes/buyerScreenAt.ts, frozenPage.ts).
   */
  readonly buyerScreens?: BuyerScreens;
  /**
   * Receives the renderer of personal pages, so a form route renders its own page again with a refusal's
   * messages and status 400 (http/routes/valuationCalls.ts), rather than 303 back.
   */
  readonly personalPages?: (render: PersonalPageRenderer) => void;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Renders the personal page at the request's path (GET), with the form flash the session holds for it. */
export type PersonalPageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
) => Promise<FastifyReply>;

const screenParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'a purchase or booking number') });
const screenQuery = z.object({
  after: z.coerce.number().int().min(0, 'an event’s revision: 0 or more').optional(),
});

/** The JSON API answered by the app itself: the catalogue's reads directly when it is given. */
function inProcessApi(app: FastifyInstance, catalogue: CatalogueApiOptions | undefined): ApiClient {
  const viaInject = createApiClient({ baseUrl: 'http://ssr.internal', fetch: injectFetch(app) });
  if (!catalogue) return viaInject;
  return createInProcessApiClient({
    catalogue,
    fallback: viaInject,
    logError: (error, message) => app.log.error({ err: error }, message),
  });
}

/**
 * A page with a lead form (ui/pages/leads): the visitor's CSRF token in place of the placeholder, so the
 * form works without JavaScript; such an answer is the visitor's own (it starts their session), never
 * kept by the browser or a proxy.
 */
function sendWithCsrf(reply: FastifyReply, html: string) {
  // Without the session and CSRF plugins (a bare test app) the page goes as it is.
  if (typeof reply.generateCsrf !== 'function') return reply.send(html);
  reply.header('cache-control', 'no-store');
  return reply.send(withFormKeys(html.replaceAll(CSRF_PLACEHOLDER, reply.generateCsrf())));
}

/** Each lead form's idempotency key: a new random one per form and answer. */
const withFormKeys = (html: string) => html.replaceAll(FORM_KEY_PLACEHOLDER, () => randomUUID());

export const ssrPlugin: FastifyPluginAsync<SsrPluginOptions> = async (app, options) => {
  const assets = options.clientAssets ?? (await readClientAssets());
  const api = options.apiBaseUrl
    ? createApiClient({ baseUrl: options.apiBaseUrl })
    : inProcessApi(app, options.catalogue);
  const wordsOf = async (url: URL) =>
    (await options.translationOverrides?.(localeOfPath(url.pathname), 'storefront')) ?? {};
  const originOf = (request: FastifyRequest) =>
    (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  await app.register(fastifyStatic, {
    root: join(assets.outDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    // Every file name carries a content hash.
    immutable: true,
    maxAge: '365d',
    index: false,
    // The `.br` and `.gz` files the build writes beside each file (vite.config.ts), as the request accepts.
    preCompressed: true,
  });

  /**
   * A page of one buyer (pages.ts `personal`: a funnel screen): its data read through their session
   * (their cookie on the in-process calls), its forms given their CSRF token and a refused form's
   * messages, and never kept in the page cache nor by the browser's.
   */
  const renderPersonal = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    origin: string,
    status?: number,
  ) => {
    const cookie = request.headers.cookie;
    const api = createApiClient({
      baseUrl: 'http://ssr.internal',
      fetch: injectFetch(app, { headers: cookie ? { cookie } : {}, remoteAddress: request.ip }),
    });
    const flash = takeFormFlash(request, url.pathname);
    const personal = { csrfToken: reply.generateCsrf(), ...(flash ? { flash } : {}) };
    const page = await renderPage({
      request: new Request(url),
      api,
      origin,
      assets,
      personal,
      translations: await wordsOf(url),
    });
    reply.status(status !== undefined && page.status === 200 ? status : page.status);
    page.headers.forEach((value, key) => {
      reply.header(key, value);
    });
    reply.header('cache-control', 'no-store');
    return reply.send(withFormKeys(page.html ?? ''));
  };

  // A kept page's bytes in each encoding asked for, compressed once (http/plugins/compression.ts), as
  // long as the cache keeps the page.
  const encodedPages = new WeakMap<CachedPage, EncodedBodies>();
  const encodedPage = (page: CachedPage) => {
    let bodies = encodedPages.get(page);
    if (!bodies) {
      bodies = encodedBodies(page.html);
      encodedPages.set(page, bodies);
    }
    return bodies;
  };

  const staffPhotosGuard = requireStaff('content');
  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    // Pages are HTML: a JSON client that reached them asked for a path with no JSON answer.
    if (wantsJson(request.headers.accept)) return reply.callNotFound();
    // One URL per page: `/fr/acheter/` is `/fr/acheter`, permanently.
    const [path = '', query] = request.url.split(/\?(.*)/s);
    if (path.length > 1 && path.endsWith('/')) {
      return reply.redirect(`${path.replace(/\/+$/, '')}${query ? `?${query}` : ''}`, 301);
    }
    const origin = originOf(request);
    const url = new URL(request.url, origin);
    const match = matchUrl(url.pathname);
    if (match?.route === 'image_index_bo') {
      // Staff only (content role, or admin): a visitor goes to the staff sign-in; never kept in the cache.
      try {
        await staffPhotosGuard.call(app, request, reply);
      } catch (error) {
        if (!(error instanceof AccessError) || error.statusCode !== 401) throw error;
        const signIn = generateUrl(`admin_sign_in.${match.locale}`);
        return reply.redirect(`${signIn}?next=${encodeURIComponent(request.url)}`, 302);
      }
      return renderPersonal(request, reply, url, origin);
    }
    // A content preview (`?preview=<content id>`) is a staff member's page: their session goes with the
    // page's calls, and it is never kept in the page cache (http/routes/contentApi.ts).
    const preview = url.searchParams.get('preview');
    if (match && (pageInfo(match.route)?.personal || (preview !== null && CONTENT_ID.test(preview))))
      return renderPersonal(request, reply, url, origin);
    const cache = options.pageCache;
    if (cache) {
      // A shared rendering runs to its end (other requests may wait for it), whoever hangs up.
      const { page, hit } = await cache.get(url.href, async () => {
        const rendered = await renderPage({
          request: new Request(url),
          api,
          origin,
          assets,
          translations: await wordsOf(url),
        });
        const headers: [string, string][] = [];
        rendered.headers.forEach((value, key) => {
          headers.push([key, value]);
        });
        return { status: rendered.status, headers, html: rendered.html ?? '' };
      });
      reply.status(page.status);
      for (const [key, value] of page.headers) reply.header(key, value);
      reply.header('x-page-cache', hit ? 'hit' : 'miss');
      // A lead form on the page: this visitor's CSRF token in its field (the kept HTML is everyone's).
      if (page.html.includes(CSRF_PLACEHOLDER)) return sendWithCsrf(reply, page.html);
      // A redirect has no body to encode.
      return page.html === '' ? reply.send('') : sendEncoded(request, reply, encodedPage(page));
    }
    const controller = new AbortController();
    request.raw.once('close', () => {
      if (!reply.sent) controller.abort();
    });
    const page = await renderPage({
      request: new Request(url, { signal: controller.signal }),
      api,
      origin,
      assets,
      translations: await wordsOf(url),
    });
    reply.status(page.status);
    page.headers.forEach((value, key) => {
      reply.header(key, value);
    });
    if (page.html?.includes(CSRF_PLACEHOLDER)) return sendWithCsrf(reply, page.html);
    return reply.send(page.html ?? '');
  };

  // A navigation that ends in an error gets the site's page (http/plugins/statusPages.ts): for a 4xx, the
  // locale's 404 page (a path no route takes) with the status; for a 5xx, a plain page saying so, which
  // needs nothing that may be what failed.
  app.statusPages.render = async (request, reply, status, locale) => {
    reply.header('cache-control', 'no-store');
    if (status < 500) {
      try {
        const origin = originOf(request);
        const url = new URL(`/${locale}/~`, origin);
        const page = await renderPage({
          request: new Request(url),
          api,
          origin,
          assets,
          translations: await wordsOf(url),
        });
        reply.status(status).type('text/html; charset=utf-8');
        return reply.send(page.html?.replace(CSRF_PLACEHOLDER, '') ?? '');
      } catch (error) {
        request.log.error({ err: error }, 'the status page could not be rendered');
      }
    }
    const dictionary = await loadDictionary(locale);
    const words = { ...dictionary.error, home: dictionary.notFound.home };
    if (status === 503) reply.header('retry-after', '5');
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(words.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style></head><body><main><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p><p><a href="${urlFor('front_pages_index', locale)}">${escapeHtml(words.home)}</a></p></main></body></html>`,
      );
  };

  app.get('/', (_request, reply) => reply.redirect(urlFor('front_pages_index', DEFAULT_LOCALE), 302));

  options.personalPages?.((request, reply, status) => {
    const origin = originOf(request);
    return renderPersonal(request, reply, new URL(request.url, origin), origin, status);
  });

  const screens = options.buyerScreens;
  if (screens) {
    const kinds = { purchases: screens.purchaseAt, bookings: screens.bookingAt } as const;
    for (const [kind, at] of Object.entries(kinds)) {
      app.withTypeProvider<ZodTypeProvider>().get(
        `/admin/api/${kind}/:id/screen`,
        {
          preHandler: requireStaff('admin', 'sales'),
          schema: { params: screenParams, querystring: screenQuery, produces: ['text/html'] },
        },
        async (request, reply) => {
          const frozen = await at(request.params.id, request.query.after);
          return sendFrozenPage(reply, frozen, { api, origin: originOf(request), assets });
        },
      );
    }
  }

  // The back office's pages: the shell of its client-rendered app, from the same build.
  if (options.adminShell) {
    await app.register(adminShell, {
      assets: assets.admin,
      ...(options.translationOverrides ? { translationOverrides: options.translationOverrides } : {}),
      ...(options.adminCarPhotos ? { carPhotos: options.adminCarPhotos } : {}),
    });
  }

  await app.register(sitemapPlugin, {
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.sitemap ? { catalogue: options.sitemap } : {}),
    ...(options.sitemapBlog ? { blog: options.sitemapBlog } : {}),
    ...(options.sitemapFacetPages ? { facetPages: options.sitemapFacetPages } : {}),
  });

  for (const locale of LOCALES) {
    app.get(`/${locale}`, render);
    app.get(`/${locale}/*`, render);
  }
};
