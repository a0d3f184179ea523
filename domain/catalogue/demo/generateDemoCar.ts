/**
 * One demo car for a dealer: a brand the dealer sells, a model and version from the reference data, a
 * registration date and mileage that fit together, and the physical facts (doors, seats, CO₂, equipment,
 * gearbox) that follow from the version and body. Prices come from `carPrice.ts`.
 */
import { type CountryCode, type Currency, MARKETS } from '../../markets.ts';
import type { CarFacts } from '../car.ts';
import { BRANDS } from '../reference/brands.ts';
import type { ModelReference } from '../reference/types.ts';
import type { Colour, Condition, Fuel } from '../vocabulary.ts';
import { COLOURS } from '../vocabulary.ts';
import { newCarValueEur, newPriceEur, retailPrice, usedValueEur, versionRanks } from './carPrice.ts';
import { co2, doorsAndSeats, gearbox } from './carSpecs.ts';
import type { DemoRandom } from './DemoRandom.ts';
import type { DemoDealer } from './generateDemoDealers.ts';
import { brandWeight, COLOUR_WEIGHTS, fuelWeight, modelWeight } from './marketShares.ts';
import { pickEquipment } from './pickEquipment.ts';

/** The month the catalogue is generated for, as a month index (`year * 12 + month - 1`). */
export interface AsOf {
  readonly year: number;
  readonly month: number;
  readonly index: number;
}

/** Models a brand can offer as new or as used cars at {@link AsOf}. */
export type StockModels = ReadonlyMap<string, Readonly<Record<Condition, readonly ModelReference[]>>>;

// The last model year in the reference data counts as "still on sale", whatever year the demo is for.
const LATEST_MODEL_YEAR = Math.max(...BRANDS.flatMap((b) => b.models.map((m) => m.years[1])));
const MIN_USED_AGE_MONTHS = 3;

// Stock ages in whole years (0 = under a year): the retailer sells mostly 1–5 year-old cars.
const AGE_WEIGHTS = [0.07, 0.15, 0.17, 0.15, 0.13, 0.1, 0.08, 0.06, 0.04, 0.03, 0.02];

/** The months (as indexes) in which a model could be first registered. */
function registrationSpan(model: ModelReference, asOf: AsOf): readonly [number, number] {
  const lastYear = model.years[1] >= LATEST_MODEL_YEAR ? asOf.year : model.years[1];
  return [model.years[0] * 12, Math.min(lastYear * 12 + 11, asOf.index - MIN_USED_AGE_MONTHS)];
}

/** Which models each brand can stock at `asOf`. */
export function stockModels(asOf: AsOf): StockModels {
  return new Map(
    BRANDS.map((brand) => [
      brand.slug,
      {
        new: brand.models.filter((m) => m.years[1] >= LATEST_MODEL_YEAR && m.years[0] <= asOf.year),
        used: brand.models.filter((m) => {
          const [from, to] = registrationSpan(m, asOf);
          return from <= to && to >= asOf.index - (AGE_WEIGHTS.length * 12 - 1);
        }),
      },
    ]),
  );
}

/** What the catalogue generator decides before a car is drawn. */
export interface CarSlot {
  readonly carId: string;
  readonly reference: string;
  readonly condition: Condition;
  readonly dealer: DemoDealer;
}

/** Draws one car for `slot`. */
export function generateDemoCar(slot: CarSlot, asOf: AsOf, stock: StockModels, rng: DemoRandom): CarFacts {
  const { dealer, condition } = slot;
  const country = dealer.city.country;
  const brands = dealer.dealer.brands.filter((b) => (stock.get(b)?.[condition].length ?? 0) > 0);
  const brand = rng.weighted(brands, (b) => brandWeight(country, b));
  const model = rng.weighted(stock.get(brand)![condition], modelWeight);
  const index = rng.weighted(
    model.versions.map((_, i) => i),
    (i) => fuelWeight(condition, country, model.versions[i]!.fuel),
  );
  const version = model.versions[index]!;
  const body = rng.weighted(model.bodies, (b) => (b === model.bodies[0] ? 1 : 0.5));
  const listPrice = newPriceEur(model, index);

  let year = asOf.year;
  let firstRegistration: string | undefined;
  let mileageKm: number;
  let valueEur: number;
  if (condition === 'new') {
    // Delivery and test drives only.
    mileageKm = rng.chance(0.7) ? rng.int(0, 15) : rng.int(16, 50);
    valueEur = newCarValueEur(listPrice, rng);
  } else {
    const registered = registrationMonth(model, asOf, rng);
    year = Math.floor(registered / 12);
    firstRegistration = `${year}-${String((registered % 12) + 1).padStart(2, '0')}`;
    const ageMonths = asOf.index - registered;
    mileageKm = usedMileage(model.segment, version.fuel, ageMonths, rng);
    valueEur = usedValueEur(
      listPrice,
      { ageMonths, yearsAgo: asOf.year - year, mileageKm, fuel: version.fuel },
      rng,
    );
  }

  const { doors, seats } = doorsAndSeats(model, brand, body, rng);
  return {
    carId: slot.carId,
    reference: slot.reference,
    condition,
    country,
    dealerId: dealer.dealer.dealerId,
    brand,
    model: model.slug,
    version: version.name,
    year,
    ...(firstRegistration ? { firstRegistration } : {}),
    mileageKm,
    fuel: version.fuel,
    gearbox: gearbox(brand, version, year, rng),
    body,
    colour: rng.weighted(COLOURS, (c: Colour) => COLOUR_WEIGHTS[c]),
    powerKw: version.powerKw,
    doors,
    seats,
    co2: co2(version.fuel, version.powerKw, body, rng),
    equipment: pickEquipment(
      {
        segment: model.segment,
        body,
        fuel: version.fuel,
        year,
        trim: versionRanks(model)[index] ?? 0.5,
        country,
      },
      rng,
    ),
    price: retailPrice(valueEur, CURRENCY.get(country) ?? 'EUR', rng),
  };
}

const CURRENCY: ReadonlyMap<CountryCode, Currency> = new Map(
  Object.values(MARKETS).map((m) => [m.country, m.currency]),
);

// An age bucket by stock weights, then a month inside it that the model was actually registered in.
function registrationMonth(model: ModelReference, asOf: AsOf, rng: DemoRandom): number {
  const [from, to] = registrationSpan(model, asOf);
  const buckets = AGE_WEIGHTS.map((weight, age) => {
    const lo = Math.max(from, asOf.index - (age + 1) * 12 + 1);
    const hi = Math.min(to, asOf.index - Math.max(MIN_USED_AGE_MONTHS, age * 12));
    return { lo, hi, weight: hi >= lo ? (weight * (hi - lo + 1)) / 12 : 0 };
  });
  const bucket = rng.weighted(buckets, (b) => b.weight);
  return rng.int(bucket.lo, Math.max(bucket.lo, bucket.hi));
}

const ANNUAL_KM: Readonly<Record<Fuel, number>> = {
  petrol: 12_500,
  diesel: 19_000,
  hybrid: 14_000,
  plug_in_hybrid: 14_500,
  electric: 12_500,
  lpg: 16_000,
};

const SEGMENT_KM: Readonly<Record<ModelReference['segment'], number>> = {
  city: 0.8,
  compact: 1,
  family: 1.05,
  executive: 1.15,
  luxury: 1.05,
  suv: 1,
  van: 1.35,
  sport: 0.55,
};

// ~12–20k km a year depending on fuel and use, with a wide spread between owners.
function usedMileage(
  segment: ModelReference['segment'],
  fuel: Fuel,
  ageMonths: number,
  rng: DemoRandom,
): number {
  const perYear = ANNUAL_KM[fuel] * SEGMENT_KM[segment] * Math.exp(0.3 * rng.normal());
  return Math.round((perYear * ageMonths) / 12 + rng.int(50, 900));
}
