/**
 * The payment webhook's effect on the funnels: the receiver's `onPaymentEvent` hook
 * (engine/providers/payment/createPaymentWebhookReceiver.ts). The payment's metadata names its funnel
 * (`funnel`, `purchaseId` / `bookingId`, set when the checkout was created); the webhook event id is the
 * command's idempotency key, so a replayed or doubled webhook changes nothing.
 *
 * - `payment.succeeded` / `payment.failed` → the purchase's `RecordPaymentResult` or the booking's
 *   `RecordDepositPayment` (system actor `payment-webhook`);
 * - `payment.refunded` → the booking's `RecordDepositRefund` (its own refunds are already recorded, so
 *   this decides nothing for them); purchases record their refunds when they ask for them;
 * - `payment.cancelled` → nothing: the engine cancels a checkout only after its funnel gave it up
 *   (a purchase's `AdvancePaymentVoided`, a booking's ending), which the funnel has recorded already.
 *
 * Refusals that a retry cannot change (a payment unknown to the purchase, a booking that ended) are
 * logged and acknowledged, so the provider stops sending; anything else throws and the provider retries.
 */
import { isDomainError } from '../../domain/errors.ts';
import type { PaymentEvent, PaymentEventType } from '../../domain/payment/paymentEvent.ts';
import type { BookingService } from './bookingService.ts';
import { type FunnelCall, systemActor } from './funnelCall.ts';
import type { FunnelLog } from './funnelPorts.ts';
import type { PurchaseService } from './purchaseService.ts';

export interface PaymentEventTargets {
  readonly purchases: Pick<PurchaseService, 'recordPaymentResult'>;
  readonly bookings: Pick<BookingService, 'recordDepositPayment' | 'recordDepositRefund'>;
  readonly log?: FunnelLog;
}

/** What an event type asks of its funnel: record the checkout's outcome, record a refund, or nothing. */
function effectOf(type: PaymentEventType): 'outcome' | 'refund' | 'none' {
  switch (type) {
    case 'payment.succeeded':
    case 'payment.failed':
      return 'outcome';
    case 'payment.refunded':
      return 'refund';
    case 'payment.cancelled':
      return 'none';
    default: {
      const never: never = type;
      throw new Error(`unknown payment event type ${String(never)}`);
    }
  }
}

export function createFunnelPaymentHandler(
  targets: PaymentEventTargets,
): (event: PaymentEvent) => Promise<void> {
  return async (event) => {
    const { metadata, paymentId } = event.data;
    const effect = effectOf(event.type);
    if (effect === 'none') return;
    const call: FunnelCall = { actor: systemActor('payment-webhook'), idempotencyKey: `webhook:${event.id}` };
    try {
      if (metadata.funnel === 'purchase' && metadata.purchaseId) {
        if (effect === 'refund') return;
        const result = event.type === 'payment.succeeded' ? 'succeeded' : 'failed';
        await targets.purchases.recordPaymentResult(
          metadata.purchaseId,
          result === 'failed' ? { paymentId, result, reason: 'declined' } : { paymentId, result },
          call,
        );
      } else if (metadata.funnel === 'booking' && metadata.bookingId) {
        if (effect === 'refund') {
          const refundId = event.data.refund?.refundId;
          if (refundId)
            await targets.bookings.recordDepositRefund(metadata.bookingId, { paymentId, refundId }, call);
          return;
        }
        const answer =
          event.type === 'payment.succeeded'
            ? { paymentId, result: 'succeeded' as const }
            : { paymentId, result: 'failed' as const, reason: 'declined' as const };
        await targets.bookings.recordDepositPayment(metadata.bookingId, answer, call);
      } else {
        targets.log?.warn({ eventId: event.id, paymentId }, 'payment webhook for no funnel: ignored');
      }
    } catch (error) {
      const final = ['validation', 'not_found', 'illegal_state'].some((code) =>
        isDomainError(error, code as 'validation'),
      );
      if (!final) throw error;
      targets.log?.warn(
        { eventId: event.id, paymentId, err: error },
        'payment webhook refused by its funnel',
      );
    }
  };
}
