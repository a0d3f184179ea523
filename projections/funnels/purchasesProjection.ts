/**
 * The back office's purchases (SPEC back office `purchase list`, export): one row per purchase (stream
 * `purchase-<id>`) with its step, status, finance decision and amounts, folded through the purchase
 * machine itself (domain/purchase/purchaseState.ts) by defineFunnelProjection, which keeps the machine
 * snapshot and the last revision applied in the row, and when it was confirmed, its finance decided and
 * its hold expired (the dashboard's figures). No personal data: the customer is an id.
 */
import { PURCHASE_EVENT_TYPES } from '../../domain/purchase/events.ts';
import type { PersistedPurchase, PurchaseSnapshot } from '../../domain/purchase/purchaseState.ts';
import { defineFunnelProjection } from './defineFunnelProjection.ts';
import { purchaseFold } from './funnelSteps.ts';
import { purchaseListRow } from './purchaseRow.ts';

/** A row of `purchases` as stored (bigint columns come back as strings). */
export interface PurchaseRecord extends Record<string, unknown> {
  purchase_id: string;
  car_id: string;
  dealer_id: string;
  locale: string;
  customer_id: string | null;
  step: string | null;
  status: string;
  funding: string | null;
  finance_decision: string | null;
  currency: string;
  car_price: string;
  delivery: string;
  trade_in: string;
  extras: string;
  total_price: string;
  total: string;
  advance_payment: string;
  advance_paid: string;
  financed: string;
  balance_at_delivery: string;
  insurance_monthly: string;
  from_booking_id: string | null;
  hold_id: string | null;
  hold_until: Date | null;
  confirmed_at: Date | null;
  finance_decided_at: Date | null;
  hold_expired_at: Date | null;
  events: number;
  revision: string;
  created_at: Date;
  updated_at: Date;
  snapshot: PersistedPurchase;
}

const AMOUNTS = [
  'car_price',
  'delivery',
  'trade_in',
  'extras',
  'total_price',
  'total',
  'advance_payment',
  'advance_paid',
  'financed',
  'balance_at_delivery',
  'insurance_monthly',
] as const;

export const purchasesProjection = defineFunnelProjection({
  name: 'purchases',
  // 2: the dashboard's milestones (`confirmed_at`, `finance_decided_at`, `hold_expired_at`).
  version: 2,
  eventTypes: [...PURCHASE_EVENT_TYPES],
  fold: purchaseFold,
  table: 'purchases',
  key: 'purchase_id',
  columns: (t) => {
    t.text('car_id').notNullable();
    t.text('dealer_id').notNullable();
    t.text('locale').notNullable();
    t.text('customer_id');
    t.text('step');
    t.text('status').notNullable();
    t.text('funding');
    t.text('finance_decision');
    t.text('currency').notNullable();
    for (const amount of AMOUNTS) t.bigInteger(amount).notNullable();
    t.text('from_booking_id');
    t.text('hold_id');
    t.timestamp('hold_until', { useTz: true });
    t.index(['step', 'created_at']);
  },
  row: (_purchaseId, snapshot) => purchaseColumns(snapshot),
  times: {
    // When it was confirmed; when its finance was last decided (`finance_decision` says how); when its
    // hold ran out (`HoldLost` reason `expired`).
    confirmed_at: (_event, before, after) =>
      purchaseFold.position(before) !== 'confirmed' && purchaseFold.position(after) === 'confirmed',
    finance_decided_at: (event) => event.type === 'FinanceDecided',
    // (`expired` is spelt the same in every machine version: no upcasting needed.)
    hold_expired_at: (event) => event.type === 'HoldLost' && event.data.reason === 'expired',
  },
});

/** The purchase's own columns (the stream's id is the key, which PurchaseStarted repeats in its data). */
function purchaseColumns(snapshot: PurchaseSnapshot): Record<string, unknown> {
  const f = purchaseListRow(snapshot);
  const a = f.amounts;
  return {
    car_id: f.carId,
    dealer_id: f.dealerId,
    locale: f.locale,
    customer_id: f.customerId,
    step: f.step,
    status: f.status,
    funding: f.funding,
    finance_decision: f.financeDecision,
    currency: a.currency,
    car_price: a.carPrice,
    delivery: a.delivery,
    trade_in: a.tradeIn,
    extras: a.extras,
    total_price: a.totalPrice,
    total: a.total,
    advance_payment: a.advancePayment,
    advance_paid: a.advancePaid,
    financed: a.financed,
    balance_at_delivery: a.balanceAtDelivery,
    insurance_monthly: a.insuranceMonthly,
    from_booking_id: f.fromBookingId,
    hold_id: f.holdId,
    hold_until: f.holdUntil,
  };
}
