/**
 * The JSON contract between the storefront and the catalogue endpoints (`/api/catalogue/…`). The pages
 * read nothing else; the HTTP layer implements these shapes. Search itself answers the domain's
 * `SearchResult` (see `domain/catalogue/search.ts`).
 */

import type { CarStatus, Money } from '../../domain/catalogue/car.ts';
import type { CarPhoto } from '../../domain/catalogue/carPhotos.ts';
import type { WEEKDAYS } from '../../domain/catalogue/dealer.ts';
import type { CarSummary } from '../../domain/catalogue/search.ts';
import type { Condition, Equipment } from '../../domain/catalogue/vocabulary.ts';
import type { CountryCode } from '../../domain/markets.ts';

export type { CarSummary, FacetName, FacetValue, SearchResult } from '../../domain/catalogue/search.ts';

/** A weekday as the catalogue writes it (`mon` … `sun`). */
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening slot: a day may have several (morning, afternoon). */
export interface OpeningSlot {
  readonly day: Weekday;
  /** `HH:MM`, 24 h. */
  readonly opens: string;
  readonly closes: string;
}

/** A dealer as pages show it: the dealer's facts with address and coordinates flattened. */
export interface DealerSummary {
  readonly dealerId: string;
  readonly name: string;
  /** URL slug; may contain slashes (`ile-de-france/paris-15`). */
  readonly slug: string;
  /** The hub (SPEC `nameHub`) the dealer belongs to. */
  readonly hub: string;
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly country: CountryCode;
  readonly lat: number;
  readonly lng: number;
  readonly phone: string;
  readonly email: string;
  readonly openingHours: readonly OpeningSlot[];
  /** Brand slugs the dealer sells. */
  readonly brands: readonly string[];
}

/** Where a car stands in its life: only `available` cars can be booked or bought. */

/** One price the car was listed at, from `at` (ISO 8601 timestamp) on. */
export interface PricePoint {
  readonly at: string;
  readonly price: Money;
}

/** `GET /api/catalogue/cars/:carId`: everything the detail page shows. */
export interface CarDetail extends CarSummary {
  /** The dealer's stock number. */
  readonly reference: string;
  /** First registration `YYYY-MM`; absent for new cars. */
  readonly firstRegistration?: string;
  readonly doors: number;
  readonly seats: number;
  /** g/km (WLTP); 0 for electric cars. */
  readonly co2: number;
  readonly equipment: readonly Equipment[];
  readonly status: CarStatus;
  readonly dealer: DealerSummary;
  /** Oldest first; the last entry is the current price. */
  readonly priceHistory: readonly PricePoint[];
  /** The car's photos in their order (none: its drawn pictures are shown). */
  readonly photos?: readonly CarPhoto[];
}

/** `GET /api/catalogue/brands?country=&condition=`: brands with cars for sale, and how many. */
export interface BrandCount {
  /** Slug (`mercedes-benz`). */
  readonly brand: string;
  /** Display name (`Mercedes-Benz`). */
  readonly name: string;
  readonly count: number;
}

/** `GET /api/catalogue/brands/:brand/models?country=`: a brand's models with cars for sale. */
export interface ModelCount {
  /** Slug (`x3`). */
  readonly model: string;
  /** Display name (`X3`). */
  readonly name: string;
  readonly count: number;
}

/** Query of the brands endpoint. */
export interface BrandsQuery {
  readonly country: CountryCode;
  readonly condition?: Condition;
}

/**
 * `GET /api/favorites`: the cars the visitor (by session) or the customer (by account) marked as
 * favorites, as lists show them.
 */
export interface FavoritesResponse {
  readonly cars: readonly CarSummary[];
}
