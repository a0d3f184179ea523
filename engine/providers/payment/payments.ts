/**
 * Payments port: a hosted checkout. `createPayment` registers a payment and answers the URL to send the
 * buyer to; the buyer pays or fails there, or the app cancels a checkout it gave up (`cancel`); the
 * provider reports the outcome by a signed webhook (see createPaymentWebhookReceiver.ts) and sends the
 * buyer back to `successUrl` or `failureUrl`. Stands for Stripe Checkout, Adyen hosted payment pages and
 * the like; the built-in adapter is a sandbox (createSandboxPayments.ts). See README.md beside this file.
 */
import type { Money } from '../../../domain/catalogue/car.ts';
import type { NewPayment, Payment, RefundReason } from '../../../domain/payment/payment.ts';

export type { NewPayment, Payment, RefundReason };

export interface Payments {
  /**
   * Registers a payment and answers where to send the buyer. Bad input → ValidationError per field. The
   * same `paymentId` again with the same amount and URLs is a retry: the same checkout URL, nothing new;
   * with different ones → ConflictError.
   */
  createPayment(input: NewPayment): Promise<{ checkoutUrl: string }>;
  /**
   * Refunds part or all of a succeeded payment and answers the payment after it; a `payment.refunded`
   * webhook follows. Unknown payment → NotFoundError; not succeeded → IllegalStateError; more than is
   * left → ValidationError. With `refundId`, a retried refund is recognised and refunds nothing more.
   */
  refund(
    paymentId: string,
    amount: Money,
    reason: RefundReason,
    options?: { readonly refundId?: string },
  ): Promise<Payment>;
  /**
   * Cancels the checkout of a pending payment (Stripe: expire the Checkout Session) and answers the
   * payment, now `cancelled`: the buyer can no longer pay on that page; a `payment.cancelled` webhook
   * follows. Already cancelled → answered unchanged, nothing sent. Succeeded or failed meanwhile →
   * IllegalStateError (the caller refunds a success it no longer takes); unknown → NotFoundError; a
   * `reason` (kept for the record, ≤ 200 characters) that is blank or too long → ValidationError.
   * Against a buyer paying at the same moment exactly one wins.
   */
  cancel(paymentId: string, reason?: string): Promise<Payment>;
  /** The payment as the provider knows it, or undefined. */
  get(paymentId: string): Promise<Payment | undefined>;
}
