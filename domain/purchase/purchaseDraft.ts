/**
 * The events a decision is building, checked one by one against the machine (`snapshot.can`) and
 * folded as they go, plus the compensations every decision ends with (README "Money"): a payment in
 * flight is voided before the buyer leaves the payment step, a funding chosen for an old total is
 * voided, a deposit whose funding is gone is refunded, and a paid purchase whose funding is final is
 * confirmed. Compensations follow from the state, so no command can forget one.
 */
import type { DepositRefundReason, PaymentVoidReason, PurchaseEvent } from './events.ts';
import {
  depositsToRefund,
  fundingFinal,
  fundingStale,
  lastPayment,
  paymentPending,
} from './purchaseRules.ts';
import { nextPurchase, type PurchaseSnapshot } from './purchaseState.ts';
import { purchaseSummary } from './purchaseSummary.ts';

/** The machine does not take this event now: `decide` turns it into the 409 naming what is allowed. */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(eventType: string) {
    super(eventType);
  }
}

export class PurchaseDraft {
  readonly events: PurchaseEvent[] = [];
  snapshot: PurchaseSnapshot;

  constructor(snapshot: PurchaseSnapshot) {
    this.snapshot = snapshot;
  }

  get context() {
    return this.snapshot.context;
  }

  push(event: PurchaseEvent): this {
    const next = nextPurchase(this.snapshot, event);
    // The same snapshot back: no transition takes the event (`snapshot.can`, without computing twice).
    if (next === this.snapshot) throw new Refusal(event.type);
    this.snapshot = next;
    this.events.push(event);
    return this;
  }

  /** Before leaving the payment step: give up the checkout in flight (the engine cancels it). */
  voidPendingPayment(reason: PaymentVoidReason): this {
    const last = lastPayment(this.context);
    if (last !== undefined && paymentPending(this.context)) {
      this.push({ type: 'AdvancePaymentVoided', data: { paymentId: last.paymentId, reason } });
    }
    return this;
  }

  /** Refund deposits whose funding is gone (or every deposit: `all`, when the purchase ends). */
  refundDeposits(reason: DepositRefundReason, all = false): this {
    const last = lastPayment(this.context);
    const due = all
      ? this.context.payments.filter((p) => p.status === 'succeeded')
      : depositsToRefund(this.context);
    for (const p of due) {
      const why: DepositRefundReason = p === last ? reason : 'payment_voided';
      this.push({ type: 'DepositRefunded', data: { paymentId: p.paymentId, amount: p.amount, reason: why } });
    }
    // The converted booking's deposit is given back only when the purchase ends without the car.
    const booked = this.context.bookingDeposit;
    if (all && booked?.status === 'succeeded') {
      const data = { paymentId: booked.paymentId, amount: booked.amount, reason };
      this.push({ type: 'DepositRefunded', data });
    }
    return this;
  }

  /** After a step changed something: void a stale funding, refund orphaned deposits, confirm if due. */
  settle(refundReason: DepositRefundReason = 'funding_changed'): this {
    let reason = refundReason;
    if (fundingStale(this.context)) {
      const previous = this.context.funding;
      const total = purchaseSummary(this.context).totalDue;
      this.push({
        type: 'FundingVoided',
        data: {
          reason: 'total-changed',
          previousTotal: previous?.total ?? total,
          total,
          applicationId: previous?.mode === 'finance' ? previous.applicationId : null,
        },
      });
      reason = 'funding_voided';
    }
    this.refundDeposits(reason);
    if (this.snapshot.matches({ open: { advancePayment: 'paid' } }) && fundingFinal(this.context)) {
      const s = purchaseSummary(this.context);
      this.push({
        type: 'PurchaseConfirmed',
        data: {
          funding: s.funding ?? 'cash',
          totalDue: s.totalDue,
          advancePaid: s.advancePaid,
          balanceAtDelivery: s.balanceAtDelivery,
        },
      });
    }
    return this;
  }

  /** End the purchase (cancelled, car not available): no checkout in flight, no money kept. */
  end(event: Extract<PurchaseEvent, { type: 'PurchaseCancelled' | 'HoldLost' }>): this {
    const why = event.type === 'HoldLost' ? 'hold_lost' : 'purchase_cancelled';
    return this.voidPendingPayment(why).refundDeposits(why, true).push(event);
  }
}
