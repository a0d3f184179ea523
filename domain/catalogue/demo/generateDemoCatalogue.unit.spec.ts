import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../markets.ts';
import { carFactsSchema, SLUG } from '../car.ts';
import { dealerSchema } from '../dealer.ts';
import { BRANDS, modelBySlug } from '../reference/brands.ts';
import { DEMO_AS_OF, generateDemoCatalogue } from './generateDemoCatalogue.ts';

const COUNTRIES: readonly CountryCode[] = ['AT', 'BE', 'DE', 'ES', 'FR', 'IT', 'PL', 'PT'];
const AS_OF_YEAR = Number(DEMO_AS_OF.slice(0, 4));
const catalogue = generateDemoCatalogue({ seed: 20_260_901, cars: 4_000 });
const { cars, dealers } = catalogue;

const count = <T>(items: readonly T[], key: (item: T) => string): Map<string, number> => {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
};
const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

describe('generateDemoCatalogue', () => {
  it('given the same seed, when generated twice, then the catalogues are deep-equal', () => {
    const again = generateDemoCatalogue({ seed: 20_260_901, cars: 4_000 });
    expect(again).toEqual(catalogue);
  });

  it('given another seed, when generated, then dealers and cars differ', () => {
    const other = generateDemoCatalogue({ seed: 20_260_902, cars: 4_000 });
    expect(other.cars).not.toEqual(cars);
    expect(other.dealers).not.toEqual(dealers);
  });

  it('given more cars for the same seed, when generated, then the dealers stay the same', () => {
    expect(generateDemoCatalogue({ seed: 20_260_901, cars: 10 }).dealers).toEqual(dealers);
  });

  it('given the catalogue, when every car and dealer is parsed, then all pass the zod schemas', () => {
    expect(cars).toHaveLength(4_000);
    for (const car of cars) expect(carFactsSchema.parse(car)).toEqual(car);
    for (const dealer of dealers) expect(dealerSchema.parse(dealer)).toEqual(dealer);
  });

  it('given the catalogue, when identifiers are compared, then carId, dealerId, reference and dealer slug are unique', () => {
    expect(new Set(cars.map((c) => c.carId)).size).toBe(cars.length);
    expect(new Set(cars.map((c) => c.reference)).size).toBe(cars.length);
    expect(new Set(dealers.map((d) => d.dealerId)).size).toBe(dealers.length);
    expect(new Set(dealers.map((d) => d.slug)).size).toBe(dealers.length);
    expect(cars[0]?.carId).toBe('100000');
    for (const car of cars) expect(car.reference).toMatch(new RegExp(`^${car.country}-[A-Z]{3}-\\d{6}$`));
  });

  it('given the default options, when generated, then every country has 8 dealers and its dealers sell every brand', () => {
    for (const country of COUNTRIES) {
      const local = dealers.filter((d) => d.address.country === country);
      expect(local, country).toHaveLength(8);
      expect(new Set(local.flatMap((d) => d.brands)), country).toEqual(new Set(BRANDS.map((b) => b.slug)));
    }
    expect(generateDemoCatalogue({ seed: 1, cars: 0, dealersPerCountry: 3 }).dealers).toHaveLength(24);
  });

  it('given every car, when its dealer is looked up, then it exists, is in the same country and sells the brand', () => {
    const byId = new Map(dealers.map((d) => [d.dealerId, d]));
    for (const car of cars) {
      const dealer = byId.get(car.dealerId);
      expect(dealer, car.carId).toBeDefined();
      expect(dealer?.address.country).toBe(car.country);
      expect(dealer?.brands).toContain(car.brand);
    }
  });

  it('given every car, when compared with the reference data, then model, version, fuel, power and body match', () => {
    for (const car of cars) {
      const model = modelBySlug(car.brand, car.model);
      expect(model, `${car.brand}/${car.model}`).toBeDefined();
      const version = model?.versions.find((v) => v.name === car.version);
      expect(version, car.version).toBeDefined();
      expect(car.fuel).toBe(version?.fuel);
      expect(car.powerKw).toBe(version?.powerKw);
      expect(model?.bodies).toContain(car.body);
      expect(car.brand).toMatch(SLUG);
      expect(car.co2 === 0).toBe(car.fuel === 'electric');
    }
  });

  it('given the stock, when spread by country, then every country has cars and FR, DE lead while BE, PT, AT trail', () => {
    const perCountry = count(cars, (c) => c.country);
    for (const country of COUNTRIES) expect(perCountry.get(country) ?? 0, country).toBeGreaterThan(0);
    const n = (c: CountryCode): number => perCountry.get(c) ?? 0;
    for (const small of ['BE', 'PT', 'AT'] as const) {
      expect(n('FR')).toBeGreaterThan(2 * n(small));
      expect(n('DE')).toBeGreaterThan(2 * n(small));
    }
  });

  it('given the stock, when split by condition, then 70–90 % is used and new cars are current with ≤ 50 km', () => {
    const used = cars.filter((c) => c.condition === 'used');
    expect(used.length / cars.length).toBeGreaterThan(0.7);
    expect(used.length / cars.length).toBeLessThan(0.9);
    for (const car of cars.filter((c) => c.condition === 'new')) {
      expect(car.mileageKm).toBeLessThanOrEqual(50);
      expect(car.year).toBe(AS_OF_YEAR);
      expect(car.firstRegistration).toBeUndefined();
    }
    for (const car of used) {
      expect(car.firstRegistration, car.carId).toBeDefined();
      expect(car.firstRegistration! < DEMO_AS_OF).toBe(true);
      expect(Number(car.firstRegistration!.slice(0, 4))).toBe(car.year);
      expect(car.mileageKm).toBeGreaterThan(0);
    }
  });

  it('given used cars, when grouped by age, then average mileage grows with age at ~12–20k km a year', () => {
    const used = cars.filter((c) => c.condition === 'used');
    const averages = [
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 10],
    ].map(([from, to]) =>
      mean(
        used
          .filter((c) => AS_OF_YEAR - c.year >= from! && AS_OF_YEAR - c.year <= to!)
          .map((c) => c.mileageKm),
      ),
    );
    for (let i = 1; i < averages.length; i++) expect(averages[i]).toBeGreaterThan(averages[i - 1]!);
    const perYear = mean(
      used.filter((c) => c.year <= AS_OF_YEAR - 2).map((c) => c.mileageKm / (AS_OF_YEAR - c.year)),
    );
    expect(perYear).toBeGreaterThan(11_000);
    expect(perYear).toBeLessThan(21_000);
  });

  it('given prices, when checked, then they are round retail figures in the market currency', () => {
    for (const car of cars) {
      expect(car.price.currency).toBe(car.country === 'PL' ? 'PLN' : 'EUR');
      expect(car.price.amount % 1_000, car.carId).toBe(0);
      const whole = car.price.amount / 100;
      const eur = car.country === 'PL' ? whole / 4.3 : whole;
      expect(eur, car.carId).toBeGreaterThanOrEqual(1_000);
      expect(eur, car.carId).toBeLessThan(130_000);
    }
    const eurPrices = (condition: 'new' | 'used'): number[] =>
      cars.filter((c) => c.condition === condition && c.country !== 'PL').map((c) => c.price.amount);
    expect(mean(eurPrices('new'))).toBeGreaterThan(mean(eurPrices('used')));
  });

  it('given colours, when counted, then grey, black and white are the most common', () => {
    const top = [...count(cars, (c) => c.colour).entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([colour]) => colour);
    expect(new Set(top)).toEqual(new Set(['grey', 'black', 'white']));
  });

  it('given doors and seats, when checked against the body, then they fit it', () => {
    for (const car of cars) {
      if (car.body === 'sedan') expect(car.doors).toBe(4);
      if (car.body === 'coupe' || car.body === 'convertible') expect(car.doors).toBeLessThanOrEqual(4);
      if (car.body === 'van') expect(car.seats).toBeLessThanOrEqual(3);
      if (car.body === 'suv' || car.body === 'estate') expect(car.seats).toBeGreaterThanOrEqual(5);
    }
  });

  // How fast it is a benchmark figure (bench/), not a timed test: here only that 100,000 cars come out,
  // each with its own id.
  it('given 100,000 cars, when generated, then every car is there with its own id', () => {
    const big = generateDemoCatalogue({ seed: 3, cars: 100_000 });
    expect(big.cars).toHaveLength(100_000);
    expect(new Set(big.cars.map((car) => car.carId)).size).toBe(100_000);
  });

  it('given invalid options, when generating, then it refuses them', () => {
    expect(() => generateDemoCatalogue({ seed: 1, cars: -1 })).toThrow(RangeError);
    expect(() => generateDemoCatalogue({ seed: 1, cars: 1.5 })).toThrow(RangeError);
    expect(() => generateDemoCatalogue({ seed: 1, cars: 1, dealersPerCountry: 0 })).toThrow(RangeError);
    expect(() => generateDemoCatalogue({ seed: 1, cars: 1, asOf: '2026-13' })).toThrow(RangeError);
  });

  it('given another asOf month, when generated, then new cars are of that year and used cars registered before it', () => {
    const earlier = generateDemoCatalogue({ seed: 5, cars: 500, asOf: '2024-03' });
    for (const car of earlier.cars) {
      expect(carFactsSchema.safeParse(car).success).toBe(true);
      if (car.condition === 'new') expect(car.year).toBe(2024);
      else expect(car.firstRegistration! < '2024-03').toBe(true);
    }
  });
});
