/**
 * A purchase as the HTTP layer shows it (SPEC `getcarpurchase/{id}`, the purchase form's step, the
 * outcome pages): where it stands in the SPEC's words, what the buyer may do now, the amounts, and the
 * choices made so far. Built from the folded state plus the stream's events (the checkout URL lives only
 * in `AdvancePaymentRequested`). No personal data: that stays in the customer vault.
 */

import { allowedCommands, reopenableSteps } from '../../domain/purchase/allowedCommands.ts';
import type { PurchaseCommandType } from '../../domain/purchase/commands.ts';
import type { PurchaseEvent, ReopenableStep } from '../../domain/purchase/events.ts';
import type { PurchaseContext } from '../../domain/purchase/purchaseContext.ts';
import type { PurchaseSnapshot } from '../../domain/purchase/purchaseState.ts';
import { currentStep, type PurchaseStatus, purchaseStatus } from '../../domain/purchase/purchaseStatus.ts';
import { type PurchaseSummary, purchaseSummary } from '../../domain/purchase/purchaseSummary.ts';
import type { FinanceDecision, PurchaseStep } from '../../domain/routes/paramRules.ts';

export interface PurchaseView {
  readonly purchaseId: string;
  readonly carId: string;
  readonly locale: PurchaseContext['locale'];
  readonly dealerId: string;
  readonly customerId: string | null;
  readonly fromBookingId: string | null;
  /** The step the buyer is on (SPEC §4), null once ended. */
  readonly step: PurchaseStep | null;
  /** `confirmed`, `payment-failed` and `car-not-available` are the SPEC's outcome pages. */
  readonly status: PurchaseStatus;
  /** The commands that would record something now: the buttons to offer (and the 409's list). */
  readonly allowedCommands: readonly PurchaseCommandType[];
  readonly reopenableSteps: readonly ReopenableStep[];
  readonly summary: PurchaseSummary;
  /** The car's hold while the purchase is open; null once it ended (sold, cancelled, not available). */
  readonly hold: PurchaseContext['hold'];
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
  /** Events in the stream (the staff timeline's length). */
  readonly version: number;
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
    step: currentStep(state),
    status: purchaseStatus(state),
    allowedCommands: state.status === 'done' ? [] : allowedCommands(state),
    reopenableSteps: state.status === 'done' ? [] : reopenableSteps(state),
    summary: purchaseSummary(ctx),
    hold: state.status === 'done' ? null : ctx.hold,
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
    version: events.length,
  };
}

function pending(ctx: PurchaseContext, paymentId: string): boolean {
  return ctx.payments.some((p) => p.paymentId === paymentId && p.status === 'pending');
}
