/**
 * A customer's booking ledger (`customer-bookings-<customerId>`): the slots their active bookings take.
 * "At most N active bookings" is enforced by the append of `BookingSlotTaken` with the ledger's expected
 * revision, not by a read model: two bookings placed at once by one customer both decide on the same
 * revision, one append wins, the other is decided again and meets the limit.
 *
 * A booking frees its slot when it ends (hold refused, expired, cancelled, converted). A slot also
 * lapses at its `until`, the latest its booking can be active (bookingHoldTimes.slotUntil), so a slot
 * whose booking never recorded its end (a crash) cannot block the customer forever.
 */
import { ConflictError } from '../errors.ts';

export const SLOT_FREE_REASONS = ['hold_refused', 'expired', 'cancelled', 'converted', 'lapsed'] as const;
export type SlotFreeReason = (typeof SLOT_FREE_REASONS)[number];

export type BookingLedgerEvent =
  | { type: 'BookingSlotTaken'; data: { bookingId: string; until: string; at: string } }
  | { type: 'BookingSlotFreed'; data: { bookingId: string; reason: SlotFreeReason; at: string } };

export type BookingLedgerCommand =
  | { type: 'TakeBookingSlot'; bookingId: string; limit: number; until: string; at: string }
  | { type: 'FreeBookingSlot'; bookingId: string; reason: Exclude<SlotFreeReason, 'lapsed'>; at: string };

/** The stream of a customer's booking ledger. */
export function bookingLedgerStream(customerId: string): string {
  return `customer-bookings-${customerId}`;
}

/** The slots taken and not freed, by booking id, with the time each lapses. */
export type BookingLedgerState = Readonly<Record<string, string>>;

export const initialBookingLedger: BookingLedgerState = {};

export function evolveBookingLedger(
  state: BookingLedgerState,
  event: BookingLedgerEvent,
): BookingLedgerState {
  switch (event.type) {
    case 'BookingSlotTaken':
      return { ...state, [event.data.bookingId]: event.data.until };
    case 'BookingSlotFreed': {
      const { [event.data.bookingId]: _freed, ...rest } = state;
      return rest;
    }
    default: {
      const never: never = event;
      throw new Error(`unknown booking ledger event ${JSON.stringify(never)}`);
    }
  }
}

/** The bookings whose slots count at `at` (taken, not freed, not lapsed), oldest first. */
export function activeBookings(state: BookingLedgerState, at: string): string[] {
  const now = Date.parse(at);
  return Object.entries(state)
    .filter(([, until]) => Date.parse(until) > now)
    .map(([bookingId]) => bookingId);
}

export function decideBookingLedger(
  command: BookingLedgerCommand,
  state: BookingLedgerState,
): BookingLedgerEvent[] {
  const { bookingId, at } = command;
  switch (command.type) {
    case 'TakeBookingSlot': {
      if (bookingId in state) return []; // this booking's slot: a retry
      const active = activeBookings(state, at);
      if (active.length >= command.limit) throw bookingLimitReached(command.limit, active);
      const lapsed = Object.keys(state).filter((id) => !active.includes(id));
      return [
        ...lapsed.map(
          (id): BookingLedgerEvent => ({
            type: 'BookingSlotFreed',
            data: { bookingId: id, reason: 'lapsed', at },
          }),
        ),
        { type: 'BookingSlotTaken', data: { bookingId, until: command.until, at } },
      ];
    }
    case 'FreeBookingSlot':
      return bookingId in state
        ? [{ type: 'BookingSlotFreed', data: { bookingId, reason: command.reason, at } }]
        : [];
    default: {
      const never: never = command;
      throw new Error(`unknown booking ledger command ${JSON.stringify(never)}`);
    }
  }
}

/** The 409 of a customer at their booking limit; `details` lists the active bookings. */
export function bookingLimitReached(limit: number, activeBookingIds: readonly string[]): ConflictError {
  return new ConflictError(`at most ${limit} active bookings: one must end first`, {
    reason: 'booking_limit',
    limit,
    activeBookingIds: [...activeBookingIds],
  });
}

/** The limit and active bookings of a {@link bookingLimitReached} error (the booking's `facts.slot`). */
export function bookingLimitOf(
  error: unknown,
): { taken: false; limit: number; activeBookingIds: string[] } | undefined {
  if (!(error instanceof ConflictError) || error.details?.reason !== 'booking_limit') return undefined;
  const { limit, activeBookingIds } = error.details as { limit: number; activeBookingIds: string[] };
  return { taken: false, limit, activeBookingIds };
}
