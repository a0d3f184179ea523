/**
 * Boots the site: reads the configuration once, listens (answering 503 until ready), wires the
 * services, registers the app plugin, then serves. On SIGINT/SIGTERM it stops listening, ends open
 * connections, closes the app (Fastify's close), stops subscriptions, projections and timers, then
 * closes the event store and the database pool.
 */
import { randomUUID } from 'node:crypto';
import {
  createServer as createHttpServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import { createAccountDocuments } from '../engine/bills/accountDocuments.ts';
import { dealerQueries } from '../projections/catalogue/dealerQueries.ts';
import { REPORTS } from '../projections/reports/reportCatalog.ts';
import { createValuationQueries } from '../projections/valuations/valuationQueries.ts';
import { SITE_NAME } from '../ui/components/siteName.ts';
import { type AppOptions, app } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { createServices, type ServiceHooks, type Services } from './createServices.ts';
import { requestLog } from './plugins/requestLog.ts';
import { type AccountCallsOptions, customerFunnelIds } from './routes/accountCalls.ts';
import type { BillsCallsOptions } from './routes/billsCalls.ts';
import type { FunnelHttpOptions } from './routes/funnelRoutes.ts';
import { type ClientAssets, ensureClientBundle } from './ssr/clientBundle.ts';
import { createSitemapCatalogue, sitemapLandingPages } from './ssr/sitemapCatalogue.ts';
import { sitemapBlogOf } from './ssr/sitemapEntries.ts';
import { shippedTexts } from './translationTexts.ts';

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The HTTP server, listening before anything else starts: the port is the process's from the first
 * moment (PORT=0: the system's pick, which no other process can take between a guess and the listen),
 * so the links the site gives out before it serves (the payment checkout and its return pages, mails)
 * can name it. Until the app is ready it answers 503.
 */
async function listenFirst(host: string, port: number): Promise<{ server: HttpServer; port: number }> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('starting\n');
  });
  // What Fastify sets on a server it creates itself (its defaults, our request time-out).
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the server has no address');
  return { server, port: address.port };
}

const REQUEST_TIMEOUT_MS = 30_000;

export async function startServer(given: Config, hooks: ServiceHooks): Promise<RunningServer> {
  const listening = await listenFirst(given.host, given.port);
  const { server } = listening;
  const config = { ...given, port: listening.port };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const fastify = Fastify({
    // Fastify serves on the server already listening; it takes the requests once ready (below).
    serverFactory: (fastifyHandler) => {
      handler = fastifyHandler;
      return server;
    },
    // The staff invitation link's token never reaches the log.
    logger: { level: config.logLevel, serializers: { req: requestLog } },
    requestTimeout: REQUEST_TIMEOUT_MS,
    return503OnClosing: true,
    forceCloseConnections: true,
    // Behind a proxy, the client's IP (rate limits) and https (Secure cookies) come from X-Forwarded-*.
    trustProxy: config.trustProxy,
  });
  if (config.secureCookies && config.trustProxy === false) {
    fastify.log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is unset: behind a TLS-terminating proxy no session cookie is set',
    );
  }
  let services: Services;
  try {
    services = await createServices(
      config,
      {
        info: (message) => fastify.log.info(message),
        warn: (message) => fastify.log.warn(message),
        error: (payload, message) => fastify.log.error(payload, message),
      },
      hooks,
    );
  } catch (error) {
    await stopListening();
    throw error;
  }
  try {
    // Before the plugins load: a build takes a minute on a busy machine, longer than Fastify lets a
    // plugin start; a bundle built from the same sources is reused (http/ssr/README.md).
    const clientAssets = await ensureClientBundle({
      build: config.clientBuild,
      log: (message) => fastify.log.info(message),
    });
    await fastify.register(app, appOptions(config, services, hooks, clientAssets));
    await fastify.ready();
  } catch (error) {
    await stopListening();
    await services.close();
    throw error;
  }
  if (!handler) throw new Error('Fastify did not take the server');
  server.removeAllListeners('request');
  server.on('request', handler);
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= (async () => {
        // Fastify closes only a server it listened on itself: no new connection, open ones ended, then
        // the app's own close (its hooks answer 503 meanwhile).
        await stopListening();
        await fastify.close();
        await services.close();
      })();
      return closing;
    },
  };
}

/**
 * The app plugin's options on the services, as `npm start` runs it (the guard test builds the same);
 * without `clientAssets`, the pages use the browser bundle in dist/client as it is.
 */
export function appOptions(
  config: Config,
  services: Services,
  hooks: ServiceHooks,
  clientAssets?: ClientAssets,
): AppOptions {
  return {
    readiness: () => services.readiness(),
    catalogue: services.catalogue,
    storefront: {
      queries: services.catalogue.storefront,
      store: services.store,
      money: {
        finance: services.funnels.providers.finance,
        delivery: services.funnels.providers.delivery,
        ...(hooks.clock ? { clock: hooks.clock } : {}),
      },
    },
    customers: { accounts: services.customers.accounts },
    account: accountOption(services),
    bills: billsOption(services),
    funnels: funnelsOption(services, hooks),
    imports: { ...services.imports, ...(hooks.clock ? { clock: hooks.clock } : {}) },
    dealersAdmin: { dealers: dealerQueries({ knex: services.knex }) },
    funnelsAdmin: {
      store: services.store,
      readModels: services.funnelReadModels,
      customers: services.customers.vault,
      staff: services.staffAccounts,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    dashboardAdmin: { dashboard: services.dashboard, ...(hooks.clock ? { clock: hooks.clock } : {}) },
    reportsAdmin: {
      knex: services.knex,
      store: services.store,
      reports: REPORTS,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    analyticsAdmin: { ...services.analytics, ...(hooks.clock ? { clock: hooks.clock } : {}) },
    staffAdmin: { staff: services.staffManagement, ...(hooks.clock ? { clock: hooks.clock } : {}) },
    content: {
      items: services.content.items,
      queries: services.content.queries,
      staff: services.staffAccounts,
      newId: randomUUID,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    blogRatings: {
      ratings: services.content.ratings,
      queries: services.content.ratingQueries,
      items: services.content.items,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    translations: {
      translations: services.translations.service,
      queries: services.translations.queries,
      cache: services.translations.cache,
      shipped: shippedTexts,
      staff: services.staffAccounts,
    },
    mailAdmin: {
      outbox: services.mail.outbox,
      sending: services.mail.sending,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    customersAdmin: {
      queries: services.customers.queries,
      vault: services.customers.vault,
      numbers: services.customers.numbers,
      accounts: services.customers.accounts,
      cars: services.customers.cars,
      bills: services.customers.bills,
      store: services.store,
      erasure: services.customers.erasure,
      visitorErasure: services.customers.visitorErasure,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    savedViews: { views: services.savedViews },
    valuations: {
      saved: services.funnels.savedValuations,
      queries: createValuationQueries({ knex: services.knex }),
      clock: hooks.clock ?? (() => new Date()),
      caughtUp: () => services.projections.caughtUp(),
    },
    leads: {
      leads: services.leads.service,
      facts: services.leads.facts,
      queries: services.leads.queries,
      caughtUp: () => services.projections.caughtUp(),
    },
    leadsAdmin: {
      leads: services.leads.service,
      queries: services.leads.queries,
      contacts: services.leads.contacts,
      facts: services.leads.facts,
      store: services.store,
      staff: services.staffAccounts,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    appointments: {
      appointments: services.appointments.service,
      dealers: services.catalogue.queries,
      accounts: services.customers.accounts,
      queries: services.appointments.queries,
      caughtUp: () => services.projections.caughtUp(),
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    },
    appointmentsAdmin: {
      appointments: services.appointments.service,
      queries: services.appointments.queries,
      vault: services.customers.vault,
      caughtUp: () => services.projections.caughtUp(),
    },
    media: { media: services.media.storage, carPhotos: services.media.carPhotos },
    contentMedia: {
      contentMedia: services.media.contentMedia,
      items: services.content.items,
      landingPageLeads: services.content.landingPageLeads,
    },
    ssr: {
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      ...(clientAssets ? { clientAssets } : {}),
      sitemap: {
        ...createSitemapCatalogue({ knex: services.knex }),
        landingPages: sitemapLandingPages(services.content.queries, hooks.clock),
      },
      sitemapBlog: sitemapBlogOf(services.content.queries, hooks.clock),
      sitemapFacetPages: async (locale) =>
        (await services.content.queries.published('facet', locale, hooks.clock?.() ?? new Date())).map(
          (item) => ({ path: String(item.fields.path), indexable: item.fields.indexable === 'yes' }),
        ),
      pageCache: services.pageCache,
    },
    security: {
      sessionStore: services.sessions,
      sessionSecret: config.sessionSecret,
      secureCookies: config.secureCookies,
      staffAccounts: services.staffAccounts,
      clock: hooks.clock,
    },
  };
}

/** The account area's calls: the customer's funnels (from the read models) and their own cars. */
function accountOption(services: Services): AccountCallsOptions {
  const { purchases, bookings, cars } = services.funnels;
  return {
    cars: services.customers.cars,
    bills: services.customers.bills,
    funnels: {
      purchases,
      bookings,
      cars,
      ofCustomer: customerFunnelIds(services.funnelReadModels, () => services.projections.caughtUp()),
    },
  };
}

/** The account's bills on the funnels (their documents), the buyers' bills and the bundles. */
function billsOption(services: Services): BillsCallsOptions {
  const { purchases, bookings, cars } = services.funnels;
  return {
    documents: createAccountDocuments({
      purchases,
      bookings,
      cars,
      ofCustomer: customerFunnelIds(services.funnelReadModels, () => services.projections.caughtUp()),
      accounts: services.customers.accounts,
      retailer: SITE_NAME,
    }),
    bills: services.customers.bills,
    bundles: services.customers.billBundles,
    cars: services.customers.cars,
  };
}

/** The app's purchase and booking routes on the services' funnels (http/routes/funnelRoutes.ts). */
function funnelsOption(services: Services, hooks: ServiceHooks): FunnelHttpOptions {
  const { purchases, bookings, cars, carListing, providers, receiver, sandbox, courier } = services.funnels;
  return {
    purchases,
    bookings,
    cars,
    carListing,
    receiver,
    ...(sandbox && courier ? { sandbox: { payments: sandbox, courier } } : {}),
    accounts: services.customers.accounts,
    finance: providers.finance,
    store: services.store,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  };
}

/** Entry point used by `bin/start.ts`: boot, print where, and shut down gracefully on signals. */
export async function main(env: Record<string, string | undefined>, hooks: ServiceHooks): Promise<void> {
  const config = loadConfig(env);
  const server = await startServer(config, hooks);
  const database = config.database.url
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.database.dataDir}`;
  const events = config.eventStoreUrl ? 'EventStoreDB (EVENTSTORE_URL)' : 'the Postgres event store';
  console.log(
    `\n  Car retail platform listening on ${server.url}\n  database: ${database}; events: ${events}\n`,
  );
  // Errors that escape everything: close gracefully, then exit (close-with-grace).
  closeWithGrace({ delay: 15_000, skip: ['SIGINT', 'SIGTERM'] }, async ({ err }) => {
    if (err) console.error(err);
    await server.close();
  });
  process.on('SIGINT', stopOnSignal(server));
  process.on('SIGTERM', stopOnSignal(server));
}

/**
 * Graceful stop on SIGINT/SIGTERM. Under `npm start` the signal arrives twice (from the terminal or
 * supervisor, and forwarded by npm): a repeat within a second is the same request; a later one forces
 * the exit. Shutdown that takes over 15 s is forced too.
 */
function stopOnSignal(server: RunningServer) {
  let first = 0;
  return (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (first === 0) {
      first = now;
      console.log(`${signal}: shutting down`);
      setTimeout(() => {
        console.error('shutdown took over 15 s, exiting');
        process.exit(1);
      }, 15_000).unref();
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    } else if (now - first > 1000) {
      console.error(`second ${signal}, exiting now`);
      process.exit(1);
    }
  };
}
