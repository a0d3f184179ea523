/**
 * The back office's purchases (SPEC back office `purchase list`, export): one row per purchase (stream
 * `purchase-<id>`) with its step, status, finance decision and amounts, folded through the purchase
 * machine itself (domain/purchase/purchaseState.ts). Each row keeps its machine snapshot (`snapshot`,
 * plain JSON) so the next batch goes on from it; `revision` is the last event applied (an event at or
 * below it is skipped). No personal data: the customer is an id.
 */
import { PURCHASE_EVENT_TYPES, type PurchaseEvent } from '../../domain/purchase/events.ts';
import {
  evolvePurchase,
  initialPurchaseState,
  type PersistedPurchase,
  type PurchaseSnapshot,
  persistPurchase,
  restorePurchase,
} from '../../domain/purchase/purchaseState.ts';
import { defineProjection } from '../defineProjection.ts';
import { eventsByFunnel, eventTime, rowsByKey, upsertRows } from './funnelBatch.ts';
import { PURCHASE_STREAM_PREFIX, purchaseFacts } from './purchaseRow.ts';

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

export const purchasesProjection = defineProjection({
  name: 'purchases',
  version: 1,
  eventTypes: [...PURCHASE_EVENT_TYPES],
  tables: {
    purchases: (t) => {
      t.text('purchase_id').primary();
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
      t.integer('events').notNullable();
      t.bigInteger('revision').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.jsonb('snapshot').notNullable();
      t.index(['created_at', 'purchase_id']);
      t.index(['locale', 'created_at']);
      t.index(['status', 'created_at']);
      t.index(['step', 'created_at']);
      t.index(['customer_id']);
      t.index(['car_id']);
    },
  },
  async handle(events, { trx, table }) {
    const purchases = table('purchases');
    const byId = eventsByFunnel(events, PURCHASE_STREAM_PREFIX);
    const stored = await rowsByKey<PurchaseRecord>(trx, purchases, 'purchase_id', [...byId.keys()]);
    const rows: Record<string, unknown>[] = [];
    for (const [purchaseId, recorded] of byId) {
      const before = stored.get(purchaseId);
      let snapshot: PurchaseSnapshot = before ? restorePurchase(before.snapshot) : initialPurchaseState();
      let revision = before ? BigInt(before.revision) : -1n;
      let count = before?.events ?? 0;
      let createdAt = before?.created_at;
      let updatedAt = before?.updated_at;
      for (const event of recorded) {
        if (event.revision <= revision) continue;
        snapshot = evolvePurchase(snapshot, { type: event.type, data: event.data } as PurchaseEvent);
        revision = event.revision;
        count += 1;
        createdAt ??= eventTime(event);
        updatedAt = eventTime(event);
      }
      if (!createdAt || !updatedAt) continue;
      rows.push(purchaseRecord(purchaseId, snapshot, { revision, count, createdAt, updatedAt }));
    }
    await upsertRows(trx, purchases, 'purchase_id', rows);
  },
});

function purchaseRecord(
  purchaseId: string,
  snapshot: PurchaseSnapshot,
  meta: { revision: bigint; count: number; createdAt: Date; updatedAt: Date },
): Record<string, unknown> {
  const f = purchaseFacts(snapshot);
  const a = f.amounts;
  return {
    // The stream's id, which PurchaseStarted repeats in its data.
    purchase_id: purchaseId,
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
    events: meta.count,
    revision: meta.revision.toString(),
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
    snapshot: JSON.stringify(persistPurchase(snapshot)),
  };
}
