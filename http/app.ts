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
import type { LeadQueries } from '../projections/leads/leadQueries.ts';
import { addAcceptConstraint } from './plugins/acceptConstraint.ts';
import { compression } from './plugins/compression.ts';
import { csrfCheck } from './plugins/csrf.ts';
import { errorHandler } from './plugins/errorHandler.ts';
import { formPosts } from './plugins/formPosts.ts';
import { hostileInput } from './plugins/hostileInput.ts';
import { openApi } from './plugins/openapi.ts';
import { buyerOf } from './plugins/principals.ts';
import { type SecurityOptions, security } from './plugins/security.ts';
import { requireStaff } from './plugins/staffGuard.ts';
import { zodTypeProvider } from './plugins/zodTypeProvider.ts';
import { type AccountCallsOptions, accountCalls } from './routes/accountCalls.ts';
import { type AdminAnalyticsApiOptions, adminAnalyticsApi } from './routes/adminAnalyticsApi.ts';
import { type AdminAppointmentsApiOptions, adminAppointmentsApi } from './routes/adminAppointmentsApi.ts';
import { adminAuthApi } from './routes/adminAuthApi.ts';
import { type AdminCarPhotosApiOptions, adminCarPhotosApi } from './routes/adminCarPhotosApi.ts';
import { type AdminContentMediaApiOptions, adminContentMediaApi } from './routes/adminContentMediaApi.ts';
import { type AdminCustomersApiOptions, adminCustomersApi } from './routes/adminCustomersApi.ts';
import { type AdminDashboardApiOptions, adminDashboardApi } from './routes/adminDashboardApi.ts';
import { type AdminDealersApiOptions, adminDealersApi } from './routes/adminDealersApi.ts';
import { adminFunnelCommandsApi } from './routes/adminFunnelCommandsApi.ts';
import { type AdminFunnelsApiOptions, adminFunnelsApi } from './routes/adminFunnelsApi.ts';
import { type AdminImportApiOptions, adminImportApi } from './routes/adminImportApi.ts';
import { type AdminLeadsApiOptions, adminLeadsApi } from './routes/adminLeadsApi.ts';
import { type AdminMailApiOptions, adminMailApi } from './routes/adminMailApi.ts';
import { type AdminReportsApiOptions, adminReportsApi } from './routes/adminReportsApi.ts';
import { type AdminSavedViewsApiOptions, adminSavedViewsApi } from './routes/adminSavedViewsApi.ts';
import { type AdminStaffApiOptions, adminStaffApi } from './routes/adminStaffApi.ts';
import { type AdminTranslationsApiOptions, adminTranslationsApi } from './routes/adminTranslationsApi.ts';
import { type AppointmentCallsOptions, appointmentCalls } from './routes/appointmentCalls.ts';
import { type BillsCallsOptions, billsCalls } from './routes/billsCalls.ts';
import { type BlogRatingCallsOptions, blogRatingCalls } from './routes/blogRatingCalls.ts';
import { createBuyerScreens } from './routes/buyerScreenAt.ts';
import { type CarMoneyCallsOptions, carMoneyCalls } from './routes/carMoneyCalls.ts';
import { cardsWithPhotos } from './routes/carPhotoReads.ts';
import { type CatalogueApiOptions, catalogueApi } from './routes/catalogueApi.ts';
import { type ContentApiOptions, contentApi } from './routes/contentApi.ts';
import { contentCmsApi } from './routes/contentCmsApi.ts';
import { type CustomerAccountCallsOptions, customerAccountCalls } from './routes/customerAccountCalls.ts';
import { seoContentApi } from './routes/seoContentApi.ts';

type SignedIn = Parameters<NonNullable<CustomerAccountCallsOptions['onSignedIn']>>[0];

import { favoritesCalls } from './routes/favoritesCalls.ts';
import { type FunnelHttpOptions, funnelRoutes } from './routes/funnelRoutes.ts';
import { healthRoutes, type ReadinessReport } from './routes/health.ts';
import { joinVisitorLeads } from './routes/joinVisitorLeads.ts';
import { type LeadCallsOptions, leadCalls } from './routes/leadCalls.ts';
import { type MediaRoutesOptions, mediaRoutes } from './routes/mediaRoutes.ts';
import { moveVisitorFavorites } from './routes/moveVisitorFavorites.ts';
import { storefrontCalls } from './routes/storefrontCalls.ts';
import {
  joinVisitorValuations,
  type ValuationCallsOptions,
  valuationCalls,
} from './routes/valuationCalls.ts';
import { type PersonalPageRenderer, type SsrPluginOptions, ssrPlugin } from './ssr/ssrPlugin.ts';

export interface AppOptions {
  /** Server rendering: public URL, the browser bundle (by default dist/client's), the sitemaps' catalogue. */
  readonly ssr?: Pick<
    SsrPluginOptions,
    'publicUrl' | 'clientAssets' | 'sitemap' | 'sitemapBlog' | 'sitemapFacetPages' | 'pageCache'
  >;
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
  /** The words staff change: the editor's API (content role) and the public overrides (`/api/i18n`). */
  readonly translations?: AdminTranslationsApiOptions;
  /** Content items: the storefront's published ones and staff's editing (content role). */
  readonly content?: ContentApiOptions;
  /** SPEC §7 `blog saveContentNote/{id}`: visitors rate the blog's articles (and staff read the ratings). */
  readonly blogRatings?: BlogRatingCallsOptions;
  /** The purchase and booking funnels: SPEC §7 calls, §2 screens (JSON), payment webhook and sandbox. */
  readonly funnels?: FunnelHttpOptions;
  /** Car photos: their stored sizes (`/media/…`) and the back office's upload, order and removal. */
  readonly media?: MediaRoutesOptions & Omit<AdminCarPhotosApiOptions, 'maxFileBytes'>;
  /** Content items' pictures and files, the landing pages' lead count and PDF removal (content role). */
  readonly contentMedia?: AdminContentMediaApiOptions;
  /**
   * Sessions, CSRF, rate limits and the staff guard are always on; these are their parts (absent in
   * bare test apps: in-memory sessions, a random secret, no staff sign-in).
   */
  readonly security?: SecurityOptions & { readonly staffAccounts?: StaffAccounts };
  /** "Sell your car": valuations outside a purchase, kept for the buyer (http/routes/valuationCalls.ts). */
  readonly valuations?: Omit<ValuationCallsOptions, 'renderPage'>;
  /** SPEC §7's lead calls; a visitor's leads join their account at sign-in (domain/leads/README.md). */
  readonly leads?: LeadCallsOptions & {
    readonly queries: LeadQueries;
    /** The read models caught up (a visitor's lead of a moment ago joins the account they sign in to). */
    readonly caughtUp?: () => Promise<void>;
  };
  /** The back office's leads: list, export, detail with history, status changes (sales). */
  readonly leadsAdmin?: AdminLeadsApiOptions;
  /** Dealer appointments: the SPEC screens, their calls and the back office's list (domain/appointment/README.md). */
  readonly appointments?: AppointmentCallsOptions;
  /** The back office's appointments per dealer and day (sales, admin). */
  readonly appointmentsAdmin?: AdminAppointmentsApiOptions;
  /** The analysts' reports: status, rebuilds with their progress, views, exports (analyst, admin). */
  readonly reportsAdmin?: AdminReportsApiOptions;
  /** Analysts' back office: projections' status and rebuilds, the events explorer (analyst, admin). */
  readonly analyticsAdmin?: AdminAnalyticsApiOptions;
}

export async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  addAcceptConstraint(fastify);
  // First: its hook reaches only the routes registered after it.
  await fastify.register(compression);
  await fastify.register(zodTypeProvider);
  await fastify.register(errorHandler);
  await fastify.register(hostileInput);
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
    // With the event store at hand, a visitor's favorites move to the account at sign-in; with the
    // valuations, their valuations join it.
    const store = options.storefront?.store;
    const moveFavorites = store ? moveVisitorFavorites({ store, newId: randomUUID }) : undefined;
    const joinValuations = options.valuations ? joinVisitorValuations(options.valuations.saved) : undefined;
    const joinLeads = options.leads
      ? joinVisitorLeads({
          leads: options.leads.leads,
          queries: options.leads.queries,
          ...(options.leads.caughtUp ? { caughtUp: options.leads.caughtUp } : {}),
        })
      : undefined;
    const onSignedIn =
      moveFavorites || joinValuations || joinLeads
        ? async (signedIn: SignedIn) => {
            await moveFavorites?.(signedIn);
            await joinValuations?.(signedIn);
            await joinLeads?.(signedIn);
          }
        : undefined;
    await fastify.register(customerAccountCalls, {
      ...options.customers,
      ...(onSignedIn ? { onSignedIn } : {}),
    });
  }
  if (options.leads) await fastify.register(leadCalls, options.leads);
  if (options.account) await fastify.register(accountCalls, options.account);
  // The valuation form's page is rendered again on a refusal: by the pages' plugin, registered last.
  const personalPages: { render?: PersonalPageRenderer } = {};
  if (options.valuations) {
    await fastify.register(valuationCalls, {
      ...options.valuations,
      renderPage: (request, reply, status) => {
        if (!personalPages.render) throw new Error('the pages are not served');
        return personalPages.render(request, reply, status);
      },
    });
  }
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
  if (options.translations) await fastify.register(adminTranslationsApi, options.translations);
  if (options.content) await fastify.register(contentApi, options.content);
  if (options.blogRatings) await fastify.register(blogRatingCalls, options.blogRatings);
  if (options.content) {
    // The CMS core's slugs and validation, the SEO kinds' checks and the footer's second-level links.
    await fastify.register(contentCmsApi, { items: options.content.items });
    await fastify.register(seoContentApi, {
      items: options.content.items,
      ...(options.catalogue ? { search: options.catalogue.search } : {}),
    });
  }
  if (options.leadsAdmin) await fastify.register(adminLeadsApi, options.leadsAdmin);
  // Staff act on the funnels through the buyers' services (guarded: sales and admin).
  if (options.funnels) {
    const { purchases, bookings, carListing } = options.funnels;
    await fastify.register(adminFunnelCommandsApi, {
      purchases,
      bookings,
      ...(carListing ? { carListing } : {}),
    });
  }
  if (options.appointments) await fastify.register(appointmentCalls, options.appointments);
  if (options.appointmentsAdmin) await fastify.register(adminAppointmentsApi, options.appointmentsAdmin);
  if (options.reportsAdmin) await fastify.register(adminReportsApi, options.reportsAdmin);
  if (options.analyticsAdmin) await fastify.register(adminAnalyticsApi, options.analyticsAdmin);
  if (options.media) {
    await fastify.register(mediaRoutes, { media: options.media.media });
    await fastify.register(adminCarPhotosApi, { carPhotos: options.media.carPhotos });
  }
  if (options.contentMedia) await fastify.register(adminContentMediaApi, options.contentMedia);
  // The pages read the catalogue in-process (no HTTP round trip through the JSON API).
  await fastify.register(ssrPlugin, {
    ...options.ssr,
    adminShell: true,
    ...(options.media ? { adminCarPhotos: options.media.carPhotos.list } : {}),
    ...(options.funnels
      ? { buyerScreens: createBuyerScreens({ store: options.funnels.store, cars: options.funnels.cars }) }
      : {}),
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
    ...(options.translations ? { translationOverrides: options.translations.cache.overrides } : {}),
    personalPages: (render) => {
      personalPages.render = render;
    },
  });
}
