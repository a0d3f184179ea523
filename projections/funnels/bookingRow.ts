/**
 * A booking as staff see it in lists, exports and details: its machine state in list words (`status`),
 * the SPEC screen the buyer sees, the outcome once it has ended, the deposit and the hold. Computed from
 * the folded machine snapshot only, so the read model and a live fold (detail, state after an event)
 * always say the same.
 */
import type { BookingSnapshot, BookingStateName } from '../../domain/booking/bookingState.ts';
import { stateOf } from '../../domain/booking/bookingState.ts';
import type { BookingEventType } from '../../domain/booking/events.ts';
import { type BookingScreen, currentScreen, isActiveBooking } from '../../domain/booking/screens.ts';
import type { Locale } from '../../domain/markets.ts';

/** The machine's states in URL-friendly words (the list's `status` filter). */
export const BOOKING_STATUS: Readonly<Record<BookingStateName, string>> = {
  form: 'form',
  contactCheck: 'contact-check',
  holding: 'holding',
  awaitingDeposit: 'awaiting-deposit',
  paying: 'paying',
  paymentKo: 'payment-ko',
  confirmed: 'confirmed',
  refunding: 'refunding',
  ko: 'ko',
  limit: 'limit',
  expired: 'expired',
  cancelled: 'cancelled',
  converted: 'converted',
};

export const BOOKING_STATUSES = Object.values(BOOKING_STATUS) as [string, ...string[]];

export type BookingOutcome = 'ko' | 'limit' | 'expired' | 'cancelled' | 'converted';

// Every booking event type, checked complete by the compiler (a new event is a compile error here).
const TYPES: Readonly<Record<BookingEventType, true>> = {
  BookingStarted: true,
  ContactChecked: true,
  BookingLimitReached: true,
  BookingHoldRefused: true,
  BookingHeld: true,
  DepositPaymentRequested: true,
  DepositPaid: true,
  DepositPaymentFailed: true,
  BookingExpired: true,
  BookingHoldExtended: true,
  BookingHoldReleased: true,
  BookingCancelled: true,
  DepositRefunded: true,
  BookingConverted: true,
};
export const BOOKING_EVENT_TYPES = Object.keys(TYPES) as BookingEventType[];

export const BOOKING_STREAM_PREFIX = 'booking-';

export interface BookingListRow {
  readonly bookingId: string;
  readonly carId: string | null;
  readonly locale: Locale | null;
  readonly customerId: string | null;
  readonly status: string;
  readonly screen: BookingScreen;
  /** Holds (or is taking) its car: counts toward the customer's booking limit. */
  readonly active: boolean;
  readonly outcome: BookingOutcome | null;
  /** The market's deposit when the booking started, or null (free). */
  readonly deposit: { readonly amount: number; readonly currency: string } | null;
  readonly depositPaid: boolean;
  readonly depositRefunded: boolean;
  readonly paymentId: string | null;
  readonly holdId: string | null;
  readonly holdUntil: string | null;
  readonly purchaseId: string | null;
  readonly cancelledBy: 'buyer' | 'staff' | null;
}

const OUTCOMES: ReadonlySet<string> = new Set<BookingOutcome>([
  'ko',
  'limit',
  'expired',
  'cancelled',
  'converted',
]);

export function bookingListRow(bookingId: string, snapshot: BookingSnapshot): BookingListRow {
  const ctx = snapshot.context;
  const state = stateOf(snapshot);
  return {
    bookingId,
    carId: ctx.carId,
    locale: ctx.locale,
    customerId: ctx.customerId,
    status: BOOKING_STATUS[state],
    screen: currentScreen(snapshot),
    active: isActiveBooking(snapshot),
    outcome: OUTCOMES.has(state) ? (state as BookingOutcome) : null,
    deposit: ctx.terms?.deposit ? { ...ctx.terms.deposit } : null,
    depositPaid: ctx.depositPaid,
    depositRefunded: ctx.refund !== null,
    paymentId: ctx.payment?.paymentId ?? null,
    holdId: ctx.hold?.holdId ?? null,
    holdUntil: ctx.hold?.until ?? null,
    purchaseId: ctx.purchaseId,
    cancelledBy: ctx.cancelledBy,
  };
}
