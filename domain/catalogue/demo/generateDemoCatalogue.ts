/**
 * A deterministic demo catalogue (dealers and cars) for seeding a fresh site: the same options always
 * give the same catalogue, so tests, screenshots and benchmarks can rely on it.
 */
import type { CountryCode } from '../../markets.ts';
import type { CarFacts } from '../car.ts';
import type { Dealer } from '../dealer.ts';
import { DemoRandom } from './DemoRandom.ts';
import { type AsOf, generateDemoCar, stockModels } from './generateDemoCar.ts';
import { type DemoDealer, generateDemoDealers } from './generateDemoDealers.ts';
import { COUNTRY_SHARES, NEW_CAR_SHARE } from './marketShares.ts';

/** What to generate. */
export interface DemoCatalogueOptions {
  /** Any 32-bit integer; the same seed gives the same catalogue. */
  readonly seed: number;
  /** How many cars (spread over the countries by market size). */
  readonly cars: number;
  /** Dealers in each country (default 8). */
  readonly dealersPerCountry?: number;
  /**
   * The month the stock is "as of", `YYYY-MM` (default {@link DEMO_AS_OF}): new cars are of its year and
   * used cars registered before it. The domain has no clock; pass today's month to get a current stock.
   */
  readonly asOf?: string;
}

/** The generated catalogue. */
export interface DemoCatalogue {
  readonly dealers: Dealer[];
  readonly cars: CarFacts[];
}

/** The default `asOf` month. */
export const DEMO_AS_OF = '2026-09';

const FIRST_CAR_ID = 100_000;
const DEFAULT_DEALERS_PER_COUNTRY = 8;

/** Generates dealers and cars; every car stands at a dealer of its country that sells its brand. */
export function generateDemoCatalogue(options: DemoCatalogueOptions): DemoCatalogue {
  const { seed, cars: carCount } = options;
  const perCountry = options.dealersPerCountry ?? DEFAULT_DEALERS_PER_COUNTRY;
  if (!Number.isSafeInteger(carCount) || carCount < 0)
    throw new RangeError('cars must be a whole number ≥ 0');
  if (!Number.isSafeInteger(perCountry) || perCountry < 1 || perCountry > 100) {
    throw new RangeError('dealersPerCountry must be a whole number from 1 to 100');
  }
  const asOf = parseAsOf(options.asOf ?? DEMO_AS_OF);
  const countries = Object.keys(COUNTRY_SHARES).sort() as CountryCode[];

  // Separate streams: the dealers of a seed do not change with the number of cars asked for.
  const dealers = generateDemoDealers(new DemoRandom(seed), countries, perCountry);
  const rng = new DemoRandom(seed ^ 0x5bd1e995);
  const byCountry = new Map<CountryCode, DemoDealer[]>(countries.map((c) => [c, []]));
  for (const d of dealers) byCountry.get(d.city.country)!.push(d);

  const stock = stockModels(asOf);
  const order = rng.shuffle(
    countryQuotas(countries, carCount).flatMap(([c, n]) => Array<CountryCode>(n).fill(c)),
  );
  const cars = order.map((country, i) => {
    const dealer = rng.weighted(byCountry.get(country)!, (d) => d.weight);
    const sequence = FIRST_CAR_ID + i;
    return generateDemoCar(
      {
        carId: String(sequence),
        reference: `${country}-${cityCode(dealer.city.slug)}-${String(sequence - FIRST_CAR_ID + 1).padStart(6, '0')}`,
        condition: rng.chance(NEW_CAR_SHARE) ? 'new' : 'used',
        dealer,
      },
      asOf,
      stock,
      rng,
    );
  });
  return { dealers: dealers.map((d) => d.dealer), cars };
}

// Largest-remainder quotas, with at least one car per country when there are enough cars.
function countryQuotas(countries: readonly CountryCode[], total: number): [CountryCode, number][] {
  const floor = total >= countries.length ? 1 : 0;
  const rest = total - floor * countries.length;
  const exact = countries.map((c) => rest * COUNTRY_SHARES[c]);
  const quotas = exact.map((x) => Math.floor(x) + floor);
  let missing = total - quotas.reduce((a, b) => a + b, 0);
  const byRemainder = countries
    .map((_, i) => i)
    .sort((a, b) => exact[b]! - Math.floor(exact[b]!) - (exact[a]! - Math.floor(exact[a]!)) || a - b);
  for (const i of byRemainder) {
    if (missing-- <= 0) break;
    quotas[i]! += 1;
  }
  return countries.map((c, i) => [c, quotas[i]!]);
}

function cityCode(citySlug: string): string {
  return citySlug.replace(/-/g, '').slice(0, 3).toUpperCase();
}

function parseAsOf(value: string): AsOf {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!match) throw new RangeError(`asOf must be YYYY-MM, got ${value}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  return { year, month, index: year * 12 + month - 1 };
}
