/**
 * The back office's bookings (SPEC back office `car-booking list`, export, detail): one row per booking
 * (stream `booking-<id>`), folded through the booking machine itself (domain/booking/bookingState.ts).
 * Each row keeps its machine snapshot (`snapshot`, plain JSON) so the next batch goes on from it
 * instead of reading the stream again; `revision` is the last event applied (an event at or below it is
 * skipped, so a batch can never be counted twice). No personal data: the customer is an id.
 */
import {
  type BookingSnapshot,
  evolveBooking,
  initialBookingState,
  type PersistedBooking,
  persistBooking,
  restoreBooking,
} from '../../domain/booking/bookingState.ts';
import type { BookingEvent } from '../../domain/booking/events.ts';
import { defineProjection } from '../defineProjection.ts';
import { BOOKING_EVENT_TYPES, BOOKING_STREAM_PREFIX, bookingFacts } from './bookingRow.ts';
import { eventsByFunnel, eventTime, rowsByKey, upsertRows } from './funnelBatch.ts';

/** A row of `bookings` as stored. */
export interface BookingRecord extends Record<string, unknown> {
  booking_id: string;
  car_id: string | null;
  locale: string | null;
  customer_id: string | null;
  status: string;
  screen: string;
  active: boolean;
  outcome: string | null;
  deposit_amount: string | number | null;
  currency: string | null;
  deposit_paid: boolean;
  deposit_refunded: boolean;
  payment_id: string | null;
  hold_id: string | null;
  hold_until: Date | null;
  purchase_id: string | null;
  cancelled_by: string | null;
  events: number;
  revision: string | number;
  created_at: Date;
  updated_at: Date;
  snapshot: PersistedBooking;
}

export const bookingsProjection = defineProjection({
  name: 'bookings',
  version: 1,
  eventTypes: BOOKING_EVENT_TYPES,
  tables: {
    bookings: (t) => {
      t.text('booking_id').primary();
      t.text('car_id');
      t.text('locale');
      t.text('customer_id');
      t.text('status').notNullable();
      t.text('screen').notNullable();
      t.boolean('active').notNullable();
      t.text('outcome');
      t.bigInteger('deposit_amount');
      t.text('currency');
      t.boolean('deposit_paid').notNullable();
      t.boolean('deposit_refunded').notNullable();
      t.text('payment_id');
      t.text('hold_id');
      t.timestamp('hold_until', { useTz: true });
      t.text('purchase_id');
      t.text('cancelled_by');
      t.integer('events').notNullable();
      t.bigInteger('revision').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.jsonb('snapshot').notNullable();
      // Lists are newest first, filtered by market and/or status.
      t.index(['created_at', 'booking_id']);
      t.index(['locale', 'created_at']);
      t.index(['status', 'created_at']);
      t.index(['customer_id']);
      t.index(['car_id']);
    },
  },
  async handle(events, { trx, table }) {
    const bookings = table('bookings');
    const byId = eventsByFunnel(events, BOOKING_STREAM_PREFIX);
    const stored = await rowsByKey<BookingRecord>(trx, bookings, 'booking_id', [...byId.keys()]);
    const rows: Record<string, unknown>[] = [];
    for (const [bookingId, recorded] of byId) {
      const before = stored.get(bookingId);
      let snapshot: BookingSnapshot = before ? restoreBooking(before.snapshot) : initialBookingState();
      let revision = before ? BigInt(before.revision) : -1n;
      let count = before?.events ?? 0;
      let createdAt = before?.created_at;
      let updatedAt = before?.updated_at;
      for (const event of recorded) {
        if (event.revision <= revision) continue;
        snapshot = evolveBooking(snapshot, { type: event.type, data: event.data } as BookingEvent);
        revision = event.revision;
        count += 1;
        createdAt ??= eventTime(event);
        updatedAt = eventTime(event);
      }
      if (!createdAt || !updatedAt) continue;
      rows.push(bookingRecord(bookingId, snapshot, { revision, count, createdAt, updatedAt }));
    }
    await upsertRows(trx, bookings, 'booking_id', rows);
  },
});

function bookingRecord(
  bookingId: string,
  snapshot: BookingSnapshot,
  meta: { revision: bigint; count: number; createdAt: Date; updatedAt: Date },
): Record<string, unknown> {
  const f = bookingFacts(bookingId, snapshot);
  return {
    booking_id: bookingId,
    car_id: f.carId,
    locale: f.locale,
    customer_id: f.customerId,
    status: f.status,
    screen: f.screen,
    active: f.active,
    outcome: f.outcome,
    deposit_amount: f.deposit?.amount ?? null,
    currency: f.deposit?.currency ?? null,
    deposit_paid: f.depositPaid,
    deposit_refunded: f.depositRefunded,
    payment_id: f.paymentId,
    hold_id: f.holdId,
    hold_until: f.holdUntil,
    purchase_id: f.purchaseId,
    cancelled_by: f.cancelledBy,
    events: meta.count,
    revision: meta.revision.toString(),
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
    snapshot: JSON.stringify(persistBooking(snapshot)),
  };
}
