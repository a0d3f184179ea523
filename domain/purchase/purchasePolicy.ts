/**
 * The purchase terms of each market (configuration, documented in README.md "Policy"):
 *
 * - `holdMinutes`: how long a purchase holds the car while the buyer goes through the steps. Two hours
 *   covers an unhurried funnel with a trade-in valuation and a finance simulation, and is short enough
 *   that an abandoned purchase does not keep a car off the site for the day.
 * - `studyHoldDays`: once the advance payment is in but the finance is still being studied by hand
 *   (`by-pass`), the hold is extended this long: lenders answer a manual study within a few working days.
 * - `withdrawalDays`: the buyer's right of withdrawal after the car is handed over (the EU's 14 days
 *   for distance sales; a market may grant more).
 * - `advancePayment`: a fixed, refundable advance paid online to secure the car (the rest at delivery
 *   or by the loan). Round local amounts of similar weight (~1–2 % of a typical used car); PLN in Poland.
 *   It never exceeds the total due (purchaseSummary).
 */
import type { Money } from '../catalogue/car.ts';
import { type Locale, marketOf } from '../markets.ts';

export interface PurchasePolicy {
  readonly holdMinutes: number;
  readonly studyHoldDays: number;
  readonly advancePayment: Money;
  readonly withdrawalDays: number;
}

const eur = (euros: number): Money => ({ amount: euros * 100, currency: 'EUR' });

export const PURCHASE_POLICIES: Readonly<Record<Locale, PurchasePolicy>> = {
  at: { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(500), withdrawalDays: 14 },
  de: { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(500), withdrawalDays: 14 },
  es: { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(300), withdrawalDays: 14 },
  fr: { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(500), withdrawalDays: 14 },
  'fr-BE': { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(500), withdrawalDays: 14 },
  it: { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(300), withdrawalDays: 14 },
  'nl-BE': { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(500), withdrawalDays: 14 },
  pl: {
    holdMinutes: 120,
    studyHoldDays: 7,
    advancePayment: { amount: 2000_00, currency: 'PLN' },
    withdrawalDays: 14,
  },
  pt: { holdMinutes: 120, studyHoldDays: 7, advancePayment: eur(300), withdrawalDays: 14 },
};

export function purchasePolicy(locale: Locale): PurchasePolicy {
  return PURCHASE_POLICIES[locale];
}

/** The currency every amount of a purchase in this market is in. */
export function purchaseCurrency(locale: Locale): Money['currency'] {
  return marketOf(locale).currency;
}

/** When a hold won at `at` ends (the engine appends the hold to the car's stream with this end). */
export function purchaseHoldUntil(locale: Locale, at: string): string {
  return addMinutes(at, purchasePolicy(locale).holdMinutes);
}

/** The most staff extend a hold by at once (a day): a longer wait is a decision taken again each day. */
export const MAX_HOLD_EXTENSION_MINUTES = 24 * 60;

/** When the right of withdrawal of a car handed over at `at` ends. */
export function withdrawalUntil(locale: Locale, at: string): string {
  return addMinutes(at, purchasePolicy(locale).withdrawalDays * 24 * 60);
}

/** A hold's end moved `minutes` later. */
export function holdExtendedBy(until: string, minutes: number): string {
  return addMinutes(until, minutes);
}

/** When a hold extended at `at` for a finance study ends. */
export function studyHoldUntil(locale: Locale, at: string): string {
  return addMinutes(at, purchasePolicy(locale).studyHoldDays * 24 * 60);
}

// Date arithmetic on a given instant: pure (no clock is read).
function addMinutes(at: string, minutes: number): string {
  return new Date(Date.parse(at) + minutes * 60_000).toISOString();
}
