/**
 * The state of a list page, read from its URL: the facet filters of the path, the query string (sort,
 * page, ranges) validated with zod, and the catalogue search they make. Pure, shared by the loader, the
 * components and the tests.
 */
import { z } from 'zod';
import { SLUG } from '../../domain/catalogue/car.ts';
import type { FacetFilters } from '../../domain/catalogue/facetSlugs.ts';
import type { SearchQueryInput } from '../../domain/catalogue/search.ts';
import { CONDITIONS, type Condition, SORTS, type Sort } from '../../domain/catalogue/vocabulary.ts';

const number = z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined);

/** The list pages' query string. Anything invalid is dropped rather than refused. */
export const listSearchSchema = z.object({
  sort: z.enum(SORTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
  /** Whole units of the market's currency. */
  priceMin: number,
  priceMax: number,
  mileageMax: number,
  yearMin: number,
  yearMax: number,
  // From the home page's quick search when it is sent without JavaScript: redirected to facet URLs.
  condition: z.enum(CONDITIONS).optional().catch(undefined),
  brand: z.string().regex(SLUG).optional().catch(undefined),
  model: z.string().regex(SLUG).optional().catch(undefined),
});
export type ListSearch = z.output<typeof listSearchSchema>;

/** The query-string filters kept across facet links (ranges and sort; the page starts again at 1). */
export type ListQuery = Readonly<Record<string, string | number | undefined>>;

export const PAGE_SIZE = 24;
export const FACET_PARAMS = ['facet1', 'facet2', 'facet3', 'facet4'] as const;

/** The query string of a list URL for `search` (without the quick-search fields). */
export function listQuery(search: ListSearch, overrides: ListQuery = {}): ListQuery {
  const query: Record<string, string | number | undefined> = {
    sort: search.sort === 'newest' ? undefined : search.sort,
    priceMin: search.priceMin,
    priceMax: search.priceMax,
    mileageMax: search.mileageMax,
    yearMin: search.yearMin,
    yearMax: search.yearMax,
    page: search.page && search.page > 1 ? search.page : undefined,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/** The catalogue search of a list page (without the country, which the query factory adds). */
export function listSearchQuery(
  condition: Condition,
  filters: FacetFilters,
  search: ListSearch,
): Omit<SearchQueryInput, 'country'> & { sort: Sort; page: number; pageSize: number } {
  const query = {
    condition,
    brand: filters.brand,
    model: filters.brand ? filters.model : undefined,
    fuel: filters.fuel ? [filters.fuel] : undefined,
    body: filters.body ? [filters.body] : undefined,
    gearbox: filters.gearbox ? [filters.gearbox] : undefined,
    colour: filters.colour ? [filters.colour] : undefined,
    priceMin: search.priceMin,
    priceMax: search.priceMax,
    mileageMax: search.mileageMax,
    yearMin: search.yearMin,
    yearMax: search.yearMax,
    sort: search.sort ?? 'newest',
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
  };
  // No undefined members: equal searches must make equal query keys.
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as typeof query;
}
