/**
 * What a catalogue search asks and answers, shared by the search port's adapters (Postgres, Meilisearch),
 * the HTTP layer and the UI. Every facet is counted with all the *other* filters applied, so a buyer
 * who picked "diesel" still sees how many petrol cars the rest of the filters leave.
 */

import { z } from 'zod';
import { countrySchema, type Money, SLUG } from './car.ts';
import type { CarPhoto } from './carPhotos.ts';
import { BODIES, COLOURS, CONDITIONS, FUELS, GEARBOXES, SORTS } from './vocabulary.ts';

const list = <T extends z.ZodType>(item: T) => z.array(item).max(20).optional();

export const MAX_PAGE_SIZE = 60;

export const searchQuerySchema = z
  .object({
    country: countrySchema,
    condition: z.enum(CONDITIONS).optional(),
    brand: z.string().regex(SLUG).optional(),
    model: z.string().regex(SLUG).optional(),
    fuel: list(z.enum(FUELS)),
    gearbox: list(z.enum(GEARBOXES)),
    body: list(z.enum(BODIES)),
    colour: list(z.enum(COLOURS)),
    dealerId: z.string().regex(/^\d+$/).optional(),
    city: z.string().min(1).max(80).optional(),
    /** Free text over brand, model and version. */
    text: z.string().trim().min(1).max(100).optional(),
    /** Whole units of the market currency (euros, złoty), as buyers type them. */
    priceMin: z.number().int().nonnegative().optional(),
    priceMax: z.number().int().nonnegative().optional(),
    mileageMax: z.number().int().nonnegative().optional(),
    yearMin: z.number().int().min(1990).max(2100).optional(),
    yearMax: z.number().int().min(1990).max(2100).optional(),
    sort: z.enum(SORTS).default('newest'),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
  })
  .refine((q) => !q.model || q.brand, { message: 'a model needs its brand', path: ['model'] });

export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/** The facets counted for every search. Price, mileage and year are counted in fixed buckets. */
export const FACETS = [
  'condition',
  'brand',
  'model',
  'fuel',
  'gearbox',
  'body',
  'colour',
  'city',
  'price',
  'mileage',
  'year',
] as const;
export type FacetName = (typeof FACETS)[number];

/** Bucket lower bounds (a bucket runs to the next bound). Price in major units of the currency. */
export const PRICE_BUCKETS = [
  0, 5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 75_000, 100_000,
] as const;
export const MILEAGE_BUCKETS = [0, 10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000] as const;

export interface FacetValue {
  readonly value: string;
  readonly count: number;
}

/** A car as lists show it. */
export interface CarSummary {
  readonly carId: string;
  readonly slug: string;
  readonly condition: 'used' | 'new';
  readonly brand: string;
  readonly model: string;
  readonly version: string;
  readonly year: number;
  readonly mileageKm: number;
  readonly fuel: string;
  readonly gearbox: string;
  readonly body: string;
  readonly colour: string;
  readonly powerKw: number;
  readonly price: Money;
  readonly dealerId: string;
  readonly city: string;
  readonly listedAt: string;
  /** The car's first photo; absent: the car shows its drawn picture (domain/catalogue/carPhotos.ts). */
  readonly photo?: CarPhoto;
}

export interface SearchResult {
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly cars: readonly CarSummary[];
  /** Value → count, for each facet; the counts ignore that facet's own filter. */
  readonly facets: Readonly<Record<FacetName, readonly FacetValue[]>>;
}

/** The bucket (its lower bound) a value falls in. */
export function bucketOf(bounds: readonly number[], value: number): number {
  let found = bounds[0]!;
  for (const bound of bounds) if (value >= bound) found = bound;
  return found;
}
