/**
 * A booking as the HTTP layer shows it (SPEC §2 Booking): the machine's state, the SPEC screen it shows
 * (`car_booking_form`, `car_booking_check_contact`, `car_book_ok`, `car_book_ko`, `car_book_payment_ko`,
 * `car_booking_limit`), whether it is active (counts toward the limit), what may be done now, and the
 * facts recorded. No personal data.
 */
import { allowedCommands } from '../../domain/booking/allowedCommands.ts';
import type { BookingContext } from '../../domain/booking/bookingContext.ts';
import { type BookingSnapshot, type BookingStateName, stateOf } from '../../domain/booking/bookingState.ts';
import type { BookingCommandType } from '../../domain/booking/commands.ts';
import { type BookingScreen, currentScreen, isActiveBooking } from '../../domain/booking/screens.ts';

export interface BookingView {
  readonly bookingId: string;
  readonly carId: string;
  readonly locale: NonNullable<BookingContext['locale']>;
  readonly state: BookingStateName;
  readonly screen: BookingScreen;
  /** Holds (or is taking) its car: counts toward the customer's booking limit. */
  readonly active: boolean;
  readonly allowedCommands: readonly BookingCommandType[];
  readonly terms: BookingContext['terms'];
  readonly customerId: string | null;
  readonly hold: BookingContext['hold'];
  readonly payment: BookingContext['payment'];
  readonly depositPaid: boolean;
  readonly refund: BookingContext['refund'];
  readonly ending: BookingContext['ending'];
  readonly cancelledBy: BookingContext['cancelledBy'];
  /** Why the car could not be held (the ko page). */
  readonly refusal: BookingContext['refusal'];
  /** The limit and the bookings that take it (the limit page). */
  readonly limit: BookingContext['limit'];
  /** Converted: the purchase it became. */
  readonly purchaseId: string | null;
  /** Events in the stream. */
  readonly version: number;
}

export function toBookingView(state: BookingSnapshot, version: number): BookingView {
  const ctx = state.context;
  return {
    bookingId: ctx.bookingId ?? '0',
    carId: ctx.carId ?? '',
    locale: ctx.locale ?? 'fr',
    state: stateOf(state),
    screen: currentScreen(state),
    active: isActiveBooking(state),
    allowedCommands: allowedCommands(state),
    terms: ctx.terms,
    customerId: ctx.customerId,
    hold: ctx.hold,
    payment: ctx.payment,
    depositPaid: ctx.depositPaid,
    refund: ctx.refund,
    ending: ctx.ending,
    cancelledBy: ctx.cancelledBy,
    refusal: ctx.refusal,
    limit: ctx.limit,
    purchaseId: ctx.purchaseId,
    version,
  };
}
