/**
 * Test helper: the whole app (http/app.ts) over the funnels on a real database (engine/funnels/testing/
 * funnelHarness.ts: migrated schema, event store, demo catalogue, vault-backed accounts, built-in
 * providers, the payment sandbox whose webhooks reach the funnels through the signed receiver, a clock
 * moved by hand), with sessions in the database and the sandbox's checkout pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAccountDocuments } from '../../engine/bills/accountDocuments.ts';
import { type BillBundles, createBillBundles } from '../../engine/bills/billBundles.ts';
import { createCustomerBills } from '../../engine/bills/createCustomerBills.ts';
import type { CustomerBills } from '../../engine/bills/customerBills.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createCustomerCars } from '../../engine/customers/cars/createCustomerCars.ts';
import type { CustomerCars } from '../../engine/customers/cars/customerCars.ts';
import {
  type FunnelHarness,
  type FunnelHarnessOptions,
  openFunnelHarness,
} from '../../engine/funnels/testing/funnelHarness.ts';
import { createMediaStorage } from '../../engine/media/createMediaStorage.ts';
import { createBuiltInFinance } from '../../engine/providers/finance/createBuiltInFinance.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import type { StaffAccounts } from '../../engine/staff/staffAccounts.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import type { Projection } from '../../projections/defineProjection.ts';
import { FUNNEL_PROJECTIONS, funnelReadModels } from '../../projections/funnels/funnelReadModels.ts';
import { createValuationQueries } from '../../projections/valuations/valuationQueries.ts';
import { valuationsProjection } from '../../projections/valuations/valuationsProjection.ts';
import { type AppOptions, app } from '../app.ts';
import { CSRF_HEADER } from '../plugins/csrf.ts';
import { type AccountCallsOptions, customerFunnelIds } from '../routes/accountCalls.ts';
import type { AdminAppointmentsApiOptions } from '../routes/adminAppointmentsApi.ts';
import type { AppointmentCallsOptions } from '../routes/appointmentCalls.ts';
import type { BillsCallsOptions } from '../routes/billsCalls.ts';
import { type TestBrowser, testBrowser } from './testBrowser.ts';

export interface FunnelTestApp {
  readonly h: FunnelHarness;
  /** With `staff`: the back office's accounts (sign in at `/admin/api/session`). */
  readonly staffAccounts?: StaffAccounts;
  /** The projections' runner (with `account` or `projections`). */
  readonly runner?: ProjectionRunner;
  /** With `account`: the buyers' own cars, and the funnels' read models kept up by a projection runner. */
  readonly cars?: CustomerCars;
  /** With `account`: the bills added for their cars and the bundles of their documents. */
  readonly bills?: CustomerBills;
  readonly bundles?: BillBundles;
  /** Where the account's pictures are kept (a temporary directory). */
  readonly mediaDir?: string;
  readonly fastify: FastifyInstance;
  /** A browser of its own client address (its own rate-limit counters). */
  browser(): Buyer;
  close(): Promise<void>;
}

/** A test browser with the calls a funnel test makes all the time. */
export interface Buyer extends TestBrowser {
  /** A JSON POST with the session's CSRF token (fetched once per session) and optional headers. */
  post(url: string, payload?: unknown, headers?: Record<string, string>): ReturnType<TestBrowser['call']>;
  get(url: string): ReturnType<TestBrowser['call']>;
  /** Signs up through `ajax/login/sign-up` (a new session id: the token is fetched again). */
  signUp(email: string, locale?: string): Promise<string>;
  /** Presses "Pay" or "Fail" on the sandbox checkout of `checkoutUrl`; answers the redirect. */
  checkout(checkoutUrl: string, outcome?: 'pay' | 'fail'): Promise<string>;
}

const BUY: Record<string, string> = { fr: 'acheter', de: 'kaufen', pl: 'kup' };

/** `FUNNEL_TEST_LOG=error` (or another pino level) shows the app's log, e.g. a 500's cause. */
export async function openFunnelTestApp(
  /** `cars`: demo cars seeded (the harness's default 60) for a suite that uses up many. */
  options: {
    readonly account?: boolean;
    readonly staff?: boolean;
    readonly cars?: number;
    /** Dealer appointments on the harness (http/routes/appointmentCalls.ts). */
    readonly appointments?: (h: FunnelHarness) => AppointmentCallsOptions;
    /** The back office's appointments API (with `staff`). */
    readonly appointmentsAdmin?: (h: FunnelHarness) => AdminAppointmentsApiOptions;
    /** The projections run beside the app (default: the funnels' read models and valuations with `account`). */
    readonly projections?: (h: FunnelHarness) => readonly Projection[];
    /** The event store's subscriptions (engine/funnels/testing/funnelHarness.ts). */
    readonly subscriptions?: FunnelHarnessOptions['subscriptions'];
  } = {},
): Promise<FunnelTestApp> {
  const h = await openFunnelHarness('default', 10, {
    ...(options.cars === undefined ? {} : { cars: options.cars }),
    ...(options.subscriptions ? { subscriptions: options.subscriptions } : {}),
  });
  const projections =
    options.projections?.(h) ?? (options.account ? [...FUNNEL_PROJECTIONS, valuationsProjection] : undefined);
  let runner: ProjectionRunner | undefined;
  if (projections) {
    runner = createProjectionRunner({ knex: h.db.knex, store: h.store, schema: h.db.schema, projections });
    await runner.start();
  }
  let mediaDir: string | undefined;
  let cars: CustomerCars | undefined;
  let account: AccountCallsOptions | undefined;
  let bills: BillsCallsOptions | undefined;
  let valuations: AppOptions['valuations'];
  if (options.account) {
    mediaDir = await mkdtemp(join(tmpdir(), 'account-media-'));
    const media = createMediaStorage({ kind: 'local', dir: mediaDir });
    cars = createCustomerCars({ knex: h.db.knex, schema: h.db.schema, vault: h.vault, media, clock: h.now });
    const readModels = funnelReadModels({ knex: h.db.knex, schema: h.db.schema });
    const caughtUp = async () => {
      await allEventsVisible(h.db.knex, h.db.schema);
      await runner!.caughtUp();
    };
    const ofCustomer = customerFunnelIds(readModels, caughtUp, 10_000);
    const customerBills = createCustomerBills({ knex: h.db.knex, schema: h.db.schema, media, clock: h.now });
    account = { cars, bills: customerBills, funnels: { ...h.funnels, ofCustomer } };
    valuations = {
      saved: h.funnels.savedValuations,
      queries: createValuationQueries({ knex: h.db.knex, schema: h.db.schema }),
      clock: h.now,
      caughtUp,
    };
    bills = {
      documents: createAccountDocuments({
        ...h.funnels,
        ofCustomer,
        accounts: h.accounts,
        retailer: 'AutoNova',
      }),
      bills: customerBills,
      bundles: createBillBundles({ knex: h.db.knex, schema: h.db.schema, clock: h.now }),
      cars,
    };
  }
  // A loaded machine may take a while to register the hundreds of localised routes.
  const staffAccounts = options.staff
    ? createStaffAccounts({ knex: h.db.knex, schema: h.db.schema })
    : undefined;
  const level = process.env.FUNNEL_TEST_LOG;
  const fastify = Fastify({ logger: level ? { level } : false, pluginTimeout: 120_000 });
  try {
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      customers: { accounts: h.accounts },
      ...(account ? { account } : {}),
      ...(bills ? { bills } : {}),
      ...(valuations ? { valuations } : {}),
      funnels: {
        ...h.funnels,
        accounts: h.accounts,
        finance: createBuiltInFinance(),
        store: h.store,
        clock: h.now,
        receiver: h.receiver,
        sandbox: { payments: h.sandbox, courier: { flush: h.deliverWebhooks } },
      },
      security: {
        sessionStore: createPostgresSessionStore({ knex: h.db.knex, schema: h.db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
        ...(staffAccounts ? { staffAccounts } : {}),
      },
      ...(options.appointments ? { appointments: options.appointments(h) } : {}),
      ...(options.appointmentsAdmin ? { appointmentsAdmin: options.appointmentsAdmin(h) } : {}),
    });
    await fastify.ready();
  } catch (error) {
    await runner?.stop();
    await h.close();
    throw error;
  }
  let ip = 0;
  return {
    h,
    fastify,
    ...(runner ? { runner } : {}),
    ...(cars ? { cars } : {}),
    ...(staffAccounts ? { staffAccounts } : {}),
    ...(bills ? { bills: bills.bills, bundles: bills.bundles } : {}),
    ...(mediaDir ? { mediaDir } : {}),
    browser: () => buyer(testBrowser(fastify, `127.0.2.${++ip}`)),
    async close() {
      await bills?.bundles.idle();
      await fastify.close();
      await runner?.stop();
      await h.close();
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

function buyer(browser: TestBrowser): Buyer {
  let token: string | undefined;
  let tokenSid: string | undefined;
  const csrf = async () => {
    if (!token || tokenSid !== browser.sid) {
      token = await browser.csrf();
      tokenSid = browser.sid;
    }
    return token;
  };
  const self: Buyer = {
    ...browser,
    call: browser.call,
    csrf: browser.csrf,
    forget: browser.forget,
    get sid() {
      return browser.sid;
    },
    async post(url, payload, headers = {}) {
      return browser.call({
        method: 'POST',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: { [CSRF_HEADER]: await csrf(), ...headers },
      });
    },
    // A JSON client: the screens' paths answer JSON to it (a browser gets the page).
    get: (url) => browser.call({ method: 'GET', url, headers: { accept: 'application/json' } }),
    async signUp(email, locale = 'fr') {
      const response = await self.post(`/${locale}/${BUY[locale]}/ajax/login/sign-up`, {
        email,
        password: 'a long enough passphrase',
        firstName: 'Camille',
        lastName: 'Martin',
        consents: { terms: true },
      });
      if (response.statusCode !== 201) throw new Error(`sign-up: ${response.statusCode} ${response.body}`);
      token = undefined;
      return response.json().customer.customerId as string;
    },
    async checkout(checkoutUrl, outcome = 'pay') {
      const path = new URL(checkoutUrl).pathname;
      const page = await self.get(path);
      if (page.statusCode !== 200) throw new Error(`checkout page: ${page.statusCode}`);
      const pressed = await self.post(`${path}/${outcome}`);
      if (pressed.statusCode !== 303)
        throw new Error(`checkout ${outcome}: ${pressed.statusCode} ${pressed.body}`);
      return String(pressed.headers.location);
    },
  };
  return self;
}
