/**
 * What a funnel asks of the payment provider after its events, the same for both funnels, each idempotent
 * (README.md "The rules that matter": payments, compensations).
 */
import type { Money } from '../../domain/catalogue/car.ts';
import { isDomainError } from '../../domain/errors.ts';
import type { RefundReason } from '../../domain/payment/payment.ts';
import type { Payments } from '../providers/payment/payments.ts';
import { refundIdOf } from './funnelCall.ts';
import type { FunnelLog } from './funnelPorts.ts';

/** The provider refused for good (completed, never paid, unknown): logged; retrying would not help. */
const refusedForGood = (error: unknown) =>
  isDomainError(error, 'illegal_state') || isDomainError(error, 'not_found');

export function paymentFollowUps(payments: Payments, log?: FunnelLog) {
  async function cancelCheckout(paymentId: string, reason: string): Promise<void> {
    try {
      await payments.cancel(paymentId, reason);
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      log?.warn({ paymentId, err: error }, 'checkout not cancelled: the payment completed or is unknown');
    }
  }

  async function refundInFull(paymentId: string, amount: Money, reason: RefundReason): Promise<void> {
    try {
      await payments.refund(paymentId, amount, reason, { refundId: refundIdOf(paymentId) });
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      log?.warn({ paymentId, err: error }, 'refund not made: the provider refused it');
    }
  }

  async function refundWhatIsLeft(paymentId: string, reason: RefundReason): Promise<void> {
    const payment = await payments.get(paymentId);
    if (payment?.status !== 'succeeded') return;
    const left = payment.amount.amount - payment.refunded.amount;
    if (left > 0) await refundInFull(paymentId, { amount: left, currency: payment.amount.currency }, reason);
  }

  return { cancelCheckout, refundInFull, refundWhatIsLeft };
}
