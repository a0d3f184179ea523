/** Reads of the `bookings` read model for the back office: a page of the filtered list, all of it, one. */
import type { Knex } from 'knex';
import type { BookingRecord } from './bookingsProjection.ts';
import { type FunnelList, funnelList } from './funnelList.ts';

/** A booking in a staff list (no personal data: the HTTP layer adds the customer's name). */
export interface BookingListItem {
  readonly bookingId: string;
  readonly carId: string | null;
  readonly market: string | null;
  readonly customerId: string | null;
  readonly status: string;
  readonly screen: string;
  readonly active: boolean;
  readonly outcome: string | null;
  readonly deposit: { readonly amount: number; readonly currency: string } | null;
  readonly depositPaid: boolean;
  readonly depositRefunded: boolean;
  readonly holdId: string | null;
  readonly holdUntil: string | null;
  readonly purchaseId: string | null;
  readonly cancelledBy: string | null;
  readonly events: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function bookingListItem(r: BookingRecord): BookingListItem {
  return {
    bookingId: r.booking_id,
    carId: r.car_id,
    market: r.locale,
    customerId: r.customer_id,
    status: r.status,
    screen: r.screen,
    active: r.active,
    outcome: r.outcome,
    deposit:
      r.deposit_amount === null || r.currency === null
        ? null
        : { amount: Number(r.deposit_amount), currency: r.currency },
    depositPaid: r.deposit_paid,
    depositRefunded: r.deposit_refunded,
    holdId: r.hold_id,
    holdUntil: r.hold_until?.toISOString() ?? null,
    purchaseId: r.purchase_id,
    cancelledBy: r.cancelled_by,
    events: r.events,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export type BookingQueries = FunnelList<BookingRecord, BookingListItem>;

export function bookingQueries(options: {
  knex: Knex;
  schema?: string | undefined;
  chunkSize?: number | undefined;
}): BookingQueries {
  return funnelList({ ...options, table: 'bookings', key: 'booking_id', toItem: bookingListItem });
}
