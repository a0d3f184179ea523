/**
 * The app's record of its payments at Stripe (migration 011, `payment_stripe_checkouts`): our payment id
 * → the Checkout Session (and its payment intent once Stripe made one), what the app asked, and the
 * app's cancellation. Stripe cannot find a session by our id, so get, refund and cancel start here.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { newPaymentSchema } from '../../../../domain/payment/payment.ts';

/** A payment as the app asked for it (`createPayment`'s input, validated). */
export type PaymentRequest = z.output<typeof newPaymentSchema>;

export interface StripeCheckout {
  readonly paymentId: string;
  readonly sessionId: string;
  /** The session's hosted page, answered again to a retried create. */
  readonly checkoutUrl: string;
  readonly paymentIntentId: string | null;
  readonly request: PaymentRequest;
  readonly createdAt: Date;
  /** When the app cancelled the checkout (set before the session is expired), else null. */
  readonly cancelledAt: Date | null;
  readonly cancellationReason: string | null;
}

interface Row {
  payment_id: string;
  session_id: string;
  checkout_url: string;
  payment_intent_id: string | null;
  request: PaymentRequest;
  created_at: Date;
  cancelled_at: Date | null;
  cancellation_reason: string | null;
}

const fromRow = (row: Row): StripeCheckout => ({
  paymentId: row.payment_id,
  sessionId: row.session_id,
  checkoutUrl: row.checkout_url,
  paymentIntentId: row.payment_intent_id,
  request: row.request,
  createdAt: row.created_at,
  cancelledAt: row.cancelled_at,
  cancellationReason: row.cancellation_reason,
});

export interface StripeCheckouts {
  /** Records a new checkout; false when the payment id has one already (nothing written). */
  insert(checkout: Omit<StripeCheckout, 'cancelledAt' | 'cancellationReason'>): Promise<boolean>;
  byPaymentId(paymentId: string): Promise<StripeCheckout | undefined>;
  bySessionId(sessionId: string): Promise<StripeCheckout | undefined>;
  byPaymentIntentId(paymentIntentId: string): Promise<StripeCheckout | undefined>;
  /** Notes the session's payment intent once Stripe made one (refunds name the intent, not the session). */
  notePaymentIntent(sessionId: string, paymentIntentId: string): Promise<void>;
  /** Marks the checkout cancelled by the app; false when it was already (the first reason stays). */
  markCancelled(paymentId: string, at: Date, reason: string | undefined): Promise<boolean>;
  /** Takes the mark back: Stripe refused to expire the session (it completed or lapsed first). */
  unmarkCancelled(paymentId: string): Promise<void>;
}

export function stripeCheckouts(options: { readonly knex: Knex; readonly schema?: string }): StripeCheckouts {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".payment_stripe_checkouts`;
  const one = async (column: string, value: string) => {
    const { rows } = await knex.raw<{ rows: Row[] }>(`SELECT * FROM ${table} WHERE ${column} = ?`, [value]);
    return rows[0] ? fromRow(rows[0]) : undefined;
  };
  return {
    async insert(checkout) {
      const { rows } = await knex.raw<{ rows: unknown[] }>(
        `INSERT INTO ${table} (payment_id, session_id, checkout_url, payment_intent_id, request, created_at)
         VALUES (?, ?, ?, ?, ?::jsonb, ?)
         ON CONFLICT (payment_id) DO NOTHING RETURNING payment_id`,
        [
          checkout.paymentId,
          checkout.sessionId,
          checkout.checkoutUrl,
          checkout.paymentIntentId,
          JSON.stringify(checkout.request),
          checkout.createdAt,
        ],
      );
      return rows.length > 0;
    },
    byPaymentId: (paymentId) => one('payment_id', paymentId),
    bySessionId: (sessionId) => one('session_id', sessionId),
    byPaymentIntentId: (paymentIntentId) => one('payment_intent_id', paymentIntentId),
    async notePaymentIntent(sessionId, paymentIntentId) {
      await knex.raw(
        `UPDATE ${table} SET payment_intent_id = ? WHERE session_id = ? AND payment_intent_id IS NULL`,
        [paymentIntentId, sessionId],
      );
    },
    async markCancelled(paymentId, at, reason) {
      const { rows } = await knex.raw<{ rows: unknown[] }>(
        `UPDATE ${table} SET cancelled_at = ?, cancellation_reason = ?
         WHERE payment_id = ? AND cancelled_at IS NULL RETURNING payment_id`,
        [at, reason ?? null, paymentId],
      );
      return rows.length > 0;
    },
    async unmarkCancelled(paymentId) {
      await knex.raw(
        `UPDATE ${table} SET cancelled_at = NULL, cancellation_reason = NULL WHERE payment_id = ?`,
        [paymentId],
      );
    },
  };
}
