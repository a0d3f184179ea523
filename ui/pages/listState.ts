/**
 * The state of a list page, read from its URL: the facet filters of the path, the query string (sort,
 * page, ranges) read leniently, and the catalogue search they make. Pure, shared by the loader, the
 * components and the tests.
 */
import { SLUG } from '../../domain/catalogue/car.ts';
import type { FacetFilters } from '../../domain/catalogue/facetSlugs.ts';
import type { SearchQueryInput } from '../../domain/catalogue/search.ts';
import { CONDITIONS, type Condition, SORTS, type Sort } from '../../domain/catalogue/vocabulary.ts';
import { oneOf, text, wholeNumber } from '../router/searchReaders.ts';

/** The list pages' query string. Anything invalid is dropped rather than refused. */
export function readListSearch(search: Readonly<Record<string, unknown>>) {
  const number = (value: unknown) => wholeNumber(value, 0, 10_000_000);
  return {
    sort: oneOf(search.sort, SORTS),
    page: wholeNumber(search.page, 1, 1000),
    /** Whole units of the market's currency. */
    priceMin: number(search.priceMin),
    priceMax: number(search.priceMax),
    mileageMax: number(search.mileageMax),
    yearMin: number(search.yearMin),
    yearMax: number(search.yearMax),
    // From the home page's quick search when it is sent without JavaScript: redirected to facet URLs.
    condition: oneOf(search.condition, CONDITIONS),
    brand: text(search.brand, Number.POSITIVE_INFINITY, SLUG),
    model: text(search.model, Number.POSITIVE_INFINITY, SLUG),
  };
}
export type ListSearch = Partial<ReturnType<typeof readListSearch>>;

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
