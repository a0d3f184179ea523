/**
 * Booking terms per market (README "Policy"). Booking online is free (the SPEC's booking FAQ: "book your
 * car online for free") and holds the car 48 hours. Germany and Poland take a refundable deposit
 * instead: the car is held 30 minutes while the buyer pays, then 72 hours; the deposit is refunded in
 * full when the booking is cancelled or expires, and counts toward the price when the buyer buys the car.
 * A customer may have at most 2 active bookings at once, in every market.
 */
import type { Locale } from '../markets.ts';
import type { BookingTerms } from './events.ts';

const FREE: BookingTerms = {
  holdHours: 48,
  deposit: null,
  depositWindowMinutes: null,
  maxActiveBookings: 2,
};

export const BOOKING_POLICY: Readonly<Record<Locale, BookingTerms>> = {
  at: FREE,
  de: {
    holdHours: 72,
    deposit: { amount: 30_000, currency: 'EUR' }, // 300,00 €
    depositWindowMinutes: 30,
    maxActiveBookings: 2,
  },
  es: FREE,
  fr: FREE,
  'fr-BE': FREE,
  it: FREE,
  'nl-BE': FREE,
  pl: {
    holdHours: 72,
    deposit: { amount: 100_000, currency: 'PLN' }, // 1 000,00 zł
    depositWindowMinutes: 30,
    maxActiveBookings: 2,
  },
  pt: FREE,
};

/** The booking terms of a market now (a booking keeps the terms it started with). */
export function bookingTerms(locale: Locale): BookingTerms {
  return BOOKING_POLICY[locale];
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The most staff extend a booking's hold at a time (as a purchase's): a longer wait is asked again. */
export const MAX_BOOKING_HOLD_EXTENSION_MINUTES = 24 * 60;

/** The end of a hold ending at `until` extended by `minutes`. */
export function bookingHoldExtendedBy(until: string, minutes: number): string {
  return new Date(Date.parse(until) + minutes * MINUTE).toISOString();
}

/**
 * When a booking's hold placed at `at` ends: `until` (free: the hold; deposit: the payment window),
 * `paidUntil` (deposit paid: the window's end plus the hold, whenever in the window it was paid; null
 * when free), and `slotUntil`, the latest the booking can be active, which its ledger slot lasts.
 */
export function bookingHoldTimes(
  terms: BookingTerms,
  at: string,
): { until: string; paidUntil: string | null; slotUntil: string } {
  const start = Date.parse(at);
  if (terms.deposit === null || terms.depositWindowMinutes === null) {
    const until = new Date(start + terms.holdHours * HOUR).toISOString();
    return { until, paidUntil: null, slotUntil: until };
  }
  const until = new Date(start + terms.depositWindowMinutes * MINUTE).toISOString();
  const paidUntil = paidUntilOf(terms, until) as string;
  return { until, paidUntil, slotUntil: paidUntil };
}

/** With a deposit: when a hold ending at `until` (the window) ends once paid; null for a free booking. */
export function paidUntilOf(terms: BookingTerms, until: string): string | null {
  if (terms.deposit === null) return null;
  return new Date(Date.parse(until) + terms.holdHours * HOUR).toISOString();
}
