/**
 * A purchase as staff see it in lists, exports and details: the step the buyer is on, the status in the
 * SPEC's words (purchaseView.ts), the finance decision, and the amounts (purchaseSummary.ts). Computed
 * from the folded machine snapshot only, so the read model and a live fold always say the same.
 */
import type { Money } from '../../domain/catalogue/car.ts';
import type { Locale } from '../../domain/markets.ts';
import type { FundingMode } from '../../domain/purchase/events.ts';
import type { PurchaseContext } from '../../domain/purchase/purchaseContext.ts';
import type { PurchaseSnapshot } from '../../domain/purchase/purchaseState.ts';
import { currentStep, type PurchaseStatus, purchaseStatus } from '../../domain/purchase/purchaseStatus.ts';
import { purchaseSummary } from '../../domain/purchase/purchaseSummary.ts';
import type { FinanceDecision, PurchaseStep } from '../../domain/routes/paramRules.ts';

export const PURCHASE_STREAM_PREFIX = 'purchase-';

/** The amounts staff read, in minor units of `currency`. */
export interface PurchaseAmounts {
  readonly currency: Money['currency'];
  readonly carPrice: number;
  readonly delivery: number;
  readonly tradeIn: number;
  readonly extras: number;
  /** car + delivery + extras. */
  readonly totalPrice: number;
  /** totalPrice − trade-in (what the buyer owes). */
  readonly total: number;
  readonly advancePayment: number;
  /** Deposits received and not refunded. */
  readonly advancePaid: number;
  readonly financed: number;
  readonly balanceAtDelivery: number;
  readonly insuranceMonthly: number;
}

export interface PurchaseListRow {
  readonly purchaseId: string;
  readonly carId: string;
  readonly dealerId: string;
  readonly locale: Locale;
  readonly customerId: string | null;
  readonly step: PurchaseStep | null;
  readonly status: PurchaseStatus;
  readonly funding: FundingMode | null;
  readonly financeDecision: FinanceDecision | null;
  readonly amounts: PurchaseAmounts;
  readonly fromBookingId: string | null;
  readonly holdId: string | null;
  readonly holdUntil: string | null;
}

/**
 * The lender's answer on the purchase's finance: the current finance's decision (`accepted`,
 * `by-pass`); `declined` once a lender refused (the buyer may then only pay cash); null otherwise.
 */
export function financeDecisionOf(ctx: PurchaseContext): FinanceDecision | null {
  if (ctx.funding?.mode === 'finance' && ctx.funding.decision !== null) return ctx.funding.decision;
  return ctx.financeRefused ? 'declined' : null;
}

export function purchaseListRow(snapshot: PurchaseSnapshot): PurchaseListRow {
  const ctx = snapshot.context;
  const s = purchaseSummary(ctx);
  return {
    purchaseId: ctx.purchaseId,
    carId: ctx.carId,
    dealerId: ctx.dealerId,
    locale: ctx.locale,
    customerId: ctx.customerId,
    step: currentStep(snapshot),
    status: purchaseStatus(snapshot),
    funding: s.funding,
    financeDecision: financeDecisionOf(ctx),
    amounts: {
      currency: s.carPrice.currency,
      carPrice: s.carPrice.amount,
      delivery: s.deliveryPrice.amount,
      tradeIn: s.tradeInAmount.amount,
      extras: s.extrasTotal.amount,
      totalPrice: s.totalPrice.amount,
      total: s.totalDue.amount,
      advancePayment: s.advancePayment.amount,
      advancePaid: s.advancePaid.amount,
      financed: s.financed.amount,
      balanceAtDelivery: s.balanceAtDelivery.amount,
      insuranceMonthly: s.insuranceMonthly.amount,
    },
    fromBookingId: ctx.fromBookingId,
    holdId: ctx.hold?.holdId ?? null,
    holdUntil: ctx.hold?.until ?? null,
  };
}
