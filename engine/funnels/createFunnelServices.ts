/**
 * The funnels wired together: the car holds, the booking and purchase services, the payment webhook's
 * hook and the timer handlers of hold expiry. `createBuiltInFunnelProviders` builds the built-in
 * providers (engine/providers) with the payment sandbox, whose webhooks go to the receiver in process.
 * The composition root (http/createServices.ts) and the integration tests use both.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { PaymentEvent } from '../../domain/payment/paymentEvent.ts';
import type { EventStore } from '../eventStore.ts';
import { createBuiltInDeliveryQuotes } from '../providers/delivery/createBuiltInDeliveryQuotes.ts';
import { createBuiltInFinance } from '../providers/finance/createBuiltInFinance.ts';
import { createBuiltInInsuranceAndExtras } from '../providers/insurance/createBuiltInInsuranceAndExtras.ts';
import {
  createPaymentWebhookReceiver,
  type PaymentWebhookReceiver,
} from '../providers/payment/createPaymentWebhookReceiver.ts';
import {
  createSandboxPayments,
  type ProviderLog,
  type SandboxPayments,
} from '../providers/payment/createSandboxPayments.ts';
import { createWebhookCourier, type WebhookCourier } from '../providers/payment/createWebhookCourier.ts';
import { createBuiltInTradeInValuations } from '../providers/valuation/createBuiltInTradeInValuations.ts';
import type { DueTimer } from '../timers/timerScheduler.ts';
import {
  createSavedValuations,
  type SavedValuationClaims,
  type SavedValuations,
} from '../valuations/savedValuations.ts';
import { type BookingService, createBookingService } from './bookingService.ts';
import { type CarHolds, createCarHolds } from './carHolds.ts';
import { type CarListing, createCarListing } from './carListing.ts';
import { createPostgresFunnelIds, type FunnelIds } from './funnelIds.ts';
import type { FunnelAccounts, FunnelLog, FunnelProviders, FunnelTimers, ReturnUrls } from './funnelPorts.ts';
import { dispatchHoldTimer, FUNNEL_TIMER_TYPES } from './holdExpiry.ts';
import { createFunnelPaymentHandler } from './paymentEvents.ts';
import { createPurchaseService, type PurchaseService } from './purchaseService.ts';

export interface FunnelServicesOptions {
  readonly store: EventStore;
  /** The database of the id sequences (migration 008). */
  readonly knex: Knex;
  readonly schema?: string;
  readonly clock: () => Date;
  /** New event ids for the cars' and ledgers' streams (default: random UUIDs). */
  readonly newId?: () => string;
  readonly ids?: FunnelIds;
  readonly timers: FunnelTimers;
  readonly providers: FunnelProviders;
  readonly accounts: FunnelAccounts;
  readonly returnUrls: ReturnUrls;
  readonly log?: FunnelLog;
  /** The buyers' saved valuations, offered at the purchase's recovery step (default: engine/valuations's, on this store). */
  readonly savedValuations?: SavedValuationClaims;
}

export interface FunnelServices {
  readonly purchases: PurchaseService;
  readonly bookings: BookingService;
  readonly cars: CarHolds;
  /** Staff on a car's listing: its price, its withdrawal (the holding funnel loses the car). */
  readonly carListing: CarListing;
  /** The payment webhook receiver's `onPaymentEvent`. */
  readonly onPaymentEvent: (event: PaymentEvent) => Promise<void>;
  /** The timer scheduler's handlers, by command type (`ExpireHold`, `ExpirePurchase`, `ExpireBooking`). */
  readonly timerHandlers: Readonly<Record<string, (timer: DueTimer) => Promise<void>>>;
  /** Valuations outside a purchase ("sell your car"), on the same store and valuation provider. */
  readonly savedValuations: SavedValuations;
}

export function createFunnelServices(options: FunnelServicesOptions): FunnelServices {
  const newId = options.newId ?? randomUUID;
  const cars = createCarHolds({ store: options.store, newId });
  const ids = options.ids ?? createPostgresFunnelIds({ knex: options.knex, schema: options.schema });
  const shared = { ...options, cars, ids, newId };
  const bookings = createBookingService({ ...shared, payments: options.providers.payments });
  const savedValuations = createSavedValuations({
    store: options.store,
    valuations: options.providers.valuations,
    clock: options.clock,
    newId,
  });
  const purchases = createPurchaseService({
    ...shared,
    bookings,
    savedValuations: options.savedValuations ?? savedValuations,
  });
  const carListing = createCarListing({
    store: options.store,
    cars,
    purchases,
    bookings,
    clock: options.clock,
    ...(options.log ? { log: options.log } : {}),
  });
  const targets = {
    cars,
    clock: options.clock,
    expirePurchase: (id: string, holdId: string, call: Parameters<PurchaseService['loseHold']>[2]) =>
      purchases.loseHold(id, { holdId, reason: 'expired' }, call),
    expireBooking: bookings.expire,
  };
  const dispatch = (timer: DueTimer) => dispatchHoldTimer(targets, timer);
  return {
    purchases,
    bookings,
    cars,
    carListing,
    onPaymentEvent: createFunnelPaymentHandler({
      purchases,
      bookings,
      ...(options.log ? { log: options.log } : {}),
    }),
    timerHandlers: Object.fromEntries(FUNNEL_TIMER_TYPES.map((type) => [type, dispatch])),
    savedValuations,
  };
}

export interface BuiltInFunnelProvidersOptions {
  readonly knex: Knex;
  readonly schema?: string;
  /** Where the app is reached: the sandbox checkout pages' URLs start with it. */
  readonly publicUrl: string;
  /** Signs the sandbox's webhooks; the receiver checks them. */
  readonly webhookSecret: string;
  readonly clock: () => Date;
  readonly log?: ProviderLog & FunnelLog;
}

/**
 * The built-in providers and the payment sandbox. The sandbox holds its webhooks: `connectPaymentWebhooks`
 * (built once the funnels exist) carries them to the receiver.
 */
export function createBuiltInFunnelProviders(options: BuiltInFunnelProvidersOptions): {
  providers: FunnelProviders;
  sandbox: SandboxPayments;
} {
  const { knex, schema, clock, log } = options;
  const sandbox = createSandboxPayments({
    knex,
    ...(schema ? { schema } : {}),
    publicUrl: options.publicUrl,
    clock,
    webhook: { secret: options.webhookSecret },
    ...(log ? { log } : {}),
  });
  const providers: FunnelProviders = {
    delivery: createBuiltInDeliveryQuotes(),
    valuations: createBuiltInTradeInValuations(),
    insurance: createBuiltInInsuranceAndExtras(),
    finance: createBuiltInFinance(),
    payments: sandbox,
  };
  return { providers, sandbox };
}

/**
 * The payment webhooks' way to the funnels: the receiver (signature, replays) hands each event to the
 * funnels' `onPaymentEvent`; with the sandbox, a courier carries its held webhooks to the receiver
 * (at once on `flush`, every second once started).
 */
export function connectPaymentWebhooks(options: {
  readonly knex: Knex;
  readonly schema?: string;
  readonly webhookSecret: string;
  readonly clock: () => Date;
  readonly onPaymentEvent: (event: PaymentEvent) => Promise<void>;
  readonly sandbox?: SandboxPayments;
  readonly log?: ProviderLog & FunnelLog;
}): { receiver: PaymentWebhookReceiver; courier: WebhookCourier | undefined } {
  const { knex, schema, clock, log, sandbox } = options;
  const receiver = createPaymentWebhookReceiver({
    knex,
    ...(schema ? { schema } : {}),
    secrets: options.webhookSecret,
    clock,
    onPaymentEvent: options.onPaymentEvent,
    ...(log ? { log } : {}),
  });
  const courier = sandbox
    ? createWebhookCourier({
        sandbox,
        receiver,
        onError: (error) => log?.warn({ err: error }, 'sandbox webhooks not delivered: retried'),
      })
    : undefined;
  return { receiver, courier };
}
