/**
 * Motor insurance offered in the purchase funnel (the SPEC's `insurance` step), per market: three covers
 * with a monthly premium from the market's base rate and the car's price band. Figures are typical
 * 2024–25 premiums for an experienced driver; a real insurer prices the driver too.
 */
import type { Locale } from '../markets.ts';

/**
 * Stable ids of the covers: `third-party` (liability only: RC / Haftpflicht / OC / RCA),
 * `third-party-fire-theft` (plus fire, theft, glass: tiers étendu / Teilkasko), `comprehensive`
 * (own damage too: tous risques / Vollkasko / AC).
 */
export const INSURANCE_PRODUCT_IDS = ['third-party', 'third-party-fire-theft', 'comprehensive'] as const;
export type InsuranceProductId = (typeof INSURANCE_PRODUCT_IDS)[number];

/** English labels for staff screens; the storefront translates by id. */
export const INSURANCE_LABELS: Readonly<Record<InsuranceProductId, string>> = {
  'third-party': 'Third party',
  'third-party-fire-theft': 'Third party, fire and theft',
  comprehensive: 'Comprehensive',
};

/** Upper bounds (exclusive) of the car price bands, in euros; the last band is open. Złoty prices are converted. */
export const PRICE_BANDS_EUR = [15_000, 30_000, 50_000, 80_000] as const;

/** How each band multiplies the base premium: liability hardly depends on the car's value, own damage does. */
export const BAND_FACTORS: Readonly<
  Record<InsuranceProductId, readonly [number, number, number, number, number]>
> = {
  'third-party': [1, 1.05, 1.1, 1.2, 1.3],
  'third-party-fire-theft': [1, 1.3, 1.7, 2.2, 2.9],
  comprehensive: [1, 1.4, 1.9, 2.6, 3.5],
};

/** Monthly premium of each cover in the lowest band, in minor units of the market's currency. */
export const BASE_MONTHLY_PREMIUM: Readonly<Record<Locale, Readonly<Record<InsuranceProductId, number>>>> = {
  at: { 'third-party': 3_800, 'third-party-fire-theft': 5_000, comprehensive: 7_200 },
  de: { 'third-party': 3_000, 'third-party-fire-theft': 4_200, comprehensive: 6_200 },
  es: { 'third-party': 2_400, 'third-party-fire-theft': 3_500, comprehensive: 5_400 },
  fr: { 'third-party': 2_500, 'third-party-fire-theft': 3_900, comprehensive: 5_900 },
  'fr-BE': { 'third-party': 3_200, 'third-party-fire-theft': 4_600, comprehensive: 6_600 },
  it: { 'third-party': 4_200, 'third-party-fire-theft': 5_600, comprehensive: 7_800 },
  'nl-BE': { 'third-party': 3_200, 'third-party-fire-theft': 4_600, comprehensive: 6_600 },
  pl: { 'third-party': 6_500, 'third-party-fire-theft': 9_900, comprehensive: 16_900 },
  pt: { 'third-party': 2_000, 'third-party-fire-theft': 3_000, comprehensive: 4_800 },
};

/** EUR → PLN used to place a złoty price in a band (as the catalogue's demo prices do). */
export const BAND_EUR_TO_PLN = 4.3;
