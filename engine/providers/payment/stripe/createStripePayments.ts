/**
 * The `Payments` port (../payments.ts) on Stripe Checkout, with the official `stripe` library. A payment
 * is a Checkout Session (mode `payment`, one line item); our payment id is its `client_reference_id`, and
 * our record of it (stripeCheckouts.ts, migration 011) finds the session again for `get`, `refund` and
 * `cancel`. Stripe is the authority on the outcome: `get` reads the session, its payment intent and the
 * refunds each time. The outcome reaches the funnels by Stripe's webhooks (createStripeWebhookSource.ts).
 * Mapping, idempotency and the webhooks: README.md beside the folder.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import {
  ConflictError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../../../../domain/errors.ts';
import { newPaymentSchema, type Payment, refundPayment } from '../../../../domain/payment/payment.ts';
import { validate } from '../../../../domain/validate.ts';
import { cancelInputSchema, refundInputSchema } from '../paymentInputs.ts';
import type { Payments } from '../payments.ts';
import { type StripeCheckout, stripeCheckouts } from './stripeCheckouts.ts';
import {
  checkoutIdempotencyKey,
  checkoutSessionParams,
  expandedIntent,
  paymentFromStripe,
  refundMetadata,
  stripeRefundReason,
} from './stripeMapping.ts';

export interface StripePaymentsOptions {
  /** The Stripe client (`createStripeClient(STRIPE_SECRET_KEY)`). */
  readonly stripe: Stripe;
  readonly knex: Knex;
  /** The schema of `payment_stripe_checkouts` (default `public`). */
  readonly schema?: string;
  readonly clock?: () => Date;
  /** Refund ids when the caller gives none (default: random UUIDs). */
  readonly newId?: () => string;
}

/** A Stripe client for the app: its own API version (the library's), network retries, a timeout. */
export function createStripeClient(secretKey: string, config: Stripe.StripeConfig = {}): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'car-retail-platform' },
    ...config,
  });
}

/** One payment as Stripe has it: our record, the session (its payment intent expanded) and the payment. */
interface Loaded {
  readonly checkout: StripeCheckout;
  readonly session: Stripe.Checkout.Session;
  readonly payment: Payment;
}

const refusedBecause = (error: unknown, ...codes: string[]) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && codes.includes(error.code ?? '');

export function createStripePayments(options: StripePaymentsOptions): Payments {
  const { stripe } = options;
  const checkouts = stripeCheckouts(options);
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  async function load(paymentId: string): Promise<Loaded | undefined> {
    const checkout = await checkouts.byPaymentId(paymentId);
    if (!checkout) return undefined;
    const session = await stripe.checkout.sessions.retrieve(checkout.sessionId, {
      expand: ['payment_intent.latest_charge'],
    });
    const intent = expandedIntent(session);
    if (intent && !checkout.paymentIntentId) await checkouts.notePaymentIntent(session.id, intent.id);
    const refunds = intent ? (await stripe.refunds.list({ payment_intent: intent.id, limit: 100 })).data : [];
    return { checkout, session, payment: paymentFromStripe(checkout, session, refunds) };
  }

  async function mustLoad(paymentId: string): Promise<Loaded> {
    const loaded = await load(paymentId);
    if (!loaded) throw new NotFoundError(`no payment ${paymentId}`, { paymentId });
    return loaded;
  }

  const conflict = (paymentId: string) =>
    new ConflictError(`payment ${paymentId} exists with another amount or other URLs`, { paymentId });

  return {
    async createPayment(input) {
      const payment = validate(newPaymentSchema, input, 'payment');
      const sameRequest = ({ request }: StripeCheckout) =>
        request.amount.amount === payment.amount.amount &&
        request.amount.currency === payment.amount.currency &&
        request.successUrl === payment.successUrl &&
        request.failureUrl === payment.failureUrl;
      const earlier = await checkouts.byPaymentId(payment.paymentId);
      if (earlier) {
        if (!sameRequest(earlier)) throw conflict(payment.paymentId);
        return { checkoutUrl: earlier.checkoutUrl };
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(checkoutSessionParams(payment), {
          idempotencyKey: checkoutIdempotencyKey(payment.paymentId),
        });
      } catch (error) {
        // The same key with other parameters: this payment id was created otherwise a moment ago.
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw conflict(payment.paymentId);
        throw error;
      }
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
      const inserted = await checkouts.insert({
        paymentId: payment.paymentId,
        sessionId: session.id,
        checkoutUrl: session.url,
        paymentIntentId: null,
        request: payment,
        createdAt: clock(),
      });
      if (!inserted) {
        // A concurrent create recorded it first (the same session, by the idempotency key).
        const recorded = await checkouts.byPaymentId(payment.paymentId);
        if (!recorded || !sameRequest(recorded)) throw conflict(payment.paymentId);
        return { checkoutUrl: recorded.checkoutUrl };
      }
      return { checkoutUrl: session.url };
    },

    async get(paymentId) {
      return (await load(paymentId))?.payment;
    },

    async refund(paymentId, amount, reason, refundOptions = {}) {
      const input = validate(refundInputSchema, { paymentId, amount, reason, ...refundOptions }, 'refund');
      const refundId = input.refundId ?? newId();
      const { session, payment } = await mustLoad(input.paymentId);
      const earlier = payment.refunds.find((refund) => refund.refundId === refundId);
      if (earlier) {
        if (earlier.amount.amount !== input.amount.amount)
          throw new ConflictError(`refund ${refundId} exists for another payment or amount`, { refundId });
        return payment;
      }
      const asked = { refundId, amount: input.amount, reason: input.reason };
      // Checks it first as the sandbox does: only a succeeded payment, at most what is left.
      refundPayment(payment, { ...asked, at: clock().toISOString() });
      const intent = expandedIntent(session);
      if (!intent)
        throw new Error(`Stripe's Checkout Session ${session.id} is paid without a payment intent`);
      const stripeReason = stripeRefundReason(input.reason);
      let made: Stripe.Refund;
      try {
        made = await stripe.refunds.create(
          {
            payment_intent: intent.id,
            amount: input.amount.amount,
            ...(stripeReason ? { reason: stripeReason } : {}),
            metadata: refundMetadata(payment.paymentId, refundId, input.reason),
          },
          { idempotencyKey: refundId },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeIdempotencyError)
          throw new ConflictError(`refund ${refundId} exists for another payment or amount`, { refundId });
        if (refusedBecause(error, 'amount_too_large'))
          throw ValidationError.field('amount', 'is more than is left to refund at Stripe');
        if (refusedBecause(error, 'charge_already_refunded', 'charge_disputed'))
          throw new IllegalStateError(`Stripe refuses to refund payment ${payment.paymentId}`, {
            paymentId: payment.paymentId,
            code: (error as Stripe.errors.StripeError).code,
          });
        throw error;
      }
      return refundPayment(payment, { ...asked, at: new Date(made.created * 1000).toISOString() });
    },

    async cancel(paymentId, reason) {
      const input = validate(cancelInputSchema, { paymentId, reason }, 'cancel');
      const checkout = await checkouts.byPaymentId(input.paymentId);
      if (!checkout) throw new NotFoundError(`no payment ${input.paymentId}`, { paymentId: input.paymentId });
      // Marked before the session is expired, so its `checkout.session.expired` reads as ours.
      const markedNow = await checkouts.markCancelled(checkout.paymentId, clock(), input.reason);
      try {
        await stripe.checkout.sessions.expire(checkout.sessionId);
      } catch (error) {
        // Anything but a refusal (the network, Stripe down): the mark stays, a retry finishes the cancel.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const { session, payment } = await mustLoad(checkout.paymentId);
        // Expired after an earlier cancel of ours (marked then): cancelled, answered unchanged.
        if (session.status === 'expired' && !markedNow) return payment;
        await checkouts.unmarkCancelled(checkout.paymentId);
        if (session.status === 'open') throw error;
        // Completed (paid, or a bank debit on its way), or lapsed by itself first: failed.
        const status = session.status === 'expired' ? 'failed' : payment.status;
        const what = status === 'pending' ? 'completed (its payment is processing)' : status;
        throw new IllegalStateError(`payment ${checkout.paymentId} has already ${what}: too late to cancel`, {
          paymentId: checkout.paymentId,
          status,
        });
      }
      return (await mustLoad(checkout.paymentId)).payment;
    },
  };
}
