/**
 * The Postgres adapter of the catalogue search port (the default): queries the `catalogue_cars` view
 * that the catalogue projection keeps. Two statements per search, run at once: the page of cars, and the
 * total with every facet's counts (each with all filters but its own) from one pass over the market's
 * available cars (see `facetCountsSql`).
 */
import type { Knex } from 'knex';
import {
  FACETS,
  type FacetName,
  type FacetValue,
  MILEAGE_BUCKETS,
  PRICE_BUCKETS,
  type SearchQuery,
  type SearchResult,
} from '../../../domain/catalogue/search.ts';
import type { CatalogueSearch } from '../../../engine/search/catalogueSearch.ts';
import { type CarRow, toSummary } from '../../catalogue/carRow.ts';
import { and, baseFilter, facetCountsSql, facetFilters, ORDER_BY } from './searchSql.ts';

export interface PostgresCatalogueSearchOptions {
  readonly knex: Knex;
  readonly schema?: string;
}

export function createPostgresCatalogueSearch(options: PostgresCatalogueSearchOptions): CatalogueSearch {
  const { knex } = options;
  const cars = `"${(options.schema ?? 'public').replaceAll('"', '""')}".catalogue_cars`;

  return {
    async search(query: SearchQuery): Promise<SearchResult> {
      const base = baseFilter(query);
      const filters = facetFilters(query);
      const all = and(Object.values(filters));
      const page = knex.raw(
        `SELECT car_id, slug, condition, brand, model, version, year, mileage_km, fuel, gearbox, body, colour,
                power_kw, price_amount, currency, dealer_id, city, listed_at
         FROM ${cars} WHERE ${base.text} AND ${all.text}
         ORDER BY ${ORDER_BY[query.sort]} LIMIT ? OFFSET ?`,
        [
          ...base.bindings,
          ...all.bindings,
          query.pageSize,
          (query.page - 1) * query.pageSize,
        ] as Knex.RawBinding[],
      );
      const counts = facetCountsSql(cars, base, filters);
      const facetsAndTotal = knex.raw(counts.text, counts.bindings as Knex.RawBinding[]);
      const [pageResult, facetResult] = await Promise.all([page, facetsAndTotal]);
      const facets = Object.fromEntries(FACETS.map((f) => [f, [] as FacetValue[]])) as Record<
        FacetName,
        FacetValue[]
      >;
      let total = 0;
      for (const row of facetResult.rows as {
        facet: FacetName | 'total';
        value: string | null;
        n: string;
      }[]) {
        if (row.facet === 'total') total = Number(row.n);
        else if (row.value !== null && row.n !== '0')
          facets[row.facet].push({ value: facetValue(row.facet, row.value), count: Number(row.n) });
      }
      for (const facet of FACETS) facets[facet].sort(facetOrder(facet));
      return {
        total,
        page: query.page,
        pageSize: query.pageSize,
        cars: (pageResult.rows as CarRow[]).map(toSummary),
        facets,
      };
    },
    async close() {},
  };
}

function facetValue(facet: FacetName, value: string): string {
  if (facet === 'price') return String(PRICE_BUCKETS[Number(value) - 1] ?? 0);
  if (facet === 'mileage') return String(MILEAGE_BUCKETS[Number(value) - 1] ?? 0);
  return value;
}

/** Buckets and years in their natural order; the other facets by count, then name. */
function facetOrder(facet: FacetName) {
  if (facet === 'price' || facet === 'mileage')
    return (a: FacetValue, b: FacetValue) => Number(a.value) - Number(b.value);
  if (facet === 'year') return (a: FacetValue, b: FacetValue) => Number(b.value) - Number(a.value);
  return (a: FacetValue, b: FacetValue) => b.count - a.count || a.value.localeCompare(b.value);
}
