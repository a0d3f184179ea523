/**
 * Payments at a hosted checkout (the advance payment of a purchase, a booking deposit): what a payment is,
 * how it completes and how it is refunded. Pure: the time and ids come in as parameters; the adapters
 * (engine/providers/payment) store payments and talk to the provider.
 */
import { z } from 'zod';
import { type Money, moneySchema } from '../catalogue/car.ts';
import { IllegalStateError, ValidationError } from '../errors.ts';

/**
 * `pending` until the buyer pays or gives up at the checkout, or the app cancels the checkout; then
 * `succeeded`, `failed` or `cancelled`, for good.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the buyer did at the checkout. */
export type CheckoutOutcome = 'succeeded' | 'failed';

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2_000);

/** Key-value pairs carried from `createPayment` to every webhook (purchase id, locale, …), as at Stripe. */
export const paymentMetadataSchema = z
  .record(z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'keys: letters, digits, _ . -'), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 20, 'at most 20 keys');

export const newPaymentSchema = z.object({
  /** The caller's id for the payment: creating it again with the same id is a retry, not a second payment. */
  paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -'),
  amount: moneySchema.refine((m) => m.amount > 0, { message: 'must be more than 0', path: ['amount'] }),
  description: z.string().trim().min(1).max(200),
  /** Where the buyer is sent after paying, and after failing or giving up. */
  successUrl: url,
  failureUrl: url,
  metadata: paymentMetadataSchema.default({}),
});
export type NewPayment = z.input<typeof newPaymentSchema>;

export const REFUND_REASONS = [
  'cancelled_by_buyer',
  'cancelled_by_staff',
  'finance_declined',
  'car_not_available',
  'expired',
  'duplicate',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export interface Refund {
  readonly refundId: string;
  readonly amount: Money;
  readonly reason: RefundReason;
  readonly createdAt: string;
}

export interface Payment {
  readonly paymentId: string;
  readonly amount: Money;
  readonly description: string;
  readonly successUrl: string;
  readonly failureUrl: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly status: PaymentStatus;
  /** Sum of the refunds. */
  readonly refunded: Money;
  readonly refunds: readonly Refund[];
  readonly createdAt: string;
  /** When it succeeded, failed or was cancelled; null while pending. */
  readonly completedAt: string | null;
  /** Why the app cancelled the checkout (`cancel`), else null. */
  readonly cancellationReason: string | null;
}

/** Why a checkout is cancelled: free text for the record, as the caller gives it. */
export const cancellationReasonSchema = z.string().trim().min(1).max(200);

/** Whether a payment created again with `input` is the same payment (a retry) rather than a clash. */
export function sameNewPayment(payment: Payment, input: z.output<typeof newPaymentSchema>): boolean {
  return (
    payment.amount.amount === input.amount.amount &&
    payment.amount.currency === input.amount.currency &&
    payment.successUrl === input.successUrl &&
    payment.failureUrl === input.failureUrl
  );
}

/**
 * The payment after the buyer's outcome at `at`. Completing again with the same outcome changes nothing
 * (a double click); with the other outcome → IllegalStateError (a payment completes once).
 */
export function completePayment(payment: Payment, outcome: CheckoutOutcome, at: string): Payment {
  if (payment.status === outcome) return payment;
  if (payment.status !== 'pending') {
    throw new IllegalStateError(`payment ${payment.paymentId} has already ${payment.status}`, {
      paymentId: payment.paymentId,
      status: payment.status,
    });
  }
  return { ...payment, status: outcome, completedAt: at };
}

/**
 * The payment after the app cancelled its checkout at `at` (the funnel gave it up): a pending payment
 * can no longer be paid. Cancelling again changes nothing (the first reason stays); a payment that
 * succeeded or failed meanwhile → IllegalStateError (the caller refunds a success it no longer takes).
 */
export function cancelPayment(payment: Payment, at: string, reason?: string): Payment {
  if (payment.status === 'cancelled') return payment;
  if (payment.status !== 'pending') {
    throw new IllegalStateError(
      `payment ${payment.paymentId} has already ${payment.status}: too late to cancel`,
      {
        paymentId: payment.paymentId,
        status: payment.status,
      },
    );
  }
  return { ...payment, status: 'cancelled', completedAt: at, cancellationReason: reason ?? null };
}

/**
 * The payment after refunding `amount`. Only a succeeded payment is refunded (else IllegalStateError);
 * the amount must be in the payment's currency, more than 0 and at most what is left (else
 * ValidationError on `amount`).
 */
export function refundPayment(
  payment: Payment,
  refund: { refundId: string; amount: Money; reason: RefundReason; at: string },
): Payment {
  if (payment.status !== 'succeeded') {
    throw new IllegalStateError(
      `payment ${payment.paymentId} is ${payment.status}: only a succeeded payment is refunded`,
      {
        paymentId: payment.paymentId,
        status: payment.status,
      },
    );
  }
  const left = payment.amount.amount - payment.refunded.amount;
  if (refund.amount.currency !== payment.amount.currency) {
    throw ValidationError.field('amount.currency', `must be ${payment.amount.currency}`);
  }
  if (!Number.isInteger(refund.amount.amount) || refund.amount.amount <= 0) {
    throw ValidationError.field('amount', 'must be a whole amount more than 0');
  }
  if (refund.amount.amount > left) {
    throw ValidationError.field('amount', `is more than the ${left} minor units left to refund`);
  }
  return {
    ...payment,
    refunded: { amount: payment.refunded.amount + refund.amount.amount, currency: payment.amount.currency },
    refunds: [
      ...payment.refunds,
      { refundId: refund.refundId, amount: refund.amount, reason: refund.reason, createdAt: refund.at },
    ],
  };
}
