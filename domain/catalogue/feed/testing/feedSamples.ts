/** Feed lines and stocks for tests: a valid line to vary, the cells of a car, fast-check arbitraries. */
import fc from 'fast-check';
import type { CarFacts } from '../../car.ts';
import { BRANDS } from '../../reference/brands.ts';
import { BODIES, COLOURS, EQUIPMENT, FUELS, GEARBOXES } from '../../vocabulary.ts';
import type { StockDealer } from '../diffStock.ts';
import { FEED_COLUMNS, type FeedCell, type FeedColumn, type FeedRecord } from '../feedFormat.ts';
import type { FeedCar } from '../parseFeedRow.ts';

export const SAMPLE_DEALERS: StockDealer[] = [
  { dealerId: '11', country: 'FR', open: true },
  { dealerId: '12', country: 'FR', open: true },
  { dealerId: '31', country: 'PL', open: true },
  { dealerId: '40', country: 'DE', open: false },
];

/** A used Renault Clio of dealer 11, as a feed gives it. */
export const SAMPLE_CAR: FeedCar = {
  dealerId: '11',
  reference: 'LYO-0001',
  condition: 'used',
  brand: 'renault',
  model: 'clio',
  version: 'TCe 90 Evolution',
  year: 2021,
  firstRegistration: '2021-04',
  mileageKm: 32_000,
  fuel: 'petrol',
  gearbox: 'manual',
  body: 'hatchback',
  colour: 'red',
  powerKw: 67,
  doors: 5,
  seats: 5,
  co2: 118,
  equipment: ['air_conditioning', 'navigation', 'rear_camera'],
  price: 1_499_000,
};

/** The cells a feed would carry for this car (price in currency units, equipment `|`-separated). */
export function cellsOf(car: FeedCar): Record<FeedColumn, FeedCell> {
  return {
    dealer_id: car.dealerId,
    reference: car.reference,
    condition: car.condition,
    brand: car.brand,
    model: car.model,
    version: car.version,
    year: String(car.year),
    first_registration: car.firstRegistration ?? '',
    mileage_km: String(car.mileageKm),
    fuel: car.fuel,
    gearbox: car.gearbox,
    body: car.body,
    colour: car.colour,
    power_kw: String(car.powerKw),
    doors: String(car.doors),
    seats: String(car.seats),
    co2: String(car.co2),
    equipment: car.equipment.join('|'),
    price: (car.price / 100).toFixed(2),
    photos: '',
  };
}

export function recordOf(
  line: number,
  car: FeedCar,
  changes: Partial<Record<FeedColumn, FeedCell>> = {},
): FeedRecord {
  return { line, cells: { ...cellsOf(car), ...changes } };
}

/** A CSV feed (comma-separated, header first) of these cars. */
export function csvOf(cars: readonly FeedCar[]): string {
  const quote = (cell: FeedCell) => {
    const text = String(cell ?? '');
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = cars.map((car) => FEED_COLUMNS.map((c) => quote(cellsOf(car)[c])).join(','));
  return `${[FEED_COLUMNS.join(','), ...lines].join('\n')}\n`;
}

const brandModels = BRANDS.flatMap((b) => b.models.map((m) => ({ brand: b.slug, model: m.slug })));

/** Any valid feed car of one of `dealerIds`, with a reference from a small pool (so feeds overlap). */
export function feedCarArbitrary(dealerIds: readonly string[], references = 6): fc.Arbitrary<FeedCar> {
  return fc
    .record({
      dealerId: fc.constantFrom(...dealerIds),
      reference: fc.integer({ min: 1, max: references }).map((n) => `REF-${n}`),
      brandModel: fc.constantFrom(...brandModels),
      version: fc.constantFrom('1.5 dCi 115', 'TCe 90', 'Hybrid 145'),
      isNew: fc.boolean(),
      year: fc.integer({ min: 2015, max: 2026 }),
      mileageKm: fc.integer({ min: 0, max: 250_000 }),
      fuel: fc.constantFrom(...FUELS),
      gearbox: fc.constantFrom(...GEARBOXES),
      body: fc.constantFrom(...BODIES),
      colour: fc.constantFrom(...COLOURS),
      powerKw: fc.integer({ min: 40, max: 400 }),
      doors: fc.integer({ min: 2, max: 5 }),
      seats: fc.integer({ min: 2, max: 7 }),
      co2: fc.integer({ min: 0, max: 250 }),
      equipment: fc.subarray([...EQUIPMENT]),
      price: fc.integer({ min: 100, max: 10_000_000 }),
    })
    .map(({ brandModel, isNew, ...car }) => ({
      ...car,
      ...brandModel,
      condition: isNew ? 'new' : 'used',
      ...(isNew ? {} : { firstRegistration: `${car.year}-03` }),
    }));
}

/** A catalogue car (for current stocks). */
export function stockCarOf(car: FeedCar, carId: string, country: CarFacts['country']): CarFacts {
  const { price, ...facts } = car;
  return { carId, ...facts, country, price: { amount: price, currency: country === 'PL' ? 'PLN' : 'EUR' } };
}
