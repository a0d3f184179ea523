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
 */
import type { RouteBaseName } from '../../domain/routes/index.ts';
import type { AnyPage } from '../router/PageModule.ts';

/** A page module: where it is and how to load it. */
export interface PageChunk {
  /** The module's path from the project root, as Vite's manifest names it (`ui/pages/homePage.tsx`). */
  readonly source: string;
  readonly load: () => Promise<AnyPage>;
  /**
   * The page is one buyer's (a funnel screen, the account area, the favorites): rendered with their session (its data through their
   * cookie, its forms with their CSRF token), never kept in the page cache.
   */
  readonly personal?: true;
}

// Literal `import()` calls: the bundler makes a chunk of each.
const page = (name: string, load: () => Promise<AnyPage>): PageChunk => ({
  source: `ui/pages/${name}.tsx`,
  load,
});
const accountPage: PageChunk = {
  source: 'ui/pages/account/accountPage.tsx',
  load: () => import('./account/accountPage.tsx').then((m) => m.accountPage),
  personal: true,
};
const aftersalesPage = page('aftersalesPage', () =>
  import('./aftersalesPage.tsx').then((m) => m.aftersalesPage),
);
const b2bContactPage = page('b2bContactPage', () =>
  import('./b2bContactPage.tsx').then((m) => m.b2bContactPage),
);
const blogListPage = page('blogListPage', () => import('./blogListPage.tsx').then((m) => m.blogListPage));
const bookingFaqPage = page('bookingFaqPage', () =>
  import('./bookingFaqPage.tsx').then((m) => m.bookingFaqPage),
);
const brandListPage = page('brandListPage', () => import('./brandListPage.tsx').then((m) => m.brandListPage));
const brandModelPage = page('brandModelPage', () =>
  import('./brandModelPage.tsx').then((m) => m.brandModelPage),
);
const brandPage = page('brandPage', () => import('./brandPage.tsx').then((m) => m.brandPage));
const buyListPage = page('buyListPage', () => import('./buyListPage.tsx').then((m) => m.buyListPage));
const carDetailPage = page('carDetailPage', () => import('./carDetailPage.tsx').then((m) => m.carDetailPage));
const contactPage = page('contactPage', () => import('./contactPage.tsx').then((m) => m.contactPage));
const dealerDetailPage = page('dealerDetailPage', () =>
  import('./dealerDetailPage.tsx').then((m) => m.dealerDetailPage),
);
const dealerHubPage = page('dealerHubPage', () => import('./dealerHubPage.tsx').then((m) => m.dealerHubPage));
const dealersLocatorPage = page('dealersLocatorPage', () =>
  import('./dealersLocatorPage.tsx').then((m) => m.dealersLocatorPage),
);
const favoritesPage: PageChunk = {
  ...page('favoritesPage', () => import('./favoritesPage.tsx').then((m) => m.favoritesPage)),
  personal: true,
};
const homePage = page('homePage', () => import('./homePage.tsx').then((m) => m.homePage));
const imageIndexPage = page('imageIndexPage', () =>
  import('./imageIndexPage.tsx').then((m) => m.imageIndexPage),
);
const languageSwitchPage = page('languageSwitchPage', () =>
  import('./languageSwitchPage.tsx').then((m) => m.languageSwitchPage),
);
const promotionsPage = page('promotionsPage', () =>
  import('./promotionsPage.tsx').then((m) => m.promotionsPage),
);
const recoveryPage = page('recoveryPage', () => import('./recoveryPage.tsx').then((m) => m.recoveryPage));
const purchasePage: PageChunk = {
  source: 'ui/pages/purchase/purchasePage.tsx',
  load: () => import('./purchase/purchasePage.tsx').then((m) => m.purchasePage),
  personal: true,
};

const bookingPage: PageChunk = {
  source: 'ui/pages/booking/bookingPage.tsx',
  load: () => import('./booking/bookingPage.tsx').then((m) => m.bookingPage),
  personal: true,
};

/** The page of each storefront route that has one. */
export const PAGES: Partial<Record<RouteBaseName, PageChunk>> = {
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
  blog_list: blogListPage,
  blog_list_category: blogListPage,
  image_index: imageIndexPage,
  image_index_bo: imageIndexPage,
  language_switch_page: languageSwitchPage,
  contact_form: contactPage,
  aftersales_index: aftersalesPage,
  page_promo_list: promotionsPage,
  page_b2b_user_contact_detail: b2bContactPage,
  my_account_dashboard: accountPage,
  my_account_favorite: favoritesPage,
  my_account_my_bills_add: accountPage,
};

const loaded = new Map<string, AnyPage>();
const loading = new Map<string, Promise<AnyPage>>();

/** Loads the page of `route` (once; later calls share the module), or undefined if it has none. */
export async function loadPage(route: RouteBaseName): Promise<AnyPage | undefined> {
  const chunk = PAGES[route];
  if (!chunk) return undefined;
  const ready = loaded.get(chunk.source);
  if (ready) return ready;
  let pending = loading.get(chunk.source);
  if (!pending) {
    pending = chunk.load().then(
      (module) => {
        loaded.set(chunk.source, module);
        loading.delete(chunk.source);
        return module;
      },
      (error: unknown) => {
        loading.delete(chunk.source); // a failed download may be retried by the next navigation
        throw error;
      },
    );
    loading.set(chunk.source, pending);
  }
  return pending;
}

/** The page of `route` if it is loaded already (components render only pages their loader loaded). */
export function loadedPage(route: RouteBaseName): AnyPage | undefined {
  const chunk = PAGES[route];
  return chunk ? loaded.get(chunk.source) : undefined;
}
