/**
 * The brands and models the retailer sells (reference data), with lookups by slug. Feeds may only list
 * cars whose brand and model are known here; the demo generator draws its cars from the same table.
 */
import { BRANDS } from './brandTable.ts';
import type { BrandReference, ModelReference } from './types.ts';

/** The display names (the browser's lookups, on the names alone). */
export { brandName, modelName } from './brandNames.ts';
export { BRANDS };

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
