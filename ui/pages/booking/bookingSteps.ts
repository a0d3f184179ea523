/**
 * The booking screens' steps (the car, the contact check, the deposit where the market takes one, the
 * booking itself), the title of the screen a booking's state shows, and where its commands are posted.
 */
import type { BookingStateName } from '../../../domain/booking/bookingState.ts';
import type { BookingCommandType } from '../../../domain/booking/commands.ts';
import type { BookingTerms } from '../../../domain/booking/events.ts';
import type { BookingJson } from '../../api/bookingTypes.ts';
import type { BookingMessages } from './messages/fr.ts';

export type BookingStep = keyof BookingMessages['steps']['names'];

/** The steps a booking under `terms` goes through. */
export function bookingSteps(terms: BookingTerms): BookingStep[] {
  return terms.deposit ? ['form', 'contact', 'deposit', 'outcome'] : ['form', 'contact', 'outcome'];
}

/** The step a booking's state is at (no booking yet: the form). */
export function stepOf(state: BookingStateName | null): BookingStep {
  switch (state) {
    case null:
    case 'form':
      return 'form';
    case 'contactCheck':
    case 'holding':
    case 'limit':
      return 'contact';
    case 'awaitingDeposit':
    case 'paying':
    case 'paymentKo':
      return 'deposit';
    case 'confirmed':
    case 'converted':
    case 'ko':
    case 'expired':
    case 'cancelled':
    case 'refunding':
      return 'outcome';
    default: {
      const never: never = state;
      throw new Error(`unknown booking state ${String(never)}`);
    }
  }
}

/** What the screen of a booking's state is about (its heading and the page's title). */
export function screenTitle(m: BookingMessages, booking: BookingJson | null): string {
  const state = booking?.state ?? null;
  switch (state) {
    case null:
    case 'form':
      return m.start.title;
    case 'contactCheck':
    case 'holding':
      return m.steps.names.contact;
    case 'awaitingDeposit':
    case 'paying':
      return m.steps.names.deposit;
    case 'paymentKo':
      return m.paymentKo.title;
    case 'confirmed':
      return m.ok.title;
    case 'converted':
      return m.ok.convertedTitle;
    case 'ko':
      return m.ko.takenTitle;
    case 'expired':
      return m.ko.expiredTitle;
    case 'limit':
      return m.limit.title;
    case 'cancelled':
    case 'refunding':
      return booking?.ending === 'expired' ? m.ko.expiredTitle : m.ko.cancelledTitle;
    default: {
      const never: never = state;
      throw new Error(`unknown booking state ${String(never)}`);
    }
  }
}

/** The call of a command the booking allows now (the server's link), if any. */
export function callOf(booking: BookingJson, command: BookingCommandType): string | undefined {
  return booking.links.calls.find((call) => call.command === command)?.path;
}
