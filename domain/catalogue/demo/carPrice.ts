/**
 * Demo prices: a version's new price from its place in the model's range, used prices by depreciation
 * over age and mileage, and the "nice" retail figures dealers display (18 990 €, 89 900 zł).
 */
import type { Currency } from '../../markets.ts';
import type { Money } from '../car.ts';
import type { ModelReference } from '../reference/types.ts';
import type { Fuel } from '../vocabulary.ts';
import type { DemoRandom } from './DemoRandom.ts';

/** EUR → PLN used for Polish demo prices. */
export const EUR_TO_PLN = 4.3;

const TRIM_CACHE = new WeakMap<ModelReference, readonly number[]>();

/**
 * The rank of each version in its model, 0 (cheapest) to 1 (dearest): mostly power, partly the table
 * order (the tables list trims from base to top).
 */
export function versionRanks(model: ModelReference): readonly number[] {
  const cached = TRIM_CACHE.get(model);
  if (cached) return cached;
  const powers = model.versions.map((v) => v.powerKw);
  const min = Math.min(...powers);
  const span = Math.max(...powers) - min;
  const last = Math.max(1, model.versions.length - 1);
  const ranks = model.versions.map(
    (v, i) => 0.75 * (span > 0 ? (v.powerKw - min) / span : 0.5) + 0.25 * (i / last),
  );
  TRIM_CACHE.set(model, ranks);
  return ranks;
}

/** The list price in EUR of the version at `index` of `model`. */
export function newPriceEur(model: ModelReference, index: number): number {
  const [low, high] = model.newPriceEur;
  return low + (high - low) * (versionRanks(model)[index] ?? 0.5) ** 0.9;
}

/** What a used car is worth in EUR: list price at registration, depreciated by age, adjusted for mileage. */
export function usedValueEur(
  listPriceEur: number,
  car: {
    readonly ageMonths: number;
    readonly yearsAgo: number;
    readonly mileageKm: number;
    readonly fuel: Fuel;
  },
  rng: DemoRandom,
): number {
  const age = car.ageMonths / 12;
  // Older cars were cheaper when new (list prices rise ~2.5 % a year).
  const listAtRegistration = listPriceEur * Math.max(0.78, 1 - 0.025 * car.yearsAgo);
  // A steep first year, then ~11 % a year; electric cars lose value faster.
  const depreciation = car.fuel === 'electric' ? 0.8 * 0.86 ** age : 0.86 * 0.89 ** age;
  const expectedKm = 15_000 * age;
  const mileage = Math.min(1.1, Math.max(0.65, 1 - (0.22 * (car.mileageKm - expectedKm)) / 100_000));
  const noise = 1 + 0.04 * rng.normal();
  return Math.max(1_500, listAtRegistration * depreciation * mileage * noise);
}

/** A new car's price: list price less a dealer discount of up to 8 %. */
export function newCarValueEur(listPriceEur: number, rng: DemoRandom): number {
  return listPriceEur * (1 - rng.between(0, 0.08));
}

/** A displayed retail price in minor units: EUR to 100 € (often …990), PLN to 100 zł (often …900). */
export function retailPrice(valueEur: number, currency: Currency, rng: DemoRandom): Money {
  let whole: number;
  if (currency === 'PLN') {
    const pln = valueEur * EUR_TO_PLN;
    whole = rng.chance(0.6) ? Math.round(pln / 1_000) * 1_000 - 100 : Math.round(pln / 100) * 100;
  } else {
    const hundreds = Math.round(valueEur / 100) * 100;
    whole = rng.chance(0.6) ? hundreds - 10 : hundreds;
  }
  return { amount: Math.max(100, whole) * 100, currency };
}
