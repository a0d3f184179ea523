/**
 * The brands' and models' display names and slugs, by slug: what pages need of the reference data
 * (brands.ts has the rest). The browser's build holds only these fields (brandNameTable.ts).
 */
import { BRAND_NAME_TABLE } from './brandNameTable.ts';
import type { BrandName, ModelName } from './types.ts';

/** Every brand, sorted by display name (the order of brand lists on the site). */
export const BRAND_NAMES: readonly BrandName[] = BRAND_NAME_TABLE;

const BY_SLUG: ReadonlyMap<string, BrandName> = new Map(BRAND_NAMES.map((b) => [b.slug, b]));
const MODELS_BY_BRAND: ReadonlyMap<string, ReadonlyMap<string, ModelName>> = new Map(
  BRAND_NAMES.map((b) => [b.slug, new Map(b.models.map((m) => [m.slug, m]))]),
);

/** The brand with this slug (its name and models' names), or `undefined` when unknown. */
export function brandNamed(slug: string): BrandName | undefined {
  return BY_SLUG.get(slug);
}

/** The model `model` of brand `brand` (both slugs), or `undefined` when unknown. */
export function modelNamed(brand: string, model: string): ModelName | undefined {
  return MODELS_BY_BRAND.get(brand)?.get(model);
}

/** The display name of a brand; the slug itself when the brand is unknown (so callers can always show something). */
export function brandName(slug: string): string {
  return BY_SLUG.get(slug)?.name ?? slug;
}

/** The display name of a model; the model slug itself when unknown. */
export function modelName(brand: string, model: string): string {
  return modelNamed(brand, model)?.name ?? model;
}

/** A car's brand and model as buyers read them (`Peugeot 308`). */
export function carModelName(car: { readonly brand: string; readonly model: string }): string {
  return `${brandName(car.brand)} ${modelName(car.brand, car.model)}`;
}
