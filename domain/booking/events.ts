/**
 * Booking events (past tense): one stream per booking, `booking-<bookingId>`. They are also the booking
 * machine's events (machine.ts), so the state after any history is the machine folded over them. They
 * carry ids and facts only: a customer id, never a name, an email or a phone (those live in the
 * customer vault). When and by whom is in each event's metadata (domain/funnel/funnelMetadata.ts).
 */
import type { CarUnavailableReason } from '../carHold/decide.ts';
import type { Money } from '../catalogue/car.ts';
import type { Locale } from '../markets.ts';

/** A market's booking terms when the booking started (bookingPolicy.ts), kept in the booking's stream. */
export interface BookingTerms {
  /** Hours the car stays held: from the hold when booking is free, from the deposit window's end otherwise. */
  readonly holdHours: number;
  /** The refundable deposit, or null: booking online is free (the SPEC's booking FAQ). */
  readonly deposit: Money | null;
  /** With a deposit: minutes the car is held while the buyer pays it. */
  readonly depositWindowMinutes: number | null;
  /** Active bookings a customer may have at once (the booking limit page beyond). */
  readonly maxActiveBookings: number;
}

export const CONTACT_METHODS = ['session', 'signed_in', 'signed_up'] as const;
/** How the contact check passed: already signed in, signed in (known email), or a new account. */
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const PAYMENT_FAILURES = ['declined', 'abandoned', 'expired', 'error'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

export const CANCEL_REASONS = [
  'changed_mind',
  'bought_elsewhere',
  'customer_request',
  'car_unavailable',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Why a booking's hold ended before its time: staff let the car go, or the car left the sale. */
export const HOLD_RELEASE_REASONS = ['released', 'car_withdrawn'] as const;
export type BookingHoldReleaseReason = (typeof HOLD_RELEASE_REASONS)[number];

export type BookingEvent =
  | {
      type: 'BookingStarted';
      data: { bookingId: string; carId: string; locale: Locale; terms: BookingTerms };
    }
  | { type: 'ContactChecked'; data: { customerId: string; method: ContactMethod } }
  /** The customer already has `limit` active bookings: nothing was held. */
  | { type: 'BookingLimitReached'; data: { limit: number; activeBookingIds: string[] } }
  /** The car could not be held: taken by someone else, sold, withdrawn. */
  | { type: 'BookingHoldRefused'; data: { reason: CarUnavailableReason } }
  /** The car is held until `until`; with a deposit, until `paidUntil` once it is paid. */
  | { type: 'BookingHeld'; data: { holdId: string; until: string; paidUntil: string | null } }
  | { type: 'DepositPaymentRequested'; data: { paymentId: string; amount: Money } }
  | { type: 'DepositPaid'; data: { paymentId: string } }
  | { type: 'DepositPaymentFailed'; data: { paymentId: string; reason: PaymentFailure } }
  | { type: 'BookingExpired'; data: { holdId: string } }
  /** Staff keep the car longer: the hold ends at `until` (and, with an unpaid deposit, no sooner once paid). */
  | { type: 'BookingHoldExtended'; data: { holdId: string; until: string } }
  /** The hold ended before its time (staff, or the car withdrawn): the booking ends like an expiry. */
  | { type: 'BookingHoldReleased'; data: { holdId: string; reason: BookingHoldReleaseReason } }
  | { type: 'BookingCancelled'; data: { by: 'buyer' | 'staff'; reason: CancelReason } }
  /** Compensates `DepositPaid` when the booking ends without a purchase. */
  | { type: 'DepositRefunded'; data: { paymentId: string; refundId: string; amount: Money } }
  /** The buyer bought the booked car: the hold passed to the purchase; a paid deposit counts toward it. */
  | {
      type: 'BookingConverted';
      data: {
        purchaseId: string;
        holdId: string;
        deposit: { paymentId: string; amount: Money } | null;
      };
    };

export type BookingEventType = BookingEvent['type'];
export type BookingEventOf<T extends BookingEventType> = Extract<BookingEvent, { type: T }>;

/** The stream of a booking. */
export function bookingStream(bookingId: string): string {
  return `booking-${bookingId}`;
}

/** The id of a booking's hold on its car (one hold per booking). */
export function bookingHoldId(bookingId: string): string {
  return `booking-${bookingId}`;
}
