/**
 * The composition root's wiring: from a parsed `Config` to running services (database, migrations,
 * event store, projections, timers, sessions, staff accounts) and back down in the right order on shutdown.
 */
import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { carStream } from '../domain/catalogue/car.ts';
import { generateDemoCatalogue } from '../domain/catalogue/demo/generateDemoCatalogue.ts';
import { isDomainError } from '../domain/errors.ts';
import {
  type AppointmentService,
  createAppointmentService,
} from '../engine/appointments/appointmentService.ts';
import { type BillBundles, createBillBundles } from '../engine/bills/billBundles.ts';
import { createCustomerBills } from '../engine/bills/createCustomerBills.ts';
import type { CustomerBills } from '../engine/bills/customerBills.ts';
import { createPostgresAppendBatch } from '../engine/catalogue/createPostgresAppendBatch.ts';
import { createImportStock, type ImportStock } from '../engine/catalogue/importStock.ts';
import { seedCatalogue } from '../engine/catalogue/seedCatalogue.ts';
import { type BlogRatings, createBlogRatings } from '../engine/content/blogRatings.ts';
import { type ContentItems, createContentItems } from '../engine/content/contentItems.ts';
import { createTranslations, type Translations } from '../engine/content/translations.ts';
import { createCustomerAccounts } from '../engine/customers/accounts/createCustomerAccounts.ts';
import type { CustomerAccounts } from '../engine/customers/accounts/customerAccounts.ts';
import { createCustomerCars } from '../engine/customers/cars/createCustomerCars.ts';
import type { CustomerCars } from '../engine/customers/cars/customerCars.ts';
import { type CustomerNumbers, customerNumbers } from '../engine/customers/customerNumbers.ts';
import { type CustomerErasure, createCustomerErasure } from '../engine/customers/eraseCustomer.ts';
import { createVisitorErasure, type VisitorErasureService } from '../engine/customers/eraseVisitor.ts';
import {
  createPostgresCustomerVault,
  type PostgresCustomerVault,
} from '../engine/customers/vault/createPostgresCustomerVault.ts';
import { type Database, openDatabase } from '../engine/database/openDatabase.ts';
import type { EventStore } from '../engine/eventStore.ts';
import { StreamNotFoundError } from '../engine/eventStoreErrors.ts';
import {
  connectPaymentWebhooks,
  createBuiltInFunnelProviders,
  createFunnelServices,
  type FunnelServices,
} from '../engine/funnels/createFunnelServices.ts';
import type { FunnelProviders } from '../engine/funnels/funnelPorts.ts';
import { outcomePageUrls } from '../engine/funnels/funnelPorts.ts';
import { createLeadContacts, type LeadContacts } from '../engine/leads/leadContacts.ts';
import { createLeadService, type LeadService } from '../engine/leads/leadService.ts';
import { invitationMailer } from '../engine/mail/invitationMail.ts';
import { createMailOutbox, type MailOutbox } from '../engine/mail/mailOutbox.ts';
import { createMailSecrets } from '../engine/mail/mailSecrets.ts';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from '../engine/mail/mailWorker.ts';
import { createSmtpTransport } from '../engine/mail/smtpTransport.ts';
import { type ContentMedia, createContentMedia } from '../engine/media/contentMedia.ts';
import { type CarPhotos, createCarPhotos } from '../engine/media/createCarPhotos.ts';
import { createMediaStorage } from '../engine/media/createMediaStorage.ts';
import { createFetchPhoto } from '../engine/media/fetchPhoto.ts';
import { createImportFeedPhotos } from '../engine/media/importFeedPhotos.ts';
import type { MediaStorage } from '../engine/media/mediaStorage.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { listenForAppends } from '../engine/postgres/listenForAppends.ts';
import { createReadModelChanges } from '../engine/postgres/readModelChanges.ts';
import {
  createPaymentWebhookReceiver,
  type PaymentWebhookReceiver,
} from '../engine/providers/payment/createPaymentWebhookReceiver.ts';
import type { SandboxPayments } from '../engine/providers/payment/createSandboxPayments.ts';
import type { WebhookCourier } from '../engine/providers/payment/createWebhookCourier.ts';
import type { CatalogueSearch } from '../engine/search/catalogueSearch.ts';
import { createPostgresSessionStore } from '../engine/sessions/createPostgresSessionStore.ts';
import { createEndStaffSessions } from '../engine/sessions/endStaffSessions.ts';
import { changedKeys, SESSION_CHANGES_CHANNEL } from '../engine/sessions/sessionChanges.ts';
import type { SessionStore } from '../engine/sessions/sessionStore.ts';
import { createSavedViews } from '../engine/staff/createSavedViews.ts';
import { createStaffAccounts } from '../engine/staff/createStaffAccounts.ts';
import type { SavedViews } from '../engine/staff/savedViews.ts';
import type { StaffAccounts } from '../engine/staff/staffAccounts.ts';
import { createStaffManagement, type StaffManagement } from '../engine/staff/staffManagement.ts';
import { createTimerScheduler, createTimerStore } from '../engine/timers/createTimerScheduler.ts';
import type { DueTimer, TimerScheduler, TimerStore } from '../engine/timers/timerScheduler.ts';
import { type EventExplorer, eventExplorer } from '../projections/analytics/eventExplorer.ts';
import { type ProjectionMonitor, projectionMonitor } from '../projections/analytics/projectionMonitor.ts';
import {
  type AppointmentQueries,
  appointmentQueries,
} from '../projections/appointments/appointmentsProjection.ts';
import { type CatalogueQueries, catalogueQueries } from '../projections/catalogue/catalogueQueries.ts';
import { createCurrentStockReader } from '../projections/catalogue/currentStockReader.ts';
import { type StockImportQueries, stockImportQueries } from '../projections/catalogue/stockImportQueries.ts';
import { type StorefrontQueries, storefrontQueries } from '../projections/catalogue/storefrontQueries.ts';
import { type BlogRatingQueries, blogRatingQueries } from '../projections/content/blogRatingsProjection.ts';
import { contentItemsProjection } from '../projections/content/contentItemsProjection.ts';
import { type ContentQueries, contentQueries } from '../projections/content/contentQueries.ts';
import { landingPageLeadCount } from '../projections/content/landingPageLeadsProjection.ts';
import { translationOverridesProjection } from '../projections/content/translationOverridesProjection.ts';
import { type TranslationQueries, translationQueries } from '../projections/content/translationQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../projections/createProjectionRunner.ts';
import { type CustomerQueries, customerQueries } from '../projections/customers/customerQueries.ts';
import { type DashboardQueries, dashboardQueries } from '../projections/dashboardQueries.ts';
import type { Projection } from '../projections/defineProjection.ts';
import { type FunnelReadModels, funnelReadModels } from '../projections/funnels/funnelReadModels.ts';
import { PROJECTIONS } from '../projections/index.ts';
import { leadFacts } from '../projections/leads/leadFacts.ts';
import { type LeadQueries, leadQueries } from '../projections/leads/leadQueries.ts';
import { createMailReactor } from '../projections/mail/mailReactor.ts';
import { type CarPhotoQueries, carPhotoQueries } from '../projections/media/carPhotosProjection.ts';
import { REPORT_PROJECTIONS } from '../projections/reports/reportCatalog.ts';
import {
  createMeiliCatalogueSearch,
  type MeiliCatalogueSearch,
} from '../projections/search/meili/createMeiliCatalogueSearch.ts';
import { createMeiliCatalogueIndexProjection } from '../projections/search/meili/meiliCatalogueIndexProjection.ts';
import { createPostgresCatalogueSearch } from '../projections/search/postgres/createPostgresCatalogueSearch.ts';
import { checkViewFilters } from '../ui/admin/savedViewLists.ts';
import type { Config } from './config.ts';
import { seedContent } from './contentSeed.ts';
import { checkReadiness } from './readiness.ts';
import type { ReadinessReport } from './routes/health.ts';
import { scheduledContentRefresh } from './scheduledContentRefresh.ts';
import { createPageCache, type PageCache } from './ssr/pageCache.ts';
import { createTranslationCache, shippedTexts, type TranslationCache } from './translationTexts.ts';
import { vaultKeysFrom } from './vaultKeys.ts';

export interface Services {
  readonly db: Database;
  readonly knex: Knex;
  readonly store: EventStore;
  readonly projections: ProjectionRunner;
  readonly timers: TimerScheduler;
  readonly catalogue: {
    readonly search: CatalogueSearch;
    readonly queries: CatalogueQueries;
    readonly storefront: StorefrontQueries;
    /** The cars' photos (projections/media). */
    readonly photos: CarPhotoQueries;
  };
  /** The media storage and the car photos kept in it (engine/media/README.md). */
  readonly media: {
    readonly storage: MediaStorage;
    readonly carPhotos: CarPhotos;
    /** Content items' pictures and files (engine/media/contentMedia.ts). */
    readonly contentMedia: ContentMedia;
  };
  /** Dealer stock feeds: the import and its monthly log (staff API). */
  readonly imports: { readonly importStock: ImportStock } & StockImportQueries;
  readonly sessions: SessionStore;
  readonly staffAccounts: StaffAccounts;
  /** The back office's saved views of its lists, their filters checked as the lists' URLs. */
  readonly savedViews: SavedViews;
  /** The back office's staff management: invitations, roles, disabling (ending sessions). */
  readonly staffManagement: StaffManagement;
  /** Customers: the personal-data vault and the accounts (engine/customers/README.md). */
  readonly customers: {
    readonly vault: PostgresCustomerVault;
    readonly accounts: CustomerAccounts;
    /** The buyers' own cars (plates in the vault, pictures in the media storage). */
    readonly cars: CustomerCars;
    /** The bills added for their cars (erase them before the cars: `bills.eraseCustomer`). */
    readonly bills: CustomerBills;
    /** The ZIP bundles of their documents. */
    readonly billBundles: BillBundles;
    /** Public numbers (the back office's URLs) and ids. */
    readonly numbers: CustomerNumbers;
    /** GDPR erasure for the back office (engine/customers/eraseCustomer.ts). */
    readonly erasure: CustomerErasure;
    /** A visitor's erasure by email, for the back office (engine/customers/eraseVisitor.ts). */
    readonly visitorErasure: VisitorErasureService;
    /** The customers' read model (projections/customers). */
    readonly queries: CustomerQueries;
  };
  /** The purchase and booking funnels (engine/funnels/README.md) and what the HTTP layer serves for them. */
  readonly funnels: FunnelsWiring;
  /** The funnels' read models (bookings, purchases, car holds, statistics) for the staff API. */
  readonly funnelReadModels: FunnelReadModels;
  /** The mail outbox (engine/mail): its rows for the back office; `sending` when SMTP_URL is set. */
  readonly mail: { readonly outbox: MailOutbox; readonly sending: boolean };
  /** Content items staff edit (domain/content/README.md "Content items"). */
  readonly content: {
    readonly items: ContentItems;
    readonly queries: ContentQueries;
    readonly ratings: BlogRatings;
    readonly ratingQueries: BlogRatingQueries;
    /** The leads sent from a landing page (projections/content/landingPageLeadsProjection.ts). */
    readonly landingPageLeads: (landingPageId: string) => Promise<number>;
  };
  /** The words staff change (domain/content/README.md "Translations"). */
  readonly translations: {
    readonly service: Translations;
    readonly queries: TranslationQueries;
    readonly cache: TranslationCache;
  };
  /** Leads (domain/leads/README.md): the service, each lead's vault subject, routing facts, the read model. */
  readonly leads: {
    readonly service: LeadService;
    readonly contacts: LeadContacts;
    readonly facts: ReturnType<typeof leadFacts>;
    readonly queries: LeadQueries;
  };
  /** The staff dashboard's figures (the read models and the projections' lag). */
  readonly dashboard: DashboardQueries;
  /** The rendered pages kept while the catalogue has not moved; undefined when `PAGE_CACHE_SECONDS` is 0. */
  readonly pageCache: PageCache | undefined;
  /** Dealer appointments (engine/appointments) and their read model (projections/appointments). */
  readonly appointments: { readonly service: AppointmentService; readonly queries: AppointmentQueries };
  /** Analysts' back office: the projections' status and rebuilds, the events explorer (projections/analytics). */
  readonly analytics: { readonly monitor: ProjectionMonitor; readonly explorer: EventExplorer };
  readiness(): Promise<ReadinessReport>;
  /** Stops background work, then closes the event store and the database. */
  close(): Promise<void>;
}

/** The funnels' services, providers and payment webhook plumbing, for http/app.ts's `funnels` option. */
export interface FunnelsWiring
  extends Pick<FunnelServices, 'purchases' | 'bookings' | 'cars' | 'carListing' | 'savedValuations'> {
  readonly providers: FunnelProviders;
  /** The payment webhook's receiver (route `POST /api/payments/webhook`). */
  readonly receiver: PaymentWebhookReceiver;
  /** The sandbox checkout (its pages `/sandbox/checkout/…`) while it is the payment provider. */
  readonly sandbox: SandboxPayments | undefined;
  /** Carries the sandbox's webhooks to the receiver (started with the services, stopped on close). */
  readonly courier: WebhookCourier | undefined;
  /** The timer handlers the funnels registered (hold expiry), by command type. */
  readonly timers: FunnelServices['timerHandlers'];
}

export interface ServiceLogger {
  info(message: string): void;
  warn?(message: string): void;
  error(payload: unknown, message?: string): void;
}

/**
 * A catalogue with no car yet gets the demo catalogue, so a fresh `npm start` shows a working store
 * (`DEMO_CARS`, 0 to disable; off by default in production). Idempotent: event ids come from the facts.
 */
async function seedDemoCatalogue(
  config: Config,
  store: EventStore,
  log: ServiceLogger,
  clock: () => Date,
): Promise<void> {
  if (config.demoCars === 0) return;
  const anyCar = await store.readAll({ filter: { eventTypePrefixes: ['CarListed'] }, maxCount: 1 });
  if (anyCar.length > 0) return;
  const started = performance.now();
  const result = await seedCatalogue(
    store,
    generateDemoCatalogue({ seed: 42, cars: config.demoCars, asOf: clock().toISOString().slice(0, 7) }),
  );
  log.info(
    `demo catalogue: ${result.dealers} dealers and ${result.cars} cars in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * How long a session read or saved by this instance is answered from memory (each instance hears the
 * changes made elsewhere: engine/sessions/createPostgresSessionStore.ts).
 */
const SESSIONS_KEPT_FOR_MS = 10_000;

/** How often expired sessions are deleted. */
const SESSION_PRUNE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Development only: a first start on a database with no staff account creates admin@example.test with
 * a random password, printed once in the log. Never in production.
 */
async function createDemoStaffAccount(
  config: Config,
  accounts: StaffAccounts,
  log: ServiceLogger,
): Promise<void> {
  if (config.env !== 'development' || (await accounts.count()) > 0) return;
  const password = randomBytes(12).toString('base64url');
  try {
    await accounts.create({ email: 'admin@example.test', name: 'Demo admin', password, roles: ['admin'] });
    log.info(`demo staff account (development only, shown once): admin@example.test / ${password}`);
  } catch (error) {
    if (!isDomainError(error, 'conflict')) throw error;
  }
}

/** EventStoreDB when `EVENTSTORE_URL` is set, else the Postgres adapter on the app's database. */
export async function openEventStore(config: Config, db: Database, log: ServiceLogger): Promise<EventStore> {
  // EventStoreDB's gRPC client and its protobufs (~6 MB of heap) are loaded only when it is the store.
  return config.eventStoreUrl
    ? (await import('../engine/esdb/createEsdbEventStore.ts')).createEsdbEventStore({
        connectionString: config.eventStoreUrl,
      })
    : createPostgresEventStore({
        knex: db.knex,
        listenUrl: db.embedded ? undefined : db.url,
        onBackgroundError: (error) =>
          log.error(
            { err: error },
            'event store background work failed (listening, or waking other instances)',
          ),
      });
}

/**
 * Projections no storefront page reads (the funnels' and the back office's): their batches leave the
 * kept pages as they are, and are not announced to other instances. Any other projection, a new one
 * included, empties the page cache.
 */
const NOT_ON_PAGES: ReadonlySet<string> = new Set([
  'purchases',
  'bookings',
  'funnel_statistics',
  'car_holds',
  'event_type_stats',
  'stock_imports',
  'customers',
  'mail',
  'leads',
  'landing_page_leads',
  // The analysts' reports (projections/reports/): the back office reads them, never a page.
  ...REPORT_PROJECTIONS.map((report) => report.name),
]);

/** The projections this configuration runs: the Meilisearch feed joins them when `MEILI_URL` is set. */
export function projectionsFor(config: Pick<Config, 'meili'>): readonly Projection[] {
  if (!config.meili) return PROJECTIONS;
  return [
    ...PROJECTIONS,
    createMeiliCatalogueIndexProjection({ host: config.meili.url, apiKey: config.meili.apiKey }),
  ];
}

/** Every projection the app runs: {@link projectionsFor}, and the mail reactor (outbox rows from events). */
export function appProjections(
  config: Pick<Config, 'meili'>,
  options: {
    readonly store: EventStore;
    readonly schema?: string;
    readonly clock?: (() => Date) | undefined;
  },
): readonly Projection[] {
  return [...projectionsFor(config), createMailReactor(options)];
}

/** Meilisearch when `MEILI_URL` is set (its index prepared in the background), else Postgres. */
function catalogueSearchFor(
  config: Config,
  db: Database,
  log: ServiceLogger,
): CatalogueSearch | MeiliCatalogueSearch {
  if (!config.meili) return createPostgresCatalogueSearch({ knex: db.knex });
  const search = createMeiliCatalogueSearch({ host: config.meili.url, apiKey: config.meili.apiKey });
  search
    .prepare()
    .catch((error: unknown) =>
      log.error({ err: error }, 'meilisearch not ready yet: retried on the first search'),
    );
  return search;
}

export interface ServiceHooks {
  /** Brings the schema up to date (migrations/ is run by the entry point, not imported by http/). */
  readonly migrate: (knex: Knex) => Promise<string[]>;
  /** Handlers of due timers by their command's `type` (the funnels register hold expiry and the like). */
  readonly timerHandlers?: Readonly<Record<string, (timer: DueTimer) => Promise<void>>>;
  /** The clock (default: the system clock); the one place the app reads the time. */
  readonly clock?: () => Date;
  /** Projections run beside the app's own (the funnels bench measures a command's cost as they grow). */
  readonly moreProjections?: readonly Projection[];
}

export async function createServices(
  config: Config,
  log: ServiceLogger,
  hooks: ServiceHooks,
): Promise<Services> {
  // Before anything opens: bad or missing vault keys stop the start here.
  const vaultKeys = vaultKeysFrom(config, (message) => (log.warn ?? log.info)(message));
  const db = await openDatabase({ ...config.database, applicationName: 'car-retail' });
  try {
    const applied = await hooks.migrate(db.knex);
    if (applied.length > 0) log.info(`migrations applied: ${applied.join(', ')}`);
    // Sessions kept in memory for a while, each instance told of changes made elsewhere (below).
    const sessions = createPostgresSessionStore({
      knex: db.knex,
      clock: hooks.clock,
      keepForMs: SESSIONS_KEPT_FOR_MS,
    });
    const mailSecrets = createMailSecrets(vaultKeys.lookupKey);
    // An invitation's mail is added in the invitation's transaction (engine/mail/README.md).
    const staffAccounts = createStaffAccounts({
      knex: db.knex,
      clock: hooks.clock,
      onInvited: invitationMailer({ secrets: mailSecrets }),
    });
    await createDemoStaffAccount(config, staffAccounts, log);
    const staffManagement = createStaffManagement({
      accounts: staffAccounts,
      endSessions: createEndStaffSessions({ knex: db.knex, sessions }),
    });
    const vault = createPostgresCustomerVault({ knex: db.knex, ...vaultKeys, clock: hooks.clock });
    // Each lead's own vault subject, sealed under the same master keys (engine/leads/leadContacts.ts).
    const leadContacts = createLeadContacts({
      knex: db.knex,
      ...vaultKeys,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    });
    const leadFactsReader = leadFacts({ knex: db.knex });
    const media = createMediaStorage(config.media);
    const customerCars = createCustomerCars({
      knex: db.knex,
      vault,
      media,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    });
    const customerBills = createCustomerBills({
      knex: db.knex,
      media,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    });
    const billBundles = createBillBundles({
      knex: db.knex,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
      log: (message, error) => log.error({ err: error }, message),
    });
    const store = await openEventStore(config, db, log);
    // Sign-ups are recorded on the customer's stream (the customers' read model).
    const customerAccounts = createCustomerAccounts({ knex: db.knex, vault, store, clock: hooks.clock });
    // Accounts from before sign-ups were events: recorded once (an empty list after the first start).
    const backfilled = await customerAccounts.recordPendingSignUps();
    if (backfilled > 0) log.info(`recorded the sign-up of ${backfilled} earlier customers`);
    const erasure = createCustomerErasure({
      knex: db.knex,
      store,
      vault,
      accounts: customerAccounts,
      cars: customerCars,
      bills: customerBills,
      leads: leadContacts,
      sessions,
      newId: randomUUID,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
      // Their appointments from the read model (waiting for it), each appointment's contact from its stream.
      appointmentContacts: async (customerId) => {
        await projections.caughtUp();
        const mine = await appointmentQueries({ knex: db.knex }).ofCustomer(customerId);
        return appointmentService.contactsOf(mine.map((a) => a.appointmentId));
      },
    });
    const visitorErasure = createVisitorErasure({
      store,
      vault,
      leads: leadContacts,
      numberOf: (customerId) => customerNumbers({ knex: db.knex }).numberOf(customerId),
      newId: randomUUID,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    });
    // The mail reactor turns the events that cause a mail into outbox rows, with its checkpoint.
    const projectionList = [
      ...appProjections(config, { store, clock: hooks.clock }),
      ...(hooks.moreProjections ?? []),
    ];
    const search = catalogueSearchFor(config, db, log);
    const pageCache =
      config.pageCacheSeconds > 0 ? createPageCache({ ttlMs: config.pageCacheSeconds * 1000 }) : undefined;
    // Content published for later (domain/content/README.md "Content items"): the kept pages are dropped
    // when its time comes, as a publish now drops them.
    const scheduledContent = scheduledContentRefresh({
      next: () => contentQueries({ knex: db.knex }).nextScheduled(new Date()),
      refresh: () => pageCache?.clear(),
      log: (message, error) => log.error({ err: error }, message),
    });
    const translationsRead = translationQueries({ knex: db.knex });
    const translationCache = createTranslationCache(translationsRead);
    // A batch of a read model the pages show: the kept pages (and words) may be out of date.
    const readModelChanged = (name: string) => {
      if (name === translationOverridesProjection.name) translationCache.clear();
      if (name === contentItemsProjection.name) void scheduledContent.plan();
      if (!NOT_ON_PAGES.has(name)) pageCache?.clear();
    };
    // Each projection runs in one instance; every instance hears its batches (real PostgreSQL).
    const changes = db.embedded
      ? undefined
      : await createReadModelChanges({
          knex: db.knex,
          url: db.url,
          onChange: readModelChanged,
          onError: (error) =>
            log.error({ err: error }, 'read model changes: the listening connection failed'),
        });
    const sessionChanges = db.embedded
      ? undefined
      : await listenForAppends(
          db.url,
          SESSION_CHANGES_CHANNEL,
          (payload) => sessions.forget(changedKeys(payload)),
          (error) => {
            sessions.forget('all');
            log.error({ err: error }, 'session changes: the listening connection failed');
          },
        );
    const projections = createProjectionRunner({
      knex: db.knex,
      store,
      projections: projectionList,
      onCommitted: (names) => {
        for (const name of names) readModelChanged(name);
        // Only what other instances keep: a batch of the funnels or reports changes no page.
        const kept = names.filter((name) => !NOT_ON_PAGES.has(name));
        changes
          ?.announce(kept)
          .catch((error: unknown) => log.error({ err: error }, `read model changes: ${kept} not announced`));
      },
      log: (message, error) => (error ? log.error({ err: error }, message) : log.info(message)),
    });
    await projections.start();
    // Rebuilds started from the back office run in this process, beside the runner.
    const analyticsMonitor = projectionMonitor({
      knex: db.knex,
      store,
      projections: projectionList,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
      log: (message, error) => log.error({ err: error }, message),
    });
    await seedDemoCatalogue(config, store, log, hooks.clock ?? (() => new Date()));
    const contentItems = createContentItems({ store, newId: randomUUID });
    const seeded = await seedContent(contentItems);
    if (seeded > 0) log.info(`content: ${seeded} items seeded from the shipped words`);
    void scheduledContent.plan();
    const clock = hooks.clock ?? (() => new Date());
    // The funnels schedule hold expiries in the timers table; the scheduler that fires them is built
    // after them, with their handlers.
    const funnels = wireFunnels(config, {
      stripe: config.payments.provider === 'stripe' ? await loadStripeAdapters() : undefined,
      db,
      store,
      timers: createTimerStore({ knex: db.knex }),
      accounts: customerAccounts,
      log,
      clock,
    });
    const handlers: Readonly<Record<string, (timer: DueTimer) => Promise<void>>> = {
      ...hooks.timerHandlers,
      ...funnels.timers,
    };
    const timers = createTimerScheduler({
      knex: db.knex,
      clock,
      async dispatch(timer) {
        const type = String(timer.command.type ?? '');
        const handle = handlers[type];
        if (!handle) throw new Error(`no handler for timer command type "${type}"`);
        await handle(timer);
      },
      log: (message, error) => (error ? log.error({ err: error }, message) : log.info(message)),
    });
    timers.start();
    funnels.courier?.start();
    const leadService = createLeadService({
      store,
      contacts: leadContacts,
      facts: leadFactsReader,
      newId: randomUUID,
    });
    const appointmentService = createAppointmentService({
      store,
      vault,
      // The mails' cancel and move links are signed with a key of their own, from the lookup key.
      linkKey: Buffer.from(
        hkdfSync('sha256', vaultKeys.lookupKey, Buffer.alloc(0), 'car-retail appointment links', 32),
      ),
      newContactId: () => `apc_${randomBytes(16).toString('hex')}`,
      clock,
    });
    const mailWorker = startMailWorker(config, {
      knex: db.knex,
      vault,
      secrets: mailSecrets,
      clock,
      log,
      leads: leadMailRecipients(leadContacts, leadFactsReader),
      appointmentToken: (id) => appointmentService.token(id),
    });
    // Expired sessions are deleted now and then; several instances doing it at once is harmless.
    let pruning: Promise<unknown> = Promise.resolve();
    const pruneSessions = () => {
      pruning = sessions
        .pruneExpired()
        .catch((error: unknown) => log.error({ err: error }, 'session pruning failed'));
    };
    pruneSessions();
    const pruneTimer = setInterval(pruneSessions, SESSION_PRUNE_INTERVAL_MS).unref();

    // Car photos (engine/media/README.md): uploaded by staff, or named by a stock feed and fetched.
    const carPhotos = createCarPhotos({
      store,
      media,
      clock,
      // Listed once: the car's stream has its first event.
      carListed: async (carId) =>
        (
          await store.readStream(carStream(carId), { maxCount: 1 }).catch((error: unknown) => {
            if (error instanceof StreamNotFoundError) return [];
            throw error;
          })
        ).length > 0,
    });
    return {
      db,
      knex: db.knex,
      store,
      projections,
      timers,
      catalogue: {
        search,
        queries: catalogueQueries({ knex: db.knex, store }),
        storefront: storefrontQueries({ knex: db.knex }),
        photos: carPhotoQueries({ knex: db.knex }),
      },
      media: {
        storage: media,
        carPhotos,
        contentMedia: createContentMedia({ media }),
      },
      imports: {
        importStock: createImportStock({
          store,
          currentStock: createCurrentStockReader({ knex: db.knex }),
          // One statement per batch of cars on Postgres; EventStoreDB appends car by car.
          ...(config.eventStoreUrl ? {} : { appendBatch: createPostgresAppendBatch({ knex: db.knex }) }),
          concurrency: db.embedded ? 1 : 4,
          photos: createImportFeedPhotos({ carPhotos, fetchPhoto: createFetchPhoto() }),
        }),
        ...stockImportQueries({ knex: db.knex }),
      },
      sessions,
      staffAccounts,
      savedViews: createSavedViews({ knex: db.knex, clock: hooks.clock, checkFilters: checkViewFilters }),
      staffManagement,
      customers: {
        vault,
        accounts: customerAccounts,
        cars: customerCars,
        bills: customerBills,
        billBundles,
        numbers: customerNumbers({ knex: db.knex }),
        erasure,
        visitorErasure,
        queries: customerQueries({ knex: db.knex }),
      },
      funnels,
      funnelReadModels: funnelReadModels({ knex: db.knex }),
      mail: { outbox: createMailOutbox({ knex: db.knex }), sending: mailWorker !== undefined },
      content: {
        items: contentItems,
        queries: contentQueries({ knex: db.knex }),
        ratings: createBlogRatings({ store, newId: randomUUID }),
        ratingQueries: blogRatingQueries({ knex: db.knex }),
        landingPageLeads: landingPageLeadCount({ knex: db.knex }),
      },
      translations: {
        service: createTranslations({ store, shipped: shippedTexts, newId: randomUUID }),
        queries: translationsRead,
        cache: translationCache,
      },
      leads: {
        service: leadService,
        contacts: leadContacts,
        facts: leadFactsReader,
        queries: leadQueries({ knex: db.knex }),
      },
      dashboard: dashboardQueries({ knex: db.knex, store, projections: projectionList }),
      analytics: { monitor: analyticsMonitor, explorer: eventExplorer({ store }) },
      pageCache,
      appointments: {
        service: appointmentService,
        queries: appointmentQueries({ knex: db.knex }),
      },
      async readiness() {
        const report = await checkReadiness({
          knex: db.knex,
          store,
          // The analysts' reports do not hold the site back: a failing or rebuilding one stops alone.
          projections: projectionList.filter((projection) => !REPORT_PROJECTIONS.includes(projection)),
          maxLag: config.readyMaxProjectionLag,
        });
        if (!('healthy' in search)) return report;
        const healthy = await search.healthy().catch(() => false);
        return healthy ? report : { ...report, ready: false, search: 'unreachable' as const };
      },
      async close() {
        clearInterval(pruneTimer);
        await pruning;
        await funnels.courier?.stop();
        await billBundles.idle();
        await timers.stop();
        await mailWorker?.stop();
        await analyticsMonitor.stop();
        await projections.stop();
        await changes?.close();
        await sessionChanges?.close();
        await store.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/**
 * The funnels (engine/funnels): the built-in providers and the payment provider, the car holds, the
 * booking and purchase services, the payment webhook's receiver and the hold-expiry timer handlers.
 * `PAYMENT_PROVIDER=sandbox` (the default): the sandbox checkout, its webhooks signed and delivered to the
 * receiver in process by a courier (`PAYMENT_WEBHOOK_SECRET`, else a random secret per process), its
 * pages served. `stripe`: Stripe Checkout (`STRIPE_SECRET_KEY`), Stripe's webhooks verified with
 * `STRIPE_WEBHOOK_SECRET`; no sandbox pages, no courier.
 */
/** Stripe's SDK (~4 MB of heap) is loaded only when Stripe is the payment provider. */
async function loadStripeAdapters() {
  const [payments, webhooks] = await Promise.all([
    import('../engine/providers/payment/stripe/createStripePayments.ts'),
    import('../engine/providers/payment/stripe/createStripeWebhookSource.ts'),
  ]);
  return {
    createStripeClient: payments.createStripeClient,
    createStripePayments: payments.createStripePayments,
    createStripeWebhookSource: webhooks.createStripeWebhookSource,
  };
}

function wireFunnels(
  config: Config,
  deps: {
    /** Loaded when the provider is Stripe. */
    stripe: Awaited<ReturnType<typeof loadStripeAdapters>> | undefined;
    db: Database;
    store: EventStore;
    timers: TimerStore;
    accounts: CustomerAccounts;
    log: ServiceLogger;
    clock: () => Date;
  },
): FunnelsWiring {
  const { clock } = deps;
  const { knex } = deps.db;
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const warn = (details: Record<string, unknown>, message: string) =>
    (deps.log.warn ?? deps.log.info)(`${message} ${JSON.stringify(details, errorText)}`);
  const { payments } = config;
  const webhookSecret =
    payments.provider === 'sandbox'
      ? (payments.webhookSecret ?? randomBytes(32).toString('base64url'))
      : payments.stripe.webhookSecret;
  const builtIn = createBuiltInFunnelProviders({ knex, publicUrl, webhookSecret, clock, log: { warn } });
  // With Stripe the built-in sandbox is left unused: its pages are not served and no courier runs.
  const sandbox = payments.provider === 'sandbox' ? builtIn.sandbox : undefined;
  const stripe = () => {
    if (!deps.stripe) throw new Error('Stripe is the payment provider but its adapters were not loaded');
    return deps.stripe;
  };
  const providers: FunnelProviders =
    payments.provider === 'sandbox'
      ? builtIn.providers
      : {
          ...builtIn.providers,
          payments: stripe().createStripePayments({
            stripe: stripe().createStripeClient(payments.stripe.secretKey),
            knex,
            clock,
          }),
        };
  const funnels = createFunnelServices({
    store: deps.store,
    knex,
    clock,
    timers: deps.timers,
    providers,
    accounts: deps.accounts,
    returnUrls: outcomePageUrls(publicUrl),
    log: { warn },
  });
  // The sandbox holds its webhooks; the courier carries them to the receiver, which hands them to the
  // funnels. Stripe's come over HTTP to the same route and receiver (one record of event ids).
  const { receiver, courier } =
    payments.provider === 'sandbox'
      ? connectPaymentWebhooks({
          knex,
          webhookSecret,
          clock,
          onPaymentEvent: funnels.onPaymentEvent,
          sandbox,
          log: { warn },
        })
      : {
          receiver: createPaymentWebhookReceiver({
            knex,
            source: stripe().createStripeWebhookSource({ knex, webhookSecrets: webhookSecret, clock }),
            clock,
            onPaymentEvent: funnels.onPaymentEvent,
            log: { warn },
          }),
          courier: undefined,
        };
  const { purchases, bookings, cars, carListing, timerHandlers, savedValuations } = funnels;
  return {
    savedValuations,
    purchases,
    bookings,
    cars,
    carListing,
    providers,
    receiver,
    sandbox,
    courier,
    timers: timerHandlers,
  };
}

/**
 * The mail worker when `SMTP_URL` is set; otherwise none, said once: mails stay in the outbox, readable
 * in the back office.
 */
function startMailWorker(
  config: Config,
  deps: {
    knex: Knex;
    vault: PostgresCustomerVault;
    secrets: ReturnType<typeof createMailSecrets>;
    clock: () => Date;
    log: ServiceLogger;
    leads: MailWorkerOptions['leads'];
    appointmentToken?: (appointmentId: string) => string;
  },
): MailWorker | undefined {
  if (!config.mail.smtpUrl) {
    deps.log.info(
      'SMTP_URL is unset: mails are not sent; they stay in the outbox, readable in the back office',
    );
    return undefined;
  }
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  if (!config.publicUrl)
    (deps.log.warn ?? deps.log.info)(`PUBLIC_URL is unset: links in mails point at ${publicUrl}`);
  const transport = createSmtpTransport(config.mail.smtpUrl);
  const worker = createMailWorker({
    knex: deps.knex,
    transport,
    vault: deps.vault,
    secrets: deps.secrets,
    ...(deps.leads ? { leads: deps.leads } : {}),
    publicUrl,
    from: config.mail.from ?? `no-reply@${new URL(publicUrl).hostname}`,
    clock: deps.clock,
    ...(deps.appointmentToken ? { appointmentToken: deps.appointmentToken } : {}),
    log: (message, error) => (error ? deps.log.error({ err: error }, message) : deps.log.info(message)),
  });
  worker.start();
  return {
    ...worker,
    async stop() {
      await worker.stop();
      await transport.close();
    },
  };
}

/** The lead mails' recipients, read at send time: a lead's contact (vault subject), a dealer's mailbox. */
export function leadMailRecipients(
  contacts: LeadContacts,
  facts: Pick<ReturnType<typeof leadFacts>, 'dealerRecord'>,
): NonNullable<MailWorkerOptions['leads']> {
  return {
    async contact(leadId) {
      const found = (await contacts.readMany([leadId])).get(leadId);
      if (!found) return undefined;
      if (!('data' in found)) return 'erased';
      const { email, firstName, lastName, phone, message } = found.data;
      return { email, firstName, lastName, message, ...(phone ? { phone } : {}) };
    },
    async dealer(dealerId) {
      const dealer = await facts.dealerRecord(dealerId);
      return dealer ? { email: dealer.email, name: dealer.name } : undefined;
    },
  };
}

/** Errors in log details as their message. */
function errorText(_key: string, value: unknown): unknown {
  return value instanceof Error ? value.message : value;
}
