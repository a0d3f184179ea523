/**
 * The funnels on a real database for integration tests: a migrated throw-away schema, the Postgres
 * event store, the demo catalogue, real customer accounts (vault), the built-in providers with the
 * payment sandbox (its webhooks go through the signed receiver in process), the timer scheduler and a
 * clock the test moves by hand.
 */
import type { CarFacts } from '../../../domain/catalogue/car.ts';
import { generateDemoCatalogue } from '../../../domain/catalogue/demo/generateDemoCatalogue.ts';
import type { Actor } from '../../../domain/funnel/actor.ts';
import { type CountryCode, LOCALES, marketOf } from '../../../domain/markets.ts';
import { seedCatalogue } from '../../catalogue/seedCatalogue.ts';
import { createCustomerAccounts } from '../../customers/accounts/createCustomerAccounts.ts';
import type { CustomerAccounts } from '../../customers/accounts/customerAccounts.ts';
import {
  createPostgresCustomerVault,
  type PostgresCustomerVault,
} from '../../customers/vault/createPostgresCustomerVault.ts';
import { createKeyRing } from '../../customers/vault/envelope.ts';
import type { EventStore } from '../../eventStore.ts';
import {
  createPostgresEventStore,
  type PostgresEventStoreOptions,
} from '../../postgres/createPostgresEventStore.ts';
import type { PaymentWebhookReceiver } from '../../providers/payment/createPaymentWebhookReceiver.ts';
import type { SandboxPayments } from '../../providers/payment/createSandboxPayments.ts';
import { deliveringAtOnce } from '../../providers/payment/testing/deliveringAtOnce.ts';
import { type DatabaseTarget, openTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { createTimerScheduler, createTimerStore } from '../../timers/createTimerScheduler.ts';
import type { TimerScheduler } from '../../timers/timerScheduler.ts';
import {
  connectPaymentWebhooks,
  createBuiltInFunnelProviders,
  createFunnelServices,
  type FunnelServices,
} from '../createFunnelServices.ts';
import type { FunnelCall } from '../funnelCall.ts';
import { outcomePageUrls } from '../funnelPorts.ts';

export const WEBHOOK_SECRET = 'whsec_funnel_tests';
export const T0 = new Date('2026-03-02T09:00:00.000Z');

export interface FunnelHarness {
  readonly db: TestDatabase;
  readonly store: EventStore;
  readonly funnels: FunnelServices;
  /** The funnels as another app instance runs them on the same database (what it keeps is its own). */
  otherInstance(): FunnelServices;
  /** A French car no earlier call gave (passing `test`, if given): one car per purchase of a suite. */
  freshCar(test?: (car: CarFacts) => boolean): CarFacts;
  readonly sandbox: SandboxPayments;
  readonly receiver: PaymentWebhookReceiver;
  /** Delivers the webhooks the sandbox holds (those a refused delivery left behind, say); answers how many. */
  deliverWebhooks(): Promise<number>;
  readonly timers: TimerScheduler;
  readonly accounts: CustomerAccounts;
  /** The accounts' vault (the account area's own cars keep their plates in it). */
  readonly vault: PostgresCustomerVault;
  /** Listed demo cars by country (every market has used and new ones with the default 60). */
  readonly cars: Readonly<Record<CountryCode, CarFacts[]>>;
  readonly warnings: string[];
  now(): Date;
  /** Moves the clock on by `minutes`. */
  advance(minutes: number): void;
  /** A new customer (signed up in the vault); answers its id. */
  customer(name: string): Promise<string>;
  close(): Promise<void>;
}

let keys = 0;
/** A call with a fresh idempotency key. */
export const as = (actor: Actor, key = `k${++keys}`): FunnelCall => ({ actor, idempotencyKey: key });
export const buyer = (customerId: string): Actor => ({ kind: 'buyer', customerId });
export const visitor = (visitorId: string): Actor => ({ kind: 'buyer', visitorId });
export const staff: Actor = { kind: 'staff', staffId: 'st_1', role: 'sales' };

export interface FunnelHarnessOptions {
  /** Demo cars seeded (default 60). */
  readonly cars?: number;
  /** The event store as the funnel services see it (race tests put a scheduler in front of it). */
  readonly wrapStore?: (store: EventStore) => EventStore;
  /** The event store's subscriptions: their poll interval and what wakes them. */
  readonly subscriptions?: Pick<PostgresEventStoreOptions, 'pollIntervalMs' | 'wakeup'>;
}

export async function openFunnelHarness(
  target: DatabaseTarget = 'default',
  poolSize = 10,
  options: FunnelHarnessOptions = {},
): Promise<FunnelHarness> {
  const db = await openTestDatabase(target, poolSize);
  const store = await createPostgresEventStore({
    knex: db.knex,
    schema: db.schema,
    ...options.subscriptions,
  });
  const funnelStore = options.wrapStore ? options.wrapStore(store) : store;
  let now = T0;
  const clock = () => now;
  const warnings: string[] = [];
  const log = { warn: (_details: Record<string, unknown>, message: string) => void warnings.push(message) };
  const vault = createPostgresCustomerVault({
    knex: db.knex,
    schema: db.schema,
    keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
    lookupKey: Buffer.alloc(32, 9),
    clock,
  });
  let customers = 0;
  const accounts = createCustomerAccounts({
    knex: db.knex,
    schema: db.schema,
    vault,
    clock,
    newCustomerId: () => `cus_${String(++customers).padStart(32, '0')}`,
  });
  const built = createBuiltInFunnelProviders({
    knex: db.knex,
    schema: db.schema,
    publicUrl: 'https://shop.test',
    webhookSecret: WEBHOOK_SECRET,
    clock,
    log,
  });
  // The sandbox answers these tests at once: its webhooks are delivered before its actions return.
  let deliverWebhooks = async (): Promise<number> => 0;
  const held = built.sandbox;
  const sandbox = deliveringAtOnce(held, () => deliverWebhooks());
  const providers = { ...built.providers, payments: sandbox };
  const instance = () =>
    createFunnelServices({
      store: funnelStore,
      knex: db.knex,
      schema: db.schema,
      clock,
      timers: createTimerStore({ knex: db.knex, schema: db.schema }),
      providers,
      accounts,
      returnUrls: outcomePageUrls('https://shop.test'),
      log,
    });
  const funnels = instance();
  const timers = createTimerScheduler({
    knex: db.knex,
    schema: db.schema,
    clock,
    dispatch: async (timer) => {
      const handle = funnels.timerHandlers[String(timer.command.type)];
      if (!handle) throw new Error(`no handler for ${String(timer.command.type)}`);
      await handle(timer);
    },
    log: (message) => void warnings.push(message),
  });
  const { receiver, courier } = connectPaymentWebhooks({
    knex: db.knex,
    schema: db.schema,
    webhookSecret: WEBHOOK_SECRET,
    clock,
    onPaymentEvent: funnels.onPaymentEvent,
    sandbox: held,
    log,
  });
  deliverWebhooks = () => courier!.flush();
  const catalogue = generateDemoCatalogue({ seed: 7, cars: options.cars ?? 60, asOf: '2026-01' });
  await seedCatalogue(store, catalogue);
  const cars = Object.fromEntries(
    [...new Set(LOCALES.map((locale) => marketOf(locale).country))].map((country) => [
      country,
      catalogue.cars.filter((car) => car.country === country),
    ]),
  ) as Record<CountryCode, CarFacts[]>;
  const given = new Set<string>();
  return {
    db,
    store,
    funnels,
    otherInstance: instance,
    freshCar(test = () => true) {
      const car = cars.FR.find((c) => !given.has(c.carId) && test(c));
      if (!car) throw new Error('no fresh car left');
      given.add(car.carId);
      return car;
    },
    sandbox,
    receiver,
    deliverWebhooks: () => courier!.flush(),
    timers,
    accounts,
    vault,
    cars,
    warnings,
    now: clock,
    advance(minutes) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
    async customer(name) {
      const { profile } = await accounts.signUp({
        email: `${name}@example.test`,
        password: 'a long enough passphrase',
        firstName: name,
        lastName: 'Tester',
        consents: { terms: true },
      });
      return profile.customerId;
    },
    async close() {
      await timers.stop();
      await store.close();
      await db.close();
    },
  };
}

/** The types of a stream's events, in order (empty for a missing stream). */
export async function streamTypes(store: EventStore, stream: string): Promise<string[]> {
  try {
    return (await store.readStream(stream)).map((event) => event.type);
  } catch {
    return [];
  }
}
