/**
 * A `SearchQuery` in Meilisearch's filter language, with the Postgres adapter's semantics
 * (`../postgres/searchSql.ts`): filters that always apply (market, dealer), one filter per facet (so a
 * facet can be counted without its own), and sorts ending on the car id so pages never overlap.
 * Filters are arrays of expressions (Meilisearch ANDs the elements).
 */
import type { FacetName, SearchQuery } from '../../../domain/catalogue/search.ts';
import type { MeiliCarDocument } from './meiliCarDocument.ts';

/** The document attribute each facet counts. Price and mileage are counted by bucket. */
export const FACET_ATTRIBUTE: Readonly<Record<FacetName, keyof MeiliCarDocument>> = {
  condition: 'condition',
  brand: 'brand',
  model: 'model',
  fuel: 'fuel',
  gearbox: 'gearbox',
  body: 'body',
  colour: 'colour',
  city: 'city',
  price: 'priceBucket',
  mileage: 'mileageBucket',
  year: 'year',
};

/** A string literal of the filter language: double quotes, `\` and `"` escaped (Meilisearch ≥ 1.4). */
export function quote(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

const anyOf = (attribute: string, values: readonly string[] | undefined) =>
  values && values.length > 0 ? `${attribute} IN [${values.map(quote).join(', ')}]` : undefined;

const range = (attribute: string, min: number | undefined, max: number | undefined) => {
  const parts = [
    ...(min === undefined ? [] : [`${attribute} >= ${min}`]),
    ...(max === undefined ? [] : [`${attribute} <= ${max}`]),
  ];
  return parts.length > 0 ? parts.join(' AND ') : undefined;
};

/** Filters every count obeys (they are not facets). Only cars for sale are indexed: no status filter. */
export function baseFilters(query: SearchQuery): string[] {
  return [
    `country = ${quote(query.country)}`,
    ...(query.dealerId ? [`dealerId = ${quote(query.dealerId)}`] : []),
  ];
}

/** Each facet's own filter; undefined when the query does not filter on it. */
export function facetFilters(query: SearchQuery): Record<FacetName, string | undefined> {
  const eq = (attribute: string, value: string | undefined) =>
    value === undefined ? undefined : `${attribute} = ${quote(value)}`;
  return {
    condition: eq('condition', query.condition),
    brand: eq('brand', query.brand),
    model: eq('model', query.model),
    fuel: anyOf('fuel', query.fuel),
    gearbox: anyOf('gearbox', query.gearbox),
    body: anyOf('body', query.body),
    colour: anyOf('colour', query.colour),
    city: eq('city', query.city),
    // Whole currency units in the query, minor units in the documents.
    price: range(
      'priceAmount',
      query.priceMin === undefined ? undefined : query.priceMin * 100,
      query.priceMax === undefined ? undefined : query.priceMax * 100,
    ),
    mileage: range('mileageKm', undefined, query.mileageMax),
    year: range('year', query.yearMin, query.yearMax),
  };
}

/** The filters a facet's counts ignore: its own (and the brand facet also ignores the model), as in Postgres. */
export function ignoredBy(facet: FacetName): readonly FacetName[] {
  return facet === 'brand' ? ['brand', 'model'] : [facet];
}

/** The filter of a search: the base filters and every facet filter but the ignored ones. */
export function filterOf(query: SearchQuery, ignoring: readonly FacetName[] = []): string[] {
  const facets = facetFilters(query);
  const applied = (Object.keys(facets) as FacetName[])
    .filter((facet) => !ignoring.includes(facet))
    .map((facet) => facets[facet])
    .filter((filter): filter is string => filter !== undefined);
  return [...baseFilters(query), ...applied];
}

/**
 * The free text as Meilisearch's `q`: the words of the Postgres adapter (lower case, accents dropped,
 * split on anything not a letter or digit), so quotes and a leading `-` never turn into phrase or
 * negative operators. Undefined when no word is left (no text filter, as in Postgres).
 */
export function searchWords(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.length > 0 ? words.join(' ') : undefined;
}

/** Sorts on sortable attributes, with the Postgres adapter's tie-breakers (`ORDER_BY`). */
export const SORT: Readonly<Record<SearchQuery['sort'], readonly string[]>> = {
  newest: ['listedAtMs:desc', 'carNo:desc'],
  price_asc: ['priceAmount:asc', 'carNo:asc'],
  price_desc: ['priceAmount:desc', 'carNo:desc'],
  mileage_asc: ['mileageKm:asc', 'carNo:asc'],
  year_desc: ['year:desc', 'listedAtMs:desc', 'carNo:desc'],
};
