/** Reads of the `purchases` read model for the back office: a page of the filtered list, all of it, one. */
import type { Knex } from 'knex';
import { type FunnelList, funnelList } from './funnelList.ts';
import type { PurchaseAmounts } from './purchaseRow.ts';
import type { PurchaseRecord } from './purchasesProjection.ts';

/** A purchase in a staff list (no personal data: the HTTP layer adds the customer's name). */
export interface PurchaseListItem {
  readonly purchaseId: string;
  readonly carId: string;
  readonly dealerId: string;
  readonly market: string;
  readonly customerId: string | null;
  readonly step: string | null;
  readonly status: string;
  readonly funding: string | null;
  readonly financeDecision: string | null;
  readonly amounts: PurchaseAmounts;
  readonly fromBookingId: string | null;
  readonly holdId: string | null;
  readonly holdUntil: string | null;
  readonly events: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function purchaseListItem(r: PurchaseRecord): PurchaseListItem {
  return {
    purchaseId: r.purchase_id,
    carId: r.car_id,
    dealerId: r.dealer_id,
    market: r.locale,
    customerId: r.customer_id,
    step: r.step,
    status: r.status,
    funding: r.funding,
    financeDecision: r.finance_decision,
    amounts: {
      currency: r.currency as PurchaseAmounts['currency'],
      carPrice: Number(r.car_price),
      delivery: Number(r.delivery),
      tradeIn: Number(r.trade_in),
      extras: Number(r.extras),
      totalPrice: Number(r.total_price),
      total: Number(r.total),
      advancePayment: Number(r.advance_payment),
      advancePaid: Number(r.advance_paid),
      financed: Number(r.financed),
      balanceAtDelivery: Number(r.balance_at_delivery),
      insuranceMonthly: Number(r.insurance_monthly),
    },
    fromBookingId: r.from_booking_id,
    holdId: r.hold_id,
    holdUntil: r.hold_until?.toISOString() ?? null,
    events: r.events,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export type PurchaseQueries = FunnelList<PurchaseRecord, PurchaseListItem>;

export function purchaseQueries(options: {
  knex: Knex;
  schema?: string | undefined;
  chunkSize?: number | undefined;
}): PurchaseQueries {
  return funnelList({ ...options, table: 'purchases', key: 'purchase_id', toItem: purchaseListItem });
}
