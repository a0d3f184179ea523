/**
 * The one route under the root: a catch-all whose loader reads the path with the route table
 * (`matchUrl`), so `domain/routes` stays the only place paths are spelled, in all nine locales. The
 * matched route name picks the page module (`PAGES`, loaded on demand: one chunk per page in the browser),
 * which loads its data into the query cache and describes its head; its props reach its component typed
 * by the route (`LoadedRoute`). Unknown paths, routes without a page and loaders that throw `notFound()`
 * render the 404 page (status 404 on the server).
 */
import { createRoute, notFound, redirect } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DEFAULT_LOCALE } from '../../domain/markets.ts';
import { matchUrl } from '../../domain/routes/index.ts';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { createTranslator } from '../i18n/createTranslator.ts';
import {
  isPageMatch,
  type LoadedRoute,
  loadedPage,
  loadPage,
  type PageMatch,
  type PageRoute,
} from '../pages/pages.ts';
import type { AppRouterContext } from './AppRouterContext.ts';
import { headTags } from './headTags.ts';
import { localeOfPath } from './localeOfPath.ts';
import { rootRoute } from './rootRoute.tsx';
import { urlFor } from './urlFor.ts';

/** Loads the page of `match`: its props come typed by its route. */
async function loadRoute<R extends PageRoute>(
  match: PageMatch<R>,
  search: Readonly<Record<string, unknown>>,
  context: AppRouterContext,
): Promise<LoadedRoute<R>> {
  const page = await loadPage<R>(match.route);
  const { head, props } = await page.load({
    match,
    search,
    queryClient: context.queryClient,
    t: createTranslator(match.locale),
    origin: context.origin,
    ...(context.personal ? { personal: context.personal } : {}),
  });
  return { match, head, props };
}

/** Renders a loaded route with its page's component, which takes the props its `load` returned. */
function renderRoute<R extends PageRoute>(loaded: LoadedRoute<R>): ReactNode {
  const page = loadedPage<R>(loaded.match.route);
  // The loader (or, before hydrating, the browser entry) has loaded the module; if not, suspend until it is.
  if (!page) throw loadPage<R>(loaded.match.route);
  return <page.Component {...loaded.props} match={loaded.match} />;
}

function PageView(): ReactNode {
  return renderRoute(pageRoute.useLoaderData());
}

export const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  // Pages validate the query themselves (with zod, in their module); passing it through unchanged also
  // keeps the router from "canonicalising" URLs with parameters it does not know (utm_source, …).
  validateSearch: (search: Record<string, unknown>) => search,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ location, deps, context }): Promise<LoadedRoute> => {
    if (location.pathname === '/') throw redirect({ href: urlFor('front_pages_index', DEFAULT_LOCALE) });
    const match = matchUrl(location.pathname);
    if (!match || !isPageMatch(match)) throw notFound();
    return loadRoute(match, deps.search, context);
  },
  head: ({ loaderData, match }) => {
    if (loaderData) return headTags(loaderData.head, loaderData.match.locale, match.context.origin);
    const t = createTranslator(localeOfPath(match.pathname));
    const title = match.status === 'error' ? t.t('error.title') : t.t('notFound.title');
    return { meta: [{ title }, { name: 'robots', content: 'noindex' }] };
  },
  component: PageView,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
