/** What the booking machine remembers (its context) and how each event changes it: the `record` action. */
import type { CarUnavailableReason } from '../carHold/decide.ts';
import type { Money } from '../catalogue/car.ts';
import type { Locale } from '../markets.ts';
import type { BookingEvent, BookingHoldReleaseReason, BookingTerms, ContactMethod } from './events.ts';

export interface BookingContext {
  readonly bookingId: string | null;
  readonly carId: string | null;
  readonly locale: Locale | null;
  readonly terms: BookingTerms | null;
  readonly customerId: string | null;
  readonly contactMethod: ContactMethod | null;
  /** The car's hold: its end, and with a deposit its end once paid. */
  readonly hold: {
    readonly holdId: string;
    readonly until: string;
    readonly paidUntil: string | null;
  } | null;
  /** The latest deposit payment asked for. */
  readonly payment: { readonly paymentId: string; readonly amount: Money } | null;
  readonly failedPayments: readonly string[];
  readonly depositPaid: boolean;
  readonly refund: { readonly refundId: string } | null;
  /** How the booking ended (kept while a deposit refund is due). */
  readonly ending: 'expired' | 'cancelled' | null;
  readonly cancelledBy: 'buyer' | 'staff' | null;
  /** The hold ended before its time (ending `expired`): why. */
  readonly released: BookingHoldReleaseReason | null;
  readonly refusal: CarUnavailableReason | null;
  readonly limit: { readonly limit: number; readonly activeBookingIds: readonly string[] } | null;
  readonly purchaseId: string | null;
}

export const initialBookingContext: BookingContext = {
  bookingId: null,
  carId: null,
  locale: null,
  terms: null,
  customerId: null,
  contactMethod: null,
  hold: null,
  payment: null,
  failedPayments: [],
  depositPaid: false,
  refund: null,
  ending: null,
  cancelledBy: null,
  released: null,
  refusal: null,
  limit: null,
  purchaseId: null,
};

export function recordBookingEvent(context: BookingContext, event: BookingEvent): Partial<BookingContext> {
  switch (event.type) {
    case 'BookingStarted': {
      const { bookingId, carId, locale, terms } = event.data;
      return { bookingId, carId, locale, terms };
    }
    case 'ContactChecked':
      return { customerId: event.data.customerId, contactMethod: event.data.method };
    case 'BookingLimitReached':
      return { limit: { limit: event.data.limit, activeBookingIds: [...event.data.activeBookingIds] } };
    case 'BookingHoldRefused':
      return { refusal: event.data.reason };
    case 'BookingHeld':
      return { hold: { ...event.data } };
    case 'DepositPaymentRequested':
      return { payment: { ...event.data } };
    case 'DepositPaid':
      return {
        depositPaid: true,
        hold: context.hold && { ...context.hold, until: context.hold.paidUntil ?? context.hold.until },
      };
    case 'DepositPaymentFailed':
      return { failedPayments: [...context.failedPayments, event.data.paymentId] };
    case 'BookingExpired':
      return { ending: 'expired' };
    case 'BookingHoldExtended': {
      const hold = context.hold;
      if (!hold) return {};
      const { until } = event.data;
      // Paying afterwards never ends the hold sooner than the extension.
      const paidUntil =
        hold.paidUntil && (Date.parse(hold.paidUntil) < Date.parse(until) ? until : hold.paidUntil);
      return { hold: { ...hold, until, paidUntil } };
    }
    case 'BookingHoldReleased':
      return { ending: 'expired', released: event.data.reason };
    case 'BookingCancelled':
      return { ending: 'cancelled', cancelledBy: event.data.by };
    case 'DepositRefunded':
      return { refund: { refundId: event.data.refundId } };
    case 'BookingConverted':
      return { purchaseId: event.data.purchaseId };
    default: {
      const never: never = event;
      throw new Error(`unknown booking event ${JSON.stringify(never)}`);
    }
  }
}
