/**
 * The application as a Fastify plugin: the server (http/server.ts) and the tests register it on a
 * Fastify instance with its dependencies as options, so nothing here reads the environment or opens
 * connections of its own.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EventStore } from '../engine/eventStore.ts';
import type { StaffAccounts } from '../engine/staff/staffAccounts.ts';
import type { StorefrontQueries } from '../projections/catalogue/storefrontQueries.ts';
import { addAcceptConstraint } from './plugins/acceptConstraint.ts';
import { compression } from './plugins/compression.ts';
import { csrfCheck } from './plugins/csrf.ts';
import { errorHandler } from './plugins/errorHandler.ts';
import { formPosts } from './plugins/formPosts.ts';
import { openApi } from './plugins/openapi.ts';
import { buyerOf } from './plugins/principals.ts';
import { type SecurityOptions, security } from './plugins/security.ts';
import { requireStaff } from './plugins/staffGuard.ts';
import { zodTypeProvider } from './plugins/zodTypeProvider.ts';
import { type AccountCallsOptions, accountCalls } from './routes/accountCalls.ts';
import { adminAuthApi } from './routes/adminAuthApi.ts';
import { type AdminCarPhotosApiOptions, adminCarPhotosApi } from './routes/adminCarPhotosApi.ts';
import { type AdminCustomersApiOptions, adminCustomersApi } from './routes/adminCustomersApi.ts';
import { type AdminDashboardApiOptions, adminDashboardApi } from './routes/adminDashboardApi.ts';
import { type AdminDealersApiOptions, adminDealersApi } from './routes/adminDealersApi.ts';
import { adminFunnelCommandsApi } from './routes/adminFunnelCommandsApi.ts';
import { type AdminFunnelsApiOptions, adminFunnelsApi } from './routes/adminFunnelsApi.ts';
import { type AdminImportApiOptions, adminImportApi } from './routes/adminImportApi.ts';
import { type AdminMailApiOptions, adminMailApi } from './routes/adminMailApi.ts';
import { type AdminSavedViewsApiOptions, adminSavedViewsApi } from './routes/adminSavedViewsApi.ts';
import { type AdminStaffApiOptions, adminStaffApi } from './routes/adminStaffApi.ts';
import { type BillsCallsOptions, billsCalls } from './routes/billsCalls.ts';
import { createBuyerScreens } from './routes/buyerScreenAt.ts';
import { type CarMoneyCallsOptions, carMoneyCalls } from './routes/carMoneyCalls.ts';
import { cardsWithPhotos } from './routes/carPhotoReads.ts';
import { type CatalogueApiOptions, catalogueApi } from './routes/catalogueApi.ts';
import { type CustomerAccountCallsOptions, customerAccountCalls } from './routes/customerAccountCalls.ts';
import { favoritesCalls } from './routes/favoritesCalls.ts';
import { type FunnelHttpOptions, funnelRoutes } from './routes/funnelRoutes.ts';
import { healthRoutes, type ReadinessReport } from './routes/health.ts';
import { type MediaRoutesOptions, mediaRoutes } from './routes/mediaRoutes.ts';
import { moveVisitorFavorites } from './routes/moveVisitorFavorites.ts';
import { storefrontCalls } from './routes/storefrontCalls.ts';
import { type SsrPluginOptions, ssrPlugin } from './ssr/ssrPlugin.ts';

export interface AppOptions {
  /** Server rendering: public URL, when to build the browser bundle, the sitemaps' catalogue. */
  readonly ssr?: Pick<SsrPluginOptions, 'publicUrl' | 'clientBuild' | 'sitemap' | 'pageCache'>;
  readonly readiness: () => Promise<ReadinessReport>;
  /** The catalogue's search and read models (absent in tests of the bare skeleton). */
  readonly catalogue?: CatalogueApiOptions;
  /** The back office's stock imports (staff API, admin role). */
  readonly imports?: Omit<AdminImportApiOptions, 'guard' | 'clock' | 'newId'> & {
    readonly clock?: () => Date;
  };
  /**
   * SPEC §7's storefront calls and favorites (they need the catalogue and the event store), and the car
   * page's money tools when given the finance and delivery providers.
   */
  readonly storefront?: {
    readonly queries: StorefrontQueries;
    readonly store: EventStore;
    readonly money?: Pick<CarMoneyCallsOptions, 'finance' | 'delivery' | 'clock'>;
  };
  /** Customer accounts: SPEC §7 `check-email`, `login/{type}` and `/api/customers/me`. */
  readonly customers?: Omit<CustomerAccountCallsOptions, 'onSignedIn'>;
  /** The account area: the customer's own funnels with their timelines, their own cars. */
  readonly account?: AccountCallsOptions;
  /** The account's bills: the documents we issue (PDFs, a ZIP of all), the bills added for own cars. */
  readonly bills?: BillsCallsOptions;
  /** The staff API over the funnels: bookings and purchases lists, exports, timelines, statistics. */
  readonly funnelsAdmin?: AdminFunnelsApiOptions;
  /** The staff dashboard's figures (read models and projections' lag). */
  readonly dashboardAdmin?: AdminDashboardApiOptions;
  /** The back office's dealer calls: lookup, model versions, the dealers' Excel export. */
  readonly dealersAdmin?: AdminDealersApiOptions;
  /** The staff API over customers: list, search by email, detail, export, erasure. */
  readonly customersAdmin?: AdminCustomersApiOptions;
  /** The back office's saved views of its lists (named filters, personal or shared). */
  readonly savedViews?: AdminSavedViewsApiOptions;
  /** The staff accounts' management: list, invitations, roles, disabling (admin only). */
  readonly staffAdmin?: AdminStaffApiOptions;
  /** The mail outbox: its list and "send again" (admin only). */
  readonly mailAdmin?: AdminMailApiOptions;
  /** The purchase and booking funnels: SPEC §7 calls, §2 screens (JSON), payment webhook and sandbox. */
  readonly funnels?: FunnelHttpOptions;
  /** Car photos: their stored sizes (`/media/…`) and the back office's upload, order and removal. */
  readonly media?: MediaRoutesOptions & Omit<AdminCarPhotosApiOptions, 'maxFileBytes'>;
  /**
   * Sessions, CSRF, rate limits and the staff guard are always on; these are their parts (absent in
   * bare test apps: in-memory sessions, a random secret, no staff sign-in).
   */
  readonly security?: SecurityOptions & { readonly staffAccounts?: StaffAccounts };
}

export async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  addAcceptConstraint(fastify);
  // First: its hook reaches only the routes registered after it.
  await fastify.register(compression);
  await fastify.register(zodTypeProvider);
  await fastify.register(errorHandler);
  await fastify.register(openApi);
  await fastify.register(security, options.security ?? {});
  await fastify.register(formPosts);
  await fastify.register(healthRoutes, { readiness: options.readiness });
  if (options.catalogue) await fastify.register(catalogueApi, options.catalogue);
  if (options.catalogue && options.storefront) {
    const { queries: storefront, store, money } = options.storefront;
    await fastify.register(storefrontCalls, { queries: options.catalogue.queries, storefront });
    if (money) {
      await fastify.register(carMoneyCalls, { ...money, queries: options.catalogue.queries, storefront });
    }
    const photos = options.catalogue.photos;
    await fastify.register(favoritesCalls, {
      store,
      // The favorites' cards with their cars' first photos (http/routes/carPhotoReads.ts).
      storefront: photos
        ? { ...storefront, cards: async (ids) => cardsWithPhotos(photos, await storefront.cards(ids)) }
        : storefront,
      newId: randomUUID,
      owner: buyerOf,
      csrf: csrfCheck,
    });
  }
  if (options.customers) {
    // With the event store at hand, a visitor's favorites move to the account at sign-in.
    const store = options.storefront?.store;
    await fastify.register(customerAccountCalls, {
      ...options.customers,
      ...(store ? { onSignedIn: moveVisitorFavorites({ store, newId: randomUUID }) } : {}),
    });
  }
  if (options.account) await fastify.register(accountCalls, options.account);
  if (options.bills) await fastify.register(billsCalls, options.bills);
  // Funnels: their screens are registered routes, so they win over the pages' wildcard.
  if (options.funnels) await fastify.register(funnelRoutes, options.funnels);
  const staffAccounts = options.security?.staffAccounts;
  if (staffAccounts) {
    await fastify.register(adminAuthApi, { accounts: staffAccounts, clock: options.security?.clock });
  }
  if (options.imports) {
    const { clock, ...imports } = options.imports;
    await fastify.register(adminImportApi, {
      ...imports,
      clock: clock ?? (() => new Date()),
      newId: randomUUID,
      guard: requireStaff('admin'),
    });
  }
  if (options.dealersAdmin) await fastify.register(adminDealersApi, options.dealersAdmin);
  if (options.funnelsAdmin) await fastify.register(adminFunnelsApi, options.funnelsAdmin);
  if (options.dashboardAdmin) await fastify.register(adminDashboardApi, options.dashboardAdmin);
  if (options.customersAdmin) await fastify.register(adminCustomersApi, options.customersAdmin);
  if (options.savedViews) await fastify.register(adminSavedViewsApi, options.savedViews);
  if (options.staffAdmin) await fastify.register(adminStaffApi, options.staffAdmin);
  if (options.mailAdmin) await fastify.register(adminMailApi, options.mailAdmin);
  // Staff act on the funnels through the buyers' services (guarded: sales and admin).
  if (options.funnels) {
    const { purchases, bookings, carListing } = options.funnels;
    await fastify.register(adminFunnelCommandsApi, {
      purchases,
      bookings,
      ...(carListing ? { carListing } : {}),
    });
  }
  if (options.media) {
    await fastify.register(mediaRoutes, { media: options.media.media });
    await fastify.register(adminCarPhotosApi, { carPhotos: options.media.carPhotos });
  }
  // The pages read the catalogue in-process (no HTTP round trip through the JSON API).
  await fastify.register(ssrPlugin, {
    ...options.ssr,
    adminShell: true,
    ...(options.media ? { adminCarPhotos: options.media.carPhotos.list } : {}),
    ...(options.funnels
      ? { buyerScreens: createBuyerScreens({ store: options.funnels.store, cars: options.funnels.cars }) }
      : {}),
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
  });
}
