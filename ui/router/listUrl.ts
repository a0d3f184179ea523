/**
 * URLs of the list pages (`page_buy_index` for used cars, `page_buy_vn` for new ones) with their facet
 * path segments (`/de/kaufen/bmw/x3/diesel`), written by `domain/catalogue/facetSlugs.ts`.
 */
import {
  type BrandModelLookup,
  type FacetFilters,
  facetSegments,
} from '../../domain/catalogue/facetSlugs.ts';
import { brandNamed, modelNamed } from '../../domain/catalogue/reference/brandNames.ts';
import type { Condition } from '../../domain/catalogue/vocabulary.ts';
import type { Locale } from '../../domain/markets.ts';
import type { RouteParams } from '../../domain/routes/index.ts';
import { urlFor, withQuery } from './urlFor.ts';

/** Brands and models as the catalogue's reference data knows them (for reading facet segments). */
export const REFERENCE_CATALOGUE: BrandModelLookup = {
  isBrand: (slug) => brandNamed(slug) !== undefined,
  isModel: (brand, slug) => modelNamed(brand, slug) !== undefined,
};

/** The `facet1`…`facet4` parameters of filters in a locale. */
export function facetParams(locale: Locale, filters: FacetFilters): RouteParams {
  return Object.fromEntries(facetSegments(locale, filters).map((segment, i) => [`facet${i + 1}`, segment]));
}

/** The list page of `condition` cars with `filters` (and a query string). */
export function listUrl(
  locale: Locale,
  condition: Condition,
  filters: FacetFilters = {},
  query: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const route = condition === 'new' ? 'page_buy_vn' : 'page_buy_index';
  let path: string;
  try {
    path = urlFor(route, locale, facetParams(locale, filters));
  } catch {
    // A value no facet segment can spell (should not happen for known vocabularies): the plain list.
    path = urlFor(route, locale);
  }
  return withQuery(path, query);
}
