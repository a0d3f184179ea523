/**
 * The rules of a trade-in offer, in one place: how a car loses value with age and mileage, what its
 * condition is worth, the margin the retailer keeps for reconditioning, warranty and resale, and the floor
 * below which the car is only worth its parts and metal. Figures follow the usual European residual-value
 * curves (a steep first year, then ~11 % a year; electric cars faster).
 */

import type { Fuel } from '../catalogue/vocabulary.ts';
import type { Currency, Locale } from '../markets.ts';

/** The state of a trade-in car as declared by the seller, then checked at inspection. */
export const TRADE_IN_CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const;
export type TradeInCondition = (typeof TRADE_IN_CONDITIONS)[number];

/** What the condition does to the value: excellent (no marks, full history) … poor (needs work). */
export const CONDITION_FACTOR: Readonly<Record<TradeInCondition, number>> = {
  excellent: 1.04,
  good: 1,
  fair: 0.9,
  poor: 0.75,
};

/** Value kept after the first year, and each year after, by fuel. */
export const RETENTION: Readonly<Record<Fuel, { readonly firstYear: number; readonly perYear: number }>> = {
  petrol: { firstYear: 0.86, perYear: 0.89 },
  diesel: { firstYear: 0.86, perYear: 0.88 },
  hybrid: { firstYear: 0.87, perYear: 0.9 },
  lpg: { firstYear: 0.85, perYear: 0.88 },
  plug_in_hybrid: { firstYear: 0.83, perYear: 0.875 },
  electric: { firstYear: 0.8, perYear: 0.86 },
};

/** List prices rise ~2.5 % a year: an older car was cheaper new (not below 78 % of today's price). */
export const LIST_PRICE_DRIFT_PER_YEAR = 0.025;
export const LIST_PRICE_DRIFT_FLOOR = 0.78;

/** Mileage: the km a car usually does per year; the value moves 22 % per 100 000 km off that, within bounds. */
export const EXPECTED_KM_PER_YEAR = 15_000;
export const MILEAGE_SLOPE_PER_100K = 0.22;
export const MILEAGE_FACTOR_BOUNDS = [0.6, 1.08] as const;

/** The share of the car's retail value offered: the rest pays reconditioning, warranty and the resale margin. */
export const TRADE_IN_SHARE = 0.82;

/** Used-car price level of each market relative to France/Germany (taxes and demand differ). */
export const MARKET_PRICE_LEVEL: Readonly<Record<Locale, number>> = {
  at: 1.02,
  de: 1,
  es: 0.97,
  fr: 1,
  'fr-BE': 0.98,
  it: 0.98,
  'nl-BE': 0.98,
  pl: 0.9,
  pt: 1.05,
};

/** EUR → PLN for Polish offers (the rate the demo catalogue's prices use). */
export const EUR_TO_PLN = 4.3;

/** Per currency: the lowest offer (scrap and export value) and the step offers are rounded down to. */
export const OFFER_FLOOR: Readonly<Record<Currency, { readonly floor: number; readonly step: number }>> = {
  EUR: { floor: 30_000, step: 1_000 },
  PLN: { floor: 130_000, step: 5_000 },
};

/** How long an offer holds. */
export const OFFER_VALIDITY_DAYS = 7;

/** Why an offer was valued again. */
export const REVALUATION_REASONS = [
  /** The car was inspected and found better or worse than declared. */
  'inspection',
  /** The odometer reads differently from the declared mileage. */
  'mileage_corrected',
  /** Damage found that the declaration did not mention. */
  'damage_found',
  /** The 7 days passed: a new offer at today's values. */
  'offer_expired',
  /** The seller corrected a detail (year, fuel). */
  'seller_correction',
] as const;
export type RevaluationReason = (typeof REVALUATION_REASONS)[number];
