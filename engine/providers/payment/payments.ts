/**
 * Payments port: a hosted checkout. `createPayment` registers a payment and answers the URL to send the
 * buyer to; the buyer pays or fails there; the provider reports the outcome by a signed webhook (see
 * createPaymentWebhookReceiver.ts) and sends the buyer back to `successUrl` or `failureUrl`. Stands for
 * Stripe Checkout, Adyen hosted payment pages and the like; the built-in adapter is a sandbox
 * (createSandboxPayments.ts). See README.md beside this file.
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
  /** The payment as the provider knows it, or undefined. */
  get(paymentId: string): Promise<Payment | undefined>;
}
