/**
 * The brands and models the retailer sells (reference data), with lookups by slug. Feeds may only list
 * cars whose brand and model are known here; the demo generator draws its cars from the same table.
 */
import { AMERICAN_BRANDS } from './americanBrands.ts';
import { ASIAN_BRANDS } from './asianBrands.ts';
import { EUROPEAN_BRANDS } from './europeanBrands.ts';
import { FRENCH_BRANDS } from './frenchBrands.ts';
import { GERMAN_BRANDS } from './germanBrands.ts';
import type { BrandReference, ModelReference } from './types.ts';

/** Every brand, sorted by display name (the order of brand lists on the site). */
export const BRANDS: readonly BrandReference[] = [
  ...GERMAN_BRANDS,
  ...FRENCH_BRANDS,
  ...EUROPEAN_BRANDS,
  ...ASIAN_BRANDS,
  ...AMERICAN_BRANDS,
].sort((a, b) => a.name.localeCompare(b.name, 'en'));

// Built once: lookups happen per car in imports and per row in lists.
const BY_SLUG: ReadonlyMap<string, BrandReference> = new Map(BRANDS.map((b) => [b.slug, b]));
const MODELS_BY_BRAND: ReadonlyMap<string, ReadonlyMap<string, ModelReference>> = new Map(
  BRANDS.map((b) => [b.slug, new Map(b.models.map((m) => [m.slug, m]))]),
);

/** The brand with this slug, or `undefined` when the retailer does not know it. */
export function brandBySlug(slug: string): BrandReference | undefined {
  return BY_SLUG.get(slug);
}

/** The model `model` of brand `brand` (both slugs), or `undefined` when unknown. */
export function modelBySlug(brand: string, model: string): ModelReference | undefined {
  return MODELS_BY_BRAND.get(brand)?.get(model);
}

/** The display name of a brand; the slug itself when the brand is unknown (so callers can always show something). */
export function brandName(slug: string): string {
  return BY_SLUG.get(slug)?.name ?? slug;
}

/** The display name of a model; the model slug itself when unknown. */
export function modelName(brand: string, model: string): string {
  return modelBySlug(brand, model)?.name ?? model;
}
