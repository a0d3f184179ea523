/**
 * What maps to what between our payments (domain/payment) and Stripe Checkout, with no I/O: the Checkout
 * Session we ask for, a payment's status, refunds and reasons read back from Stripe's objects, and
 * Stripe's webhook events translated to our `PaymentEvent`s. README.md beside the folder has the table.
 */
import type Stripe from 'stripe';
import type { Money } from '../../../../domain/catalogue/car.ts';
import {
  type Payment,
  type PaymentStatus,
  REFUND_REASONS,
  type Refund,
  type RefundReason,
} from '../../../../domain/payment/payment.ts';
import {
  type PaymentEvent,
  type PaymentEventType,
  paymentEventSchema,
} from '../../../../domain/payment/paymentEvent.ts';
import type { WebhookReading } from '../createPaymentWebhookReceiver.ts';
import type { PaymentRequest, StripeCheckout } from './stripeCheckouts.ts';

/** The metadata keys we add at Stripe: on the payment intent (our payment id) and on each refund. */
export const STRIPE_METADATA = {
  paymentId: 'paymentId',
  refundId: 'refundId',
  refundReason: 'reason',
} as const;

/** Stripe Checkout's page language for our locales (the payment's `metadata.locale`); else Stripe picks. */
const CHECKOUT_LOCALES: Readonly<Record<string, Stripe.Checkout.SessionCreateParams.Locale>> = {
  at: 'de',
  de: 'de',
  es: 'es',
  fr: 'fr',
  'fr-BE': 'fr',
  it: 'it',
  'nl-BE': 'nl',
  pl: 'pl',
  pt: 'pt',
};

/** A retried create (a crash before our record, within Stripe's 24 hours) makes no second session. */
export const checkoutIdempotencyKey = (paymentId: string): string => `checkout-session-${paymentId}`;

const isoOf = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();

/**
 * The Checkout Session for a payment: one line item of the amount (minor units, `eur` / `pln`) named by
 * the description, our payment id as `client_reference_id`, our metadata on the session and (with the
 * payment id) on its payment intent, the buyer sent back to `successUrl` or, giving up, `failureUrl`.
 */
export function checkoutSessionParams(payment: PaymentRequest): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    client_reference_id: payment.paymentId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: payment.amount.currency.toLowerCase(),
          unit_amount: payment.amount.amount,
          product_data: { name: payment.description },
        },
      },
    ],
    success_url: payment.successUrl,
    cancel_url: payment.failureUrl,
    metadata: { ...payment.metadata },
    payment_intent_data: {
      description: payment.description,
      metadata: { ...payment.metadata, [STRIPE_METADATA.paymentId]: payment.paymentId },
    },
    locale: CHECKOUT_LOCALES[payment.metadata.locale ?? ''] ?? 'auto',
  };
}

/** The payment intent when Stripe expanded it (we ask for it), else null. */
export const expandedIntent = (session: Stripe.Checkout.Session): Stripe.PaymentIntent | null =>
  session.payment_intent && typeof session.payment_intent === 'object' ? session.payment_intent : null;

/**
 * A session's payment status: `open` → pending; `complete` → succeeded when paid, pending while an
 * asynchronous method (a bank debit) is processing, failed when it came back unpaid; `expired` →
 * cancelled when the app expired it (`cancel`), else failed (it lapsed: the buyer never paid).
 */
export function paymentStatusOf(
  session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>,
  intent: Pick<Stripe.PaymentIntent, 'status'> | null,
  cancelledByApp: boolean,
): PaymentStatus {
  switch (session.status) {
    case 'complete':
      if (session.payment_status === 'paid' || intent?.status === 'succeeded') return 'succeeded';
      return intent?.status === 'requires_payment_method' || intent?.status === 'canceled'
        ? 'failed'
        : 'pending';
    case 'expired':
      return cancelledByApp ? 'cancelled' : 'failed';
    default:
      return 'pending';
  }
}

/** Stripe's reason for our refund reason, where one fits; ours always goes in the refund's metadata. */
export function stripeRefundReason(reason: RefundReason): Stripe.RefundCreateParams.Reason | undefined {
  switch (reason) {
    case 'cancelled_by_buyer':
      return 'requested_by_customer';
    case 'duplicate':
      return 'duplicate';
    default:
      return undefined;
  }
}

/** The metadata of a refund we make: our payment id, refund id and reason. */
export const refundMetadata = (
  paymentId: string,
  refundId: string,
  reason: RefundReason,
): Record<string, string> => ({
  [STRIPE_METADATA.paymentId]: paymentId,
  [STRIPE_METADATA.refundId]: refundId,
  [STRIPE_METADATA.refundReason]: reason,
});

const isRefundReason = (value: string | undefined): value is RefundReason =>
  (REFUND_REASONS as readonly (string | undefined)[]).includes(value);

/** Our reason for a Stripe refund: ours from its metadata, else read from Stripe's (dashboard refunds). */
export function refundReasonOf(refund: Pick<Stripe.Refund, 'metadata' | 'reason'>): RefundReason {
  const ours = refund.metadata?.[STRIPE_METADATA.refundReason];
  if (isRefundReason(ours)) return ours;
  if (refund.reason === 'duplicate') return 'duplicate';
  return refund.reason === 'requested_by_customer' ? 'cancelled_by_buyer' : 'other';
}

/** A refund that counts: made or on its way (not failed, not cancelled). */
const counts = (refund: Pick<Stripe.Refund, 'status'>) =>
  refund.status !== 'failed' && refund.status !== 'canceled';

/** One refund as ours: its id is our refund id from the metadata, else Stripe's (`re_…`). */
export function refundOf(
  refund: Pick<Stripe.Refund, 'id' | 'amount' | 'created' | 'metadata' | 'reason'>,
  currency: Money['currency'],
): Refund {
  return {
    refundId: refund.metadata?.[STRIPE_METADATA.refundId] ?? refund.id,
    amount: { amount: refund.amount, currency },
    reason: refundReasonOf(refund),
    createdAt: isoOf(refund.created),
  };
}

/** The payment as the port answers it, from our record and Stripe's session, payment intent and refunds. */
export function paymentFromStripe(
  checkout: StripeCheckout,
  session: Stripe.Checkout.Session,
  refunds: readonly Stripe.Refund[],
): Payment {
  const intent = expandedIntent(session);
  const status = paymentStatusOf(session, intent, checkout.cancelledAt !== null);
  const { request } = checkout;
  const { currency } = request.amount;
  // Stripe lists the newest first: oldest first, in Stripe's order within a second.
  const made = refunds
    .filter(counts)
    .toReversed()
    .toSorted((a, b) => a.created - b.created)
    .map((refund) => refundOf(refund, currency));
  const charge =
    intent?.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const paidAt = charge?.created ?? intent?.created ?? session.created;
  const completedAt = {
    pending: null,
    succeeded: isoOf(paidAt),
    failed: isoOf(session.status === 'expired' ? session.expires_at : paidAt),
    cancelled: (checkout.cancelledAt ?? new Date(session.expires_at * 1000)).toISOString(),
  }[status];
  return {
    paymentId: checkout.paymentId,
    amount: request.amount,
    description: request.description,
    successUrl: request.successUrl,
    failureUrl: request.failureUrl,
    metadata: request.metadata,
    status,
    refunded: { amount: made.reduce((sum, refund) => sum + refund.amount.amount, 0), currency },
    refunds: made,
    createdAt: checkout.createdAt.toISOString(),
    completedAt,
    cancellationReason: status === 'cancelled' ? checkout.cancellationReason : null,
  };
}

/** Which of our checkouts a Stripe event is about, to look up before translating it. */
export type CheckoutKey =
  | { readonly sessionId: string }
  | { readonly paymentId: string }
  | { readonly paymentIntentId: string };

export function checkoutKeyOf(event: Stripe.Event): CheckoutKey | undefined {
  if (event.type.startsWith('checkout.session.')) {
    return { sessionId: (event.data.object as Stripe.Checkout.Session).id };
  }
  if (event.type === 'refund.created') {
    const refund = event.data.object;
    const paymentId = refund.metadata?.[STRIPE_METADATA.paymentId];
    if (paymentId) return { paymentId };
    const intent =
      typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
    return intent ? { paymentIntentId: intent } : undefined;
  }
  return undefined;
}

const STATUS_AFTER: Readonly<Record<PaymentEventType, PaymentStatus>> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.refunded': 'succeeded',
};

const ignored = (event: Stripe.Event, note?: string): WebhookReading => ({
  kind: 'ignored',
  eventId: event.id,
  type: event.type,
  ...(note ? { note } : {}),
});

/** Our event, checked against its schema: a Stripe object that does not fit is ignored with a note. */
function ours(event: Stripe.Event, candidate: PaymentEvent): WebhookReading {
  const parsed = paymentEventSchema.safeParse(candidate);
  return parsed.success
    ? { kind: 'event', event: parsed.data }
    : ignored(event, `does not make a payment event (${parsed.error.issues[0]?.message ?? 'invalid'})`);
}

function fromSession(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  type: PaymentEventType,
  checkout: StripeCheckout | undefined,
): WebhookReading {
  const paymentId = session.client_reference_id;
  if (session.mode !== 'payment' || !paymentId)
    return ignored(event, 'a Checkout Session of none of our payments');
  const currency = session.currency?.toUpperCase();
  const reason = type === 'payment.cancelled' ? checkout?.cancellationReason : undefined;
  return ours(event, {
    id: event.id,
    type,
    created: isoOf(event.created),
    data: {
      paymentId,
      amount: { amount: session.amount_total ?? 0, currency: currency as Money['currency'] },
      status: STATUS_AFTER[type],
      metadata: { ...session.metadata },
      ...(reason ? { cancellationReason: reason } : {}),
    },
  });
}

function fromRefund(
  event: Stripe.Event,
  refund: Stripe.Refund,
  checkout: StripeCheckout | undefined,
): WebhookReading {
  if (!checkout) return ignored(event, 'a refund of none of our payments');
  if (!counts(refund)) return ignored(event);
  return ours(event, {
    id: event.id,
    type: 'payment.refunded',
    created: isoOf(event.created),
    data: {
      paymentId: checkout.paymentId,
      amount: checkout.request.amount,
      status: 'succeeded',
      metadata: { ...checkout.request.metadata },
      refund: refundOf(refund, checkout.request.amount.currency),
    },
  });
}

/**
 * A Stripe event as ours, given our checkout it is about (looked up by `checkoutKeyOf`):
 * - `checkout.session.completed` → `payment.succeeded` when paid; unpaid (an asynchronous method) →
 *   ignored: `checkout.session.async_payment_succeeded` / `…_failed` → `payment.succeeded` / `payment.failed`
 *   follow;
 * - `checkout.session.expired` → `payment.cancelled` (with the reason) when the app expired it, else
 *   `payment.failed`;
 * - `refund.created` → `payment.refunded` with that refund (our refund id and reason from its metadata;
 *   a refund made in Stripe's dashboard: Stripe's id, its reason read back);
 * - `refund.failed` → ignored, with a note for the log (a refund Stripe could not pay out: see Stripe);
 * - anything else (`charge.refunded`, `payment_intent.*`, …) → ignored: the events above say it all.
 */
export function paymentEventFromStripe(
  event: Stripe.Event,
  checkout: StripeCheckout | undefined,
): WebhookReading {
  switch (event.type) {
    case 'checkout.session.completed':
      if (event.data.object.payment_status !== 'paid') return ignored(event);
      return fromSession(event, event.data.object, 'payment.succeeded', checkout);
    case 'checkout.session.async_payment_succeeded':
      return fromSession(event, event.data.object, 'payment.succeeded', checkout);
    case 'checkout.session.async_payment_failed':
      return fromSession(event, event.data.object, 'payment.failed', checkout);
    case 'checkout.session.expired':
      return fromSession(
        event,
        event.data.object,
        checkout?.cancelledAt ? 'payment.cancelled' : 'payment.failed',
        checkout,
      );
    case 'refund.created':
      return fromRefund(event, event.data.object, checkout);
    case 'refund.failed':
      return checkout
        ? ignored(event, `refund ${event.data.object.id} of payment ${checkout.paymentId} failed at Stripe`)
        : ignored(event);
    default:
      return ignored(event);
  }
}
