/**
 * One car as the Meilisearch index holds it: what a list card shows, plus the attributes Meilisearch
 * cannot compute at query time: the price and mileage buckets (their lower bound, so they are plain
 * facets) and numeric sort keys. Only cars for sale are in the index; a sold or withdrawn car's
 * document is deleted.
 */
import { type CarFacts, carSlug, type Money } from '../../../domain/catalogue/car.ts';
import {
  bucketOf,
  type CarSummary,
  MILEAGE_BUCKETS,
  PRICE_BUCKETS,
} from '../../../domain/catalogue/search.ts';
import { toSummary } from '../../catalogue/carRow.ts';

export interface MeiliCarDocument {
  /** The primary key. */
  readonly carId: string;
  /** `carId` as a number: the last tie-breaker of every sort, as `car_id` (bigint) is in Postgres. */
  readonly carNo: number;
  readonly slug: string;
  readonly condition: 'used' | 'new';
  readonly country: string;
  readonly dealerId: string;
  readonly city: string;
  readonly brand: string;
  readonly model: string;
  readonly version: string;
  readonly year: number;
  readonly mileageKm: number;
  readonly mileageBucket: number;
  readonly fuel: string;
  readonly gearbox: string;
  readonly body: string;
  readonly colour: string;
  readonly powerKw: number;
  /** Minor units, as in events. */
  readonly priceAmount: number;
  /** The PRICE_BUCKETS bound of the price in whole units (cents dropped, as Postgres's `price_amount / 100`). */
  readonly priceBucket: number;
  readonly currency: 'EUR' | 'PLN';
  readonly listedAt: string;
  readonly listedAtMs: number;
}

/** The fields a search retrieves (all of them: a document is a card). */
export const DOCUMENT_FIELDS: readonly (keyof MeiliCarDocument)[] = [
  'carId',
  'carNo',
  'slug',
  'condition',
  'country',
  'dealerId',
  'city',
  'brand',
  'model',
  'version',
  'year',
  'mileageKm',
  'mileageBucket',
  'fuel',
  'gearbox',
  'body',
  'colour',
  'powerKw',
  'priceAmount',
  'priceBucket',
  'currency',
  'listedAt',
  'listedAtMs',
];

/** What the feeding projection knows of a car for sale: its facts, current price, dealer city, listing time. */
export interface IndexedCar {
  readonly facts: CarFacts;
  readonly price: Money;
  readonly city: string;
  readonly listedAt: Date;
}

export function toMeiliDocument(car: IndexedCar): MeiliCarDocument {
  const { facts } = car;
  return {
    carId: facts.carId,
    carNo: Number(facts.carId),
    slug: carSlug(facts),
    condition: facts.condition,
    country: facts.country,
    dealerId: facts.dealerId,
    city: car.city,
    brand: facts.brand,
    model: facts.model,
    version: facts.version,
    year: facts.year,
    mileageKm: facts.mileageKm,
    mileageBucket: bucketOf(MILEAGE_BUCKETS, facts.mileageKm),
    fuel: facts.fuel,
    gearbox: facts.gearbox,
    body: facts.body,
    colour: facts.colour,
    powerKw: facts.powerKw,
    priceAmount: car.price.amount,
    priceBucket: bucketOf(PRICE_BUCKETS, Math.floor(car.price.amount / 100)),
    currency: car.price.currency,
    listedAt: car.listedAt.toISOString(),
    listedAtMs: car.listedAt.getTime(),
  };
}

/** The list card, through the same mapping as the Postgres adapter's rows (`carRow.ts`). */
export function fromMeiliDocument(doc: MeiliCarDocument): CarSummary {
  return toSummary({
    car_id: doc.carId,
    slug: doc.slug,
    condition: doc.condition,
    brand: doc.brand,
    model: doc.model,
    version: doc.version,
    year: doc.year,
    mileage_km: doc.mileageKm,
    fuel: doc.fuel,
    gearbox: doc.gearbox,
    body: doc.body,
    colour: doc.colour,
    power_kw: doc.powerKw,
    price_amount: String(doc.priceAmount),
    currency: doc.currency,
    dealer_id: doc.dealerId,
    city: doc.city,
    listed_at: new Date(doc.listedAt),
  });
}
