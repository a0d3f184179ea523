/**
 * The root of the route tree: the whole HTML document (server-rendered, then hydrated as a whole), the
 * site chrome and the translator of the path's locale (whose dictionary it loads first).
 */
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useRouterState,
} from '@tanstack/react-router';
import { marketOf } from '../../domain/markets.ts';
import { NavigationProgress } from '../components/NavigationProgress.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { loadDictionary } from '../i18n/dictionaries.ts';
import { TranslatorProvider } from '../i18n/TranslatorProvider.tsx';
import { loadOverrides } from '../i18n/translationOverrides.ts';
import type { AppRouterContext } from './AppRouterContext.ts';
import { localeOfPath } from './localeOfPath.ts';

const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 34 34"><rect width="34" height="34" rx="9" fill="#1d4ed8"/><path d="M8 22.5 13.5 11h2.2l5.5 11.5M10.3 18h8.4" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/><circle cx="25" cy="21" r="2.6" fill="#ffb020"/></svg>',
)}`;

/** The document: `<html lang>` follows the locale of the page shown. */
function RootDocument() {
  // The resolved location is the one the rendered matches belong to (during a navigation the new
  // location is known before its page has loaded).
  const pathname = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  const locale = localeOfPath(pathname);
  return (
    <html lang={marketOf(locale).language}>
      <head>
        <HeadContent />
      </head>
      <body>
        <TranslatorProvider locale={locale}>
          <div className="site">
            <NavigationProgress />
            <SiteHeader />
            <main id="main" className="site-main" tabIndex={-1}>
              <Outlet />
            </main>
            <SiteFooter />
          </div>
        </TranslatorProvider>
        <Scripts />
      </body>
    </html>
  );
}

export const rootRoute = createRootRouteWithContext<AppRouterContext>()({
  // The words of the path's locale, before any route renders or builds its head (a chunk per locale in
  // the browser; before hydrating, the browser entry loads it: hydration runs no `beforeLoad`).
  beforeLoad: async ({ location }) => {
    const locale = localeOfPath(location.pathname);
    await Promise.all([loadDictionary(locale), loadOverrides(locale)]);
  },
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#1d4ed8' },
    ],
    links: [{ rel: 'icon', type: 'image/svg+xml', href: FAVICON }],
  }),
  component: RootDocument,
  notFoundComponent: NotFoundPage,
});
