/**
 * A purchase as the HTTP layer shows it (SPEC `getcarpurchase/{id}`, the purchase form's step, the
 * outcome pages): where it stands in the SPEC's words, what the buyer may do now, the amounts, and the
 * choices made so far. Built from the folded state plus the stream's events (the checkout URL lives only
 * in `AdvancePaymentRequested`). No personal data: that stays in the customer vault.
 */

import type { PurchaseEvent } from '../../domain/purchase/events.ts';
import type { PurchaseContext } from '../../domain/purchase/purchaseContext.ts';
import { type PurchaseNow, purchaseNow } from '../../domain/purchase/purchaseNow.ts';
import {
  type PersistedPurchase,
  type PurchaseSnapshot,
  persistPurchase,
} from '../../domain/purchase/purchaseState.ts';
import type { FinanceDecision } from '../../domain/routes/paramRules.ts';

export interface PurchaseView extends PurchaseNow {
  readonly purchaseId: string;
  readonly carId: string;
  readonly locale: PurchaseContext['locale'];
  readonly dealerId: string;
  readonly customerId: string | null;
  readonly fromBookingId: string | null;
  readonly account: PurchaseContext['account'];
  readonly infos: PurchaseContext['infos'];
  readonly delivery: PurchaseContext['delivery'];
  readonly tradeIn: Pick<PurchaseContext['tradeIn'], 'offer' | 'choice'>;
  readonly insurance: PurchaseContext['insurance'];
  readonly extras: PurchaseContext['extras'];
  readonly funding: PurchaseContext['funding'];
  /** The lender's last answer on this purchase (SPEC `validate`), null before any. */
  readonly financeDecision: FinanceDecision | null;
  readonly financeRefused: boolean;
  readonly payments: PurchaseContext['payments'];
  /** Where to send the buyer to pay, while a payment request is pending. */
  readonly checkoutUrl: string | null;
  /** Once the car is handed over: the last day of the buyer's right of withdrawal (ISO 8601); else null. */
  readonly withdrawalUntil: string | null;
  /** Events in the stream (the staff timeline's length). */
  readonly version: number;
  /** The machine's snapshot (value and context: no personal data), restored by the browser's actor. */
  readonly snapshot: PersistedPurchase;
  /** The stream's events (type and data), which advance that actor from its version to this one. */
  readonly events: readonly PurchaseEvent[];
}

export function toPurchaseView(
  state: PurchaseSnapshot,
  events: readonly Pick<PurchaseEvent, 'type' | 'data'>[],
): PurchaseView {
  const ctx = state.context;
  let checkoutUrl: string | null = null;
  let financeDecision: FinanceDecision | null = null;
  for (const event of events as readonly PurchaseEvent[]) {
    if (event.type === 'FinanceDecided') financeDecision = event.data.decision;
    if (event.type === 'AdvancePaymentRequested' && pending(ctx, event.data.paymentId))
      checkoutUrl = event.data.checkoutUrl;
  }
  return {
    purchaseId: ctx.purchaseId,
    carId: ctx.carId,
    locale: ctx.locale,
    dealerId: ctx.dealerId,
    customerId: ctx.customerId,
    fromBookingId: ctx.fromBookingId,
    ...purchaseNow(state),
    account: ctx.account,
    infos: ctx.infos,
    delivery: ctx.delivery,
    tradeIn: { offer: ctx.tradeIn.offer, choice: ctx.tradeIn.choice },
    insurance: ctx.insurance,
    extras: ctx.extras,
    funding: ctx.funding,
    financeDecision,
    financeRefused: ctx.financeRefused,
    payments: ctx.payments,
    checkoutUrl,
    withdrawalUntil: ctx.handover?.withdrawalUntil ?? null,
    version: events.length,
    snapshot: persistPurchase(state),
    events: (events as readonly PurchaseEvent[]).map(({ type, data }) => ({ type, data }) as PurchaseEvent),
  };
}

function pending(ctx: PurchaseContext, paymentId: string): boolean {
  return ctx.payments.some((p) => p.paymentId === paymentId && p.status === 'pending');
}
