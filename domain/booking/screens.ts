/**
 * Which SPEC §2 booking screen a booking's state shows, and whether the booking is still active (holds
 * or is about to hold its car: it takes one of the customer's booking slots).
 */
import { type BookingSnapshot, type BookingStateName, stateOf } from './bookingState.ts';

export const BOOKING_SCREENS = [
  'car_booking_form',
  'car_booking_check_contact',
  'car_book_ok',
  'car_book_ko',
  'car_book_payment_ko',
  'car_booking_limit',
] as const;
export type BookingScreen = (typeof BOOKING_SCREENS)[number];

const SCREEN: Readonly<Record<BookingStateName, BookingScreen>> = {
  form: 'car_booking_form',
  // The contact check page carries on until the booking is settled: it holds the car and, where the
  // market takes a deposit, sends the buyer to the checkout and waits for its answer.
  contactCheck: 'car_booking_check_contact',
  holding: 'car_booking_check_contact',
  awaitingDeposit: 'car_booking_check_contact',
  paying: 'car_booking_check_contact',
  paymentKo: 'car_book_payment_ko',
  confirmed: 'car_book_ok',
  // Bought: the ok page says so and links to the purchase.
  converted: 'car_book_ok',
  // The car is not (or no longer) the buyer's: the ko page says why (state: taken, expired, cancelled).
  ko: 'car_book_ko',
  expired: 'car_book_ko',
  cancelled: 'car_book_ko',
  refunding: 'car_book_ko',
  limit: 'car_booking_limit',
};

/** The screen (SPEC route name, without the locale suffix) of a booking's state. */
export function currentScreen(snapshot: BookingSnapshot): BookingScreen {
  return SCREEN[stateOf(snapshot)];
}

const ACTIVE: ReadonlySet<BookingStateName> = new Set([
  'holding',
  'awaitingDeposit',
  'paying',
  'paymentKo',
  'confirmed',
]);

/** Whether the booking counts toward the customer's limit (it holds, or is taking, a car). */
export function isActiveBooking(snapshot: BookingSnapshot): boolean {
  return ACTIVE.has(stateOf(snapshot));
}
