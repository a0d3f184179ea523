/**
 * Every brand the retailer sells with its models (the reference data, brands.ts), in one table; the
 * browser's build keeps only their slugs and names (brandNames.ts).
 */
import { AMERICAN_BRANDS } from './americanBrands.ts';
import { ASIAN_BRANDS } from './asianBrands.ts';
import { EUROPEAN_BRANDS } from './europeanBrands.ts';
import { FRENCH_BRANDS } from './frenchBrands.ts';
import { GERMAN_BRANDS } from './germanBrands.ts';
import type { BrandReference } from './types.ts';

/** Every brand, sorted by display name (the order of brand lists on the site). */
export const BRANDS: readonly BrandReference[] = [
  ...GERMAN_BRANDS,
  ...FRENCH_BRANDS,
  ...EUROPEAN_BRANDS,
  ...ASIAN_BRANDS,
  ...AMERICAN_BRANDS,
].sort((a, b) => a.name.localeCompare(b.name, 'en'));
