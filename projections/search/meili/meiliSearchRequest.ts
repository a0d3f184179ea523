/**
 * One catalogue search as one Meilisearch multi-search, and its answer as a `SearchResult`.
 *
 * Disjunctive facets: the first query applies every filter and returns the page (page/hitsPerPage, so
 * `totalHits` is exact) and the counts of the facets the query does not filter on (for those, "all
 * filters" and "all filters but its own" are the same). Each facet the query does filter on gets its own
 * query without its own filter(s), `limit: 0`, asking for that facet only.
 */
import type { MultiSearchQuery, MultiSearchResult } from 'meilisearch';
import {
  FACETS,
  type FacetName,
  type FacetValue,
  type SearchQuery,
  type SearchResult,
} from '../../../domain/catalogue/search.ts';
import { DOCUMENT_FIELDS, fromMeiliDocument, type MeiliCarDocument } from './meiliCarDocument.ts';
import { FACET_ATTRIBUTE, facetFilters, filterOf, ignoredBy, SORT, searchWords } from './meiliFilter.ts';

export interface MeiliSearchPlan {
  readonly queries: MultiSearchQuery[];
  /** For each facet, the index of the query whose `facetDistribution` holds its counts. */
  readonly countedBy: Readonly<Record<FacetName, number>>;
}

export function buildMeiliSearch(query: SearchQuery, indexUid: string): MeiliSearchPlan {
  const q = searchWords(query.text);
  const text = q === undefined ? {} : { q, matchingStrategy: 'all' as const };
  const filters = facetFilters(query);
  const ownQuery = (facet: FacetName) => ignoredBy(facet).some((f) => filters[f] !== undefined);
  const countedBy = {} as Record<FacetName, number>;
  const mainFacets: string[] = [];
  const queries: MultiSearchQuery[] = [];
  for (const facet of FACETS) {
    if (!ownQuery(facet)) {
      countedBy[facet] = 0;
      mainFacets.push(FACET_ATTRIBUTE[facet]);
    }
  }
  queries.push({
    indexUid,
    ...text,
    filter: filterOf(query),
    sort: [...SORT[query.sort]],
    page: query.page,
    hitsPerPage: query.pageSize,
    attributesToRetrieve: [...DOCUMENT_FIELDS],
    facets: mainFacets,
  });
  for (const facet of FACETS) {
    if (!ownQuery(facet)) continue;
    countedBy[facet] = queries.length;
    queries.push({
      indexUid,
      ...text,
      filter: filterOf(query, ignoredBy(facet)),
      limit: 0,
      facets: [FACET_ATTRIBUTE[facet]],
    });
  }
  return { queries, countedBy };
}

/** The multi-search's answer (results in the order of `plan.queries`) as the port's result. */
export function readMeiliSearch(
  query: SearchQuery,
  plan: MeiliSearchPlan,
  results: readonly Pick<MultiSearchResult<MeiliCarDocument>, 'hits' | 'totalHits' | 'facetDistribution'>[],
): SearchResult {
  const main = results[0];
  if (!main || results.length !== plan.queries.length)
    throw new Error(`meilisearch answered ${results.length} results to ${plan.queries.length} queries`);
  const facets = {} as Record<FacetName, FacetValue[]>;
  for (const facet of FACETS) {
    const distribution = results[plan.countedBy[facet]]?.facetDistribution?.[FACET_ATTRIBUTE[facet]] ?? {};
    facets[facet] = Object.entries(distribution)
      .filter(([, count]) => count > 0)
      .map(([value, count]) => ({ value: facetValue(facet, value), count }))
      .sort(facetOrder(facet));
  }
  return {
    total: main.totalHits ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    cars: main.hits.map((hit) => fromMeiliDocument(hit)),
    facets,
  };
}

/** Numeric facets come back as the number's text; normalise ("25000.0" → "25000") to Postgres's values. */
function facetValue(facet: FacetName, value: string): string {
  return facet === 'price' || facet === 'mileage' || facet === 'year' ? String(Number(value)) : value;
}

/** Buckets and years in their natural order; the other facets by count, then name (as in Postgres). */
function facetOrder(facet: FacetName) {
  if (facet === 'price' || facet === 'mileage')
    return (a: FacetValue, b: FacetValue) => Number(a.value) - Number(b.value);
  if (facet === 'year') return (a: FacetValue, b: FacetValue) => Number(b.value) - Number(a.value);
  return (a: FacetValue, b: FacetValue) => b.count - a.count || a.value.localeCompare(b.value);
}
