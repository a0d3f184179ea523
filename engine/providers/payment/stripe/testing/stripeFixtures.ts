/**
 * Stripe's objects as its webhooks carry them (the fields our mapping reads, in Stripe's shape), and a
 * webhook signed as Stripe signs it, with the library's own test helper (`generateTestHeaderString`),
 * and the app's receiver of Stripe's webhooks on a test database.
 */
import type { Knex } from 'knex';
import Stripe from 'stripe';
import type { PaymentEvent } from '../../../../../domain/payment/paymentEvent.ts';
import {
  createPaymentWebhookReceiver,
  type PaymentWebhookReceiver,
} from '../../createPaymentWebhookReceiver.ts';
import type { ProviderLog } from '../../createSandboxPayments.ts';
import { createStripeWebhookSource } from '../createStripeWebhookSource.ts';

export const WEBHOOK_SECRET = 'whsec_offline_test_secret';

/** A paid Checkout Session of our payment `pay_1` (30,000 cents), overridable field by field. */
export function checkoutSession(fields: Partial<Stripe.Checkout.Session> = {}): Stripe.Checkout.Session {
  return {
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: 'pay_1',
    amount_total: 30_000,
    currency: 'eur',
    metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
    payment_intent: 'pi_test_1',
    url: null,
    created: 1_893_492_000,
    expires_at: 1_893_578_400,
    ...fields,
  } as Stripe.Checkout.Session;
}

/** A refund of `pi_test_1`, overridable field by field. */
export function stripeRefund(fields: Partial<Stripe.Refund> = {}): Stripe.Refund {
  return {
    id: 're_test_1',
    object: 'refund',
    amount: 10_000,
    currency: 'eur',
    created: 1_893_495_600,
    payment_intent: 'pi_test_1',
    reason: null,
    status: 'succeeded',
    metadata: {},
    ...fields,
  } as Stripe.Refund;
}

/** An event of `type` about `object`, as Stripe sends it. */
export function stripeEvent(type: string, object: object, id = 'evt_test_1'): Stripe.Event {
  return {
    id,
    object: 'event',
    type,
    created: 1_893_495_600,
    api_version: Stripe.API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

/** The `Stripe-Signature` header of `rawBody` signed at `at` with `secret`. */
export const stripeSignature = (rawBody: string, at: Date, secret = WEBHOOK_SECRET): string =>
  Stripe.webhooks.generateTestHeaderString({
    payload: rawBody,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });

/** The raw body and `Stripe-Signature` header of `event`, signed at `at` with `secret`. */
export function signedWebhook(
  event: Stripe.Event,
  at: Date,
  secret = WEBHOOK_SECRET,
): { rawBody: string; signature: string } {
  const rawBody = JSON.stringify(event, null, 2);
  return { rawBody, signature: stripeSignature(rawBody, at, secret) };
}

/** The payment webhook receiver with Stripe's source, as the app wires it, on a test database's schema. */
export function stripeWebhookReceiver(options: {
  readonly db: { readonly knex: Knex; readonly schema: string };
  readonly onPaymentEvent: (event: PaymentEvent) => Promise<void>;
  readonly log: ProviderLog;
  readonly webhookSecrets?: string | readonly string[];
  readonly clock?: () => Date;
}): PaymentWebhookReceiver {
  const { db, clock } = options;
  return createPaymentWebhookReceiver({
    knex: db.knex,
    schema: db.schema,
    source: createStripeWebhookSource({
      knex: db.knex,
      schema: db.schema,
      webhookSecrets: options.webhookSecrets ?? WEBHOOK_SECRET,
      ...(clock ? { clock } : {}),
    }),
    ...(clock ? { clock } : {}),
    onPaymentEvent: options.onPaymentEvent,
    log: options.log,
  });
}
