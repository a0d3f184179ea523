/**
 * The SQL of a catalogue search on the `catalogue_cars` read model: one filter expression per facet,
 * so each facet can be counted with every filter but its own.
 */
import type { FacetName, SearchQuery } from '../../../domain/catalogue/search.ts';
import { MILEAGE_BUCKETS, PRICE_BUCKETS } from '../../../domain/catalogue/search.ts';

export interface Sql {
  readonly text: string;
  readonly bindings: unknown[];
}
const sql = (text: string, ...bindings: unknown[]): Sql => ({ text, bindings });
const TRUE = sql('true');
const and = (parts: readonly Sql[]): Sql =>
  parts.length === 0
    ? TRUE
    : { text: parts.map((p) => `(${p.text})`).join(' AND '), bindings: parts.flatMap((p) => p.bindings) };

/** Filters applied to every count (they are not facets). */
export function baseFilter(query: SearchQuery): Sql {
  const parts: Sql[] = [sql('country = ?', query.country), sql(`status = 'available'`)];
  if (query.dealerId) parts.push(sql('dealer_id = ?', query.dealerId));
  if (query.text) {
    const words = query.text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    if (words.length > 0)
      parts.push(sql(`search_text @@ to_tsquery('simple', ?)`, words.map((w) => `${w}:*`).join(' & ')));
  }
  return and(parts);
}

const anyOf = (column: string, values: readonly string[] | undefined) =>
  values && values.length > 0 ? sql(`${column} = ANY(?::text[])`, [...values]) : TRUE;

/** Each facet's own filter; `TRUE` when the query does not filter on it. */
export function facetFilters(query: SearchQuery): Record<FacetName, Sql> {
  const range = (column: string, min: number | undefined, max: number | undefined, scale = 1) =>
    and([
      ...(min === undefined ? [] : [sql(`${column} >= ?`, min * scale)]),
      ...(max === undefined ? [] : [sql(`${column} <= ?`, max * scale)]),
    ]);
  return {
    condition: query.condition ? sql('condition = ?', query.condition) : TRUE,
    brand: query.brand ? sql('brand = ?', query.brand) : TRUE,
    model: query.model ? sql('model = ?', query.model) : TRUE,
    fuel: anyOf('fuel', query.fuel),
    gearbox: anyOf('gearbox', query.gearbox),
    body: anyOf('body', query.body),
    colour: anyOf('colour', query.colour),
    city: query.city ? sql('city = ?', query.city) : TRUE,
    price: range('price_amount', query.priceMin, query.priceMax, 100),
    mileage: range('mileage_km', undefined, query.mileageMax),
    year: range('year', query.yearMin, query.yearMax),
  };
}

/** What a facet groups by. Buckets are returned as their index in the bounds (1-based). */
export const FACET_VALUE: Record<FacetName, string> = {
  condition: 'condition',
  brand: 'brand',
  model: 'model',
  fuel: 'fuel',
  gearbox: 'gearbox',
  body: 'body',
  colour: 'colour',
  city: 'city',
  price: `width_bucket(price_amount / 100, ARRAY[${PRICE_BUCKETS.join(',')}]::bigint[])::text`,
  mileage: `width_bucket(mileage_km, ARRAY[${MILEAGE_BUCKETS.join(',')}]::int[])::text`,
  year: 'year::text',
};

/** The filters a facet's counts ignore: its own (and the brand facet also ignores the model). */
export function ignoredBy(facet: FacetName): readonly FacetName[] {
  return facet === 'brand' ? ['brand', 'model'] : [facet];
}

export const ORDER_BY: Record<SearchQuery['sort'], string> = {
  newest: 'listed_at DESC, car_id DESC',
  price_asc: 'price_amount ASC, car_id ASC',
  price_desc: 'price_amount DESC, car_id DESC',
  mileage_asc: 'mileage_km ASC, car_id ASC',
  year_desc: 'year DESC, listed_at DESC, car_id DESC',
};

export { and, sql };
