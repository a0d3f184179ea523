/**
 * Which page renders which route of the route table. Every storefront route has one (the every-route
 * test in http/ssr/storefrontRoutes.int.spec.ts fails for a new route without a page); a route without a
 * page here answers 404 (the dealer appointment screens, until they have pages).
 *
 * Each page module is loaded on demand (`import()`), so the browser bundle splits into one chunk per
 * page and a visitor downloads only the page they open: the server loads the module before rendering,
 * the browser before hydrating (`entryClient.tsx`) and the route's loader before a client navigation
 * renders it. The server also names the chunk in `<link rel="modulepreload">` (`source`, the module's
 * key in Vite's manifest).
 *
 * The registry is typed per route: `PAGES.car_detail` is a `PageChunk<CarProps>`, and `LoadedRoute`
 * pairs a route with its page's props, so the catch-all route loads and renders a page without erasing
 * its props' type (pageRoute.tsx).
 */
import type { RouteBaseName, RouteMatch } from '../../domain/routes/index.ts';
import type { PageHead, PageModule } from '../router/PageModule.ts';

/** What the server needs to know of a route's page before loading it. */
export interface PageInfo {
  /** The module's path from the project root, as Vite's manifest names it (`ui/pages/homePage.tsx`). */
  readonly source: string;
  /**
   * The page is one buyer's (a funnel screen, the account area, the favorites): rendered with their
   * session (its data through their cookie, its forms with their CSRF token), never kept in the page cache.
   */
  readonly personal?: true;
}

/** A page module with props `P`: where it is, how to load it (once), and the module once loaded. */
export interface PageChunk<P> extends PageInfo {
  /** Loads the module (once; later calls share it; a failed download is tried again next time). */
  load(): Promise<PageModule<P>>;
  /** The module if it is loaded already (components render only pages their loader loaded). */
  loaded(): PageModule<P> | undefined;
}

/** A page chunk loaded by `importer` (a literal `import()`: the bundler makes a chunk of each). */
function lazyPage<P>(
  source: string,
  importer: () => Promise<PageModule<P>>,
  personal?: { readonly personal: true },
): PageChunk<P> {
  let module: PageModule<P> | undefined;
  let pending: Promise<PageModule<P>> | undefined;
  return {
    source: `ui/pages/${source}.tsx`,
    ...personal,
    load() {
      if (module) return Promise.resolve(module);
      pending ??= importer().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined; // a failed download may be retried by the next navigation
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

const PERSONAL = { personal: true } as const;

const accountPage = lazyPage(
  'account/accountPage',
  () => import('./account/accountPage.tsx').then((m) => m.accountPage),
  PERSONAL,
);
const aftersalesPage = lazyPage('aftersalesPage', () =>
  import('./aftersalesPage.tsx').then((m) => m.aftersalesPage),
);
const b2bContactPage = lazyPage(
  'b2bContactPage',
  () => import('./b2bContactPage.tsx').then((m) => m.b2bContactPage),
  PERSONAL,
);
const blogListPage = lazyPage('blogListPage', () => import('./blogListPage.tsx').then((m) => m.blogListPage));
const blogArticlePage = lazyPage('blogArticlePage', () =>
  import('./blogArticlePage.tsx').then((m) => m.blogArticlePage),
);
const bookingFaqPage = lazyPage('bookingFaqPage', () =>
  import('./bookingFaqPage.tsx').then((m) => m.bookingFaqPage),
);
const brandListPage = lazyPage('brandListPage', () =>
  import('./brandListPage.tsx').then((m) => m.brandListPage),
);
const brandModelPage = lazyPage('brandModelPage', () =>
  import('./brandModelPage.tsx').then((m) => m.brandModelPage),
);
const brandPage = lazyPage('brandPage', () => import('./brandPage.tsx').then((m) => m.brandPage));
const buyListPage = lazyPage('buyListPage', () => import('./buyListPage.tsx').then((m) => m.buyListPage));
const carDetailPage = lazyPage('carDetailPage', () =>
  import('./carDetailPage.tsx').then((m) => m.carDetailPage),
);
const contactPage = lazyPage(
  'contactPage',
  () => import('./contactPage.tsx').then((m) => m.contactPage),
  PERSONAL,
);
const dealerDetailPage = lazyPage('dealerDetailPage', () =>
  import('./dealerDetailPage.tsx').then((m) => m.dealerDetailPage),
);
const dealerHubPage = lazyPage('dealerHubPage', () =>
  import('./dealerHubPage.tsx').then((m) => m.dealerHubPage),
);
const dealersLocatorPage = lazyPage('dealersLocatorPage', () =>
  import('./dealersLocatorPage.tsx').then((m) => m.dealersLocatorPage),
);
const favoritesPage = lazyPage(
  'favoritesPage',
  () => import('./favoritesPage.tsx').then((m) => m.favoritesPage),
  PERSONAL,
);
const homePage = lazyPage('homePage', () => import('./homePage.tsx').then((m) => m.homePage));
const imageIndexPage = lazyPage('imageIndexPage', () =>
  import('./imageIndexPage.tsx').then((m) => m.imageIndexPage),
);
const languageSwitchPage = lazyPage('languageSwitchPage', () =>
  import('./languageSwitchPage.tsx').then((m) => m.languageSwitchPage),
);
const promotionsPage = lazyPage('promotionsPage', () =>
  import('./promotionsPage.tsx').then((m) => m.promotionsPage),
);
const recoveryPage = lazyPage(
  'recoveryPage',
  () => import('./recoveryPage.tsx').then((m) => m.recoveryPage),
  PERSONAL,
);
const valuationOfferPage = lazyPage(
  'valuation/valuationOfferPage',
  () => import('./valuation/valuationOfferPage.tsx').then((m) => m.valuationOfferPage),
  PERSONAL,
);
const purchasePage = lazyPage(
  'purchase/purchasePage',
  () => import('./purchase/purchasePage.tsx').then((m) => m.purchasePage),
  PERSONAL,
);
const bookingPage = lazyPage(
  'booking/bookingPage',
  () => import('./booking/bookingPage.tsx').then((m) => m.bookingPage),
  PERSONAL,
);
const appointmentPage = lazyPage(
  'appointment/appointmentPage',
  () => import('./appointment/appointmentPage.tsx').then((m) => m.appointmentPage),
  PERSONAL,
);

// Leads (domain/leads): the topic pages with their forms, and where a sent form lands.
const topicPage = lazyPage('leads/topicPage', () => import('./leads/topicPage.tsx').then((m) => m.topicPage));
const leadThanksPage = lazyPage(
  'leads/leadThanksPage',
  () => import('./leads/leadThanksPage.tsx').then((m) => m.leadThanksPage),
  PERSONAL,
);

// Landing pages staff publish (content items: domain/content/README.md "Landing pages").
const landingPage = lazyPage('landingPage', () => import('./landingPage.tsx').then((m) => m.landingPage));

/** The page of each storefront route that has one (its keys are route names: `satisfies`). */
const REGISTRY = {
  front_pages_index: homePage,
  car_purchase_form: purchasePage,
  car_purchase_form_vn: purchasePage,
  car_purchase_info: purchasePage,
  car_purchase_info_vn: purchasePage,
  car_purchase_ok: purchasePage,
  car_purchase_payment_ko: purchasePage,
  car_not_available: purchasePage,
  car_booking_form: bookingPage,
  car_booking_check_contact: bookingPage,
  car_booking_limit: bookingPage,
  car_book_ok: bookingPage,
  car_book_ko: bookingPage,
  car_book_payment_ko: bookingPage,
  page_buy_index: buyListPage,
  page_buy_vn: buyListPage,
  car_detail: carDetailPage,
  car_detail_vn: carDetailPage,
  car_detail_v1: carDetailPage,
  brand_list: brandListPage,
  brand_item: brandPage,
  brand_model_detail: brandModelPage,
  dealers_locator_index: dealersLocatorPage,
  dealer_detail: dealerDetailPage,
  dealer_hub: dealerHubPage,
  car_booking_faq: bookingFaqPage,
  page_recovery_index: recoveryPage,
  page_recovery_offer: valuationOfferPage,
  blog_list: blogListPage,
  blog_list_category: blogListPage,
  blog_article: blogArticlePage,
  image_index: imageIndexPage,
  image_index_bo: imageIndexPage,
  language_switch_page: languageSwitchPage,
  landing_page: landingPage,
  contact_form: contactPage,
  aftersales_index: aftersalesPage,
  page_promo_list: promotionsPage,
  page_b2b_user_contact_detail: b2bContactPage,
  my_account_dashboard: accountPage,
  my_account_favorite: favoritesPage,
  my_account_my_bills_add: accountPage,
  finance_page: topicPage,
  warranty_page: topicPage,
  electric_page: topicPage,
  lead_thanks: leadThanksPage,
  dealer_appointment: appointmentPage,
  dealer_appointment_confirmation: appointmentPage,
} satisfies Partial<Record<RouteBaseName, PageInfo>>;

/** The routes that have a page. */
export type PageRoute = keyof typeof REGISTRY;

/** The props of `route`'s page, as its `load` returns them and its component takes them. */
export type PagePropsOf<R extends PageRoute> =
  (typeof REGISTRY)[R] extends PageChunk<infer P extends object> ? P : never;

/** The page of each route that has one, typed by route. */
export const PAGES: { readonly [R in PageRoute]: PageChunk<PagePropsOf<R>> } = REGISTRY;

/** A route match of a route that has a page. */
export type PageMatch<R extends PageRoute = PageRoute> = RouteMatch & { readonly route: R };

/**
 * What the catch-all route's loader returns (and the browser gets with the page): a route with its
 * page's head and props, the props' type following the route (a union over the routes).
 */
export type LoadedRoute<R extends PageRoute = PageRoute> = {
  readonly [K in R]: {
    readonly match: PageMatch<K>;
    readonly head: PageHead;
    readonly props: PagePropsOf<K>;
  };
}[R];

/** Whether `route` has a page. */
export function isPageRoute(route: RouteBaseName): route is PageRoute {
  return Object.hasOwn(PAGES, route);
}

/** Whether `match` is of a route that has a page. */
export function isPageMatch(match: RouteMatch): match is PageMatch {
  return isPageRoute(match.route);
}

/** Where `route`'s page is and whether it is personal, or undefined if it has none. */
export function pageInfo(route: RouteBaseName): PageInfo | undefined {
  return isPageRoute(route) ? PAGES[route] : undefined;
}

/** Loads the page of `route` (once; later calls, for it or its page's other routes, share the module). */
export function loadPage<R extends PageRoute>(route: R): Promise<PageModule<PagePropsOf<R>>> {
  return PAGES[route].load();
}

/** The page of `route` if it is loaded already. */
export function loadedPage<R extends PageRoute>(route: R): PageModule<PagePropsOf<R>> | undefined {
  return PAGES[route].loaded();
}
