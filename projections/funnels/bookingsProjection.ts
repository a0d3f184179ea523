/**
 * The back office's bookings (SPEC back office `car-booking list`, export, detail): one row per booking
 * (stream `booking-<id>`), folded through the booking machine itself (domain/booking/bookingState.ts) by
 * defineFunnelProjection, which keeps the machine snapshot and the last revision applied in the row. No
 * personal data: the customer is an id.
 */
import type { BookingSnapshot, PersistedBooking } from '../../domain/booking/bookingState.ts';
import { BOOKING_EVENT_TYPES, bookingListRow } from './bookingRow.ts';
import { defineFunnelProjection } from './defineFunnelProjection.ts';
import { bookingFold } from './funnelSteps.ts';

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
  confirmed_at: Date | null;
  events: number;
  revision: string | number;
  created_at: Date;
  updated_at: Date;
  snapshot: PersistedBooking;
}

export const bookingsProjection = defineFunnelProjection({
  name: 'bookings',
  // 2: when it was confirmed (`confirmed_at`, for the dashboard).
  version: 2,
  eventTypes: BOOKING_EVENT_TYPES,
  fold: bookingFold,
  table: 'bookings',
  key: 'booking_id',
  columns: (t) => {
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
  },
  row: bookingColumns,
  times: {
    confirmed_at: (_event, before, after) =>
      bookingFold.position(before) !== 'confirmed' && bookingFold.position(after) === 'confirmed',
  },
});

/** The booking's own columns. */
function bookingColumns(bookingId: string, snapshot: BookingSnapshot): Record<string, unknown> {
  const f = bookingListRow(bookingId, snapshot);
  return {
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
  };
}
