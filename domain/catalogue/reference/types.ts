/**
 * Reference data of the catalogue: the brands and models the retailer sells, with display names (brand
 * and model names are the same in every language) and what the demo generator needs to make plausible
 * cars. Feeds may only list cars whose brand and model are known here.
 */
import type { Body, Fuel } from '../vocabulary.ts';

/** What a page needs of a model: its slug and display name (brandNames.ts). */
export interface ModelName {
  /** URL slug, unique within its brand (`x3`, `model-3`, `clio`). */
  readonly slug: string;
  readonly name: string;
}

/** What a page needs of a brand: its slug, display name and models' names. */
export interface BrandName {
  readonly slug: string;
  readonly name: string;
  readonly models: readonly ModelName[];
}

export interface ModelReference extends ModelName {
  readonly bodies: readonly Body[];
  readonly fuels: readonly Fuel[];
  /** Typical versions (trim + engine), e.g. "xDrive20d M Sport". */
  readonly versions: readonly { readonly name: string; readonly fuel: Fuel; readonly powerKw: number }[];
  /** New price range in EUR (whole euros), for plausible demo prices. */
  readonly newPriceEur: readonly [number, number];
  /** First and last model year sold. */
  readonly years: readonly [number, number];
  readonly segment: 'city' | 'compact' | 'family' | 'executive' | 'luxury' | 'suv' | 'van' | 'sport';
}

export interface BrandReference extends BrandName {
  readonly models: readonly ModelReference[];
}
