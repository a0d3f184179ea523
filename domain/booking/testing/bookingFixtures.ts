/** Booking histories for tests: the terms of a free and a deposit market, and a driver of commands. */
import { hoursAfter, T0 } from '../../carHold/testing/carEvents.ts';
import { bookingTerms } from '../bookingPolicy.ts';
import { type BookingSnapshot, evolveBooking, initialBookingState } from '../bookingState.ts';
import type { BookingCommand } from '../commands.ts';
import { decideBooking } from '../decide.ts';
import type { BookingEvent } from '../events.ts';
import type { BookingFacts } from '../facts.ts';

export { hoursAfter, T0 };

export const FREE = bookingTerms('fr');
export const DEPOSIT = bookingTerms('pl');

export type Step = readonly [BookingCommand, Omit<BookingFacts, 'at'>?, string?];

/** Decides each command in turn (at T0 unless given) and folds its events: the events of the last one and all. */
export function drive(steps: readonly Step[], from: BookingSnapshot = initialBookingState()) {
  let state = from;
  const all: BookingEvent[] = [];
  let last: BookingEvent[] = [];
  for (const [command, facts = {}, at = T0] of steps) {
    last = decideBooking(command, state, { at, ...facts });
    for (const event of last) state = evolveBooking(state, event);
    all.push(...last);
  }
  return { state, last, all };
}

export const start = (locale: 'fr' | 'pl' = 'fr', bookingId = '501'): Step => [
  { type: 'StartBooking', carId: '101', locale },
  { bookingId, terms: bookingTerms(locale) },
];
export const contact = (customerId = 'cus-1'): Step => [
  { type: 'ConfirmContact', customerId, method: 'signed_up' },
];
export const placeHold = (until = hoursAfter(48), holdId = 'booking-501'): Step => [
  { type: 'PlaceHold' },
  { slot: { taken: true }, hold: { held: true, holdId, until } },
];
export const askDeposit = (paymentId = 'pay-1'): readonly [BookingCommand, Omit<BookingFacts, 'at'>] => [
  { type: 'RequestDepositPayment' },
  { payment: { paymentId, amount: DEPOSIT.deposit! } },
];
export const paid = (paymentId = 'pay-1'): Step => [
  { type: 'RecordDepositPayment', paymentId, result: 'succeeded' },
];
export const failed = (paymentId = 'pay-1'): Step => [
  { type: 'RecordDepositPayment', paymentId, result: 'failed', reason: 'declined' },
];

/** A free booking (fr) confirmed: held 48 h. */
export const confirmedFree = () => drive([start('fr'), contact(), placeHold()]).state;
/** A deposit booking (pl) held for its 30-minute payment window. */
export const awaitingDeposit = () => drive([start('pl'), contact(), placeHold(hoursAfter(0.5))]).state;
/** A deposit booking (pl) paid: held until the window's end plus 72 h. */
export const confirmedPaid = () => drive([askDeposit(), paid()], awaitingDeposit()).state;
