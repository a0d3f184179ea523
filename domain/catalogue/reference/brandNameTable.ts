/**
 * The brands' and models' slugs and names. Here the reference table itself (its extra fields unseen
 * through this type); in the browser's build, vite.config.ts puts in their place these fields alone,
 * computed from the same table at build time, so a page does not download the demo's versions and prices.
 */
import { BRANDS } from './brandTable.ts';
import type { BrandName } from './types.ts';

export const BRAND_NAME_TABLE: readonly BrandName[] = BRANDS;
