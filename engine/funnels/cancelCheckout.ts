/**
 * Cancels at the provider a checkout its funnel gave up (a purchase's `AdvancePaymentVoided`, a booking
 * that expired while its deposit checkout was open), so the buyer can no longer pay on the old page.
 * Idempotent (a replayed command cancels nothing twice). A payment that completed meanwhile
 * (IllegalStateError: the buyer was faster) or that the provider does not know (NotFoundError) is left
 * as it is: a success the funnel no longer takes is refunded when its webhook comes (refundUnwanted).
 */
import { isDomainError } from '../../domain/errors.ts';
import type { Payments } from '../providers/payment/payments.ts';
import type { FunnelLog } from './funnelPorts.ts';

export async function cancelCheckout(
  payments: Pick<Payments, 'cancel'>,
  paymentId: string,
  reason: string,
  log?: FunnelLog,
): Promise<void> {
  try {
    await payments.cancel(paymentId, reason);
  } catch (error) {
    if (!isDomainError(error, 'illegal_state') && !isDomainError(error, 'not_found')) throw error;
    log?.warn({ paymentId, err: error }, 'checkout not cancelled: the payment completed or is unknown');
  }
}
