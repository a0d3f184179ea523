/**
 * The SQL of a catalogue search on the `catalogue_cars` read model: one filter expression per facet,
 * so each facet can be counted with every filter but its own.
 */
import type { FacetName, SearchQuery } from '../../../domain/catalogue/search.ts';
import { FACETS, MILEAGE_BUCKETS, PRICE_BUCKETS } from '../../../domain/catalogue/search.ts';

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

// One value (what the facet path segments give) as a plain equality: cheaper per row than `= ANY`.
const anyOf = (column: string, values: readonly string[] | undefined) => {
  if (!values || values.length === 0) return TRUE;
  return values.length === 1
    ? sql(`${column} = ?`, values[0])
    : sql(`${column} = ANY(?::text[])`, [...values]);
};

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

/**
 * What a facet groups by. Buckets are their index in the bounds (1-based; prices compared in minor
 * units, as stored); numbers are grouped as numbers and only the counted values become text.
 */
export const FACET_VALUE: Record<FacetName, string> = {
  condition: 'condition',
  brand: 'brand',
  model: 'model',
  fuel: 'fuel',
  gearbox: 'gearbox',
  body: 'body',
  colour: 'colour',
  city: 'city',
  price: `width_bucket(price_amount, ARRAY[${PRICE_BUCKETS.map((b) => b * 100).join(',')}]::bigint[])`,
  mileage: `width_bucket(mileage_km, ARRAY[${MILEAGE_BUCKETS.join(',')}]::int[])`,
  year: 'year',
};
const NUMERIC: readonly FacetName[] = ['price', 'mileage', 'year'];

/** The filters a facet's counts ignore: its own (and the brand facet also ignores the model). */
export function ignoredBy(facet: FacetName): readonly FacetName[] {
  return facet === 'brand' ? ['brand', 'model'] : [facet];
}

/** Facets in the order the row filter tests them: the most selective first, so it stops early. */
const SELECTIVE_FIRST: readonly FacetName[] = [
  'brand',
  'model',
  'price',
  'body',
  'fuel',
  'colour',
  'city',
  'year',
  'mileage',
  'gearbox',
  'condition',
];

/**
 * Whether a row can count anywhere: it fails at most one filter (a facet's counts ignore its own), or
 * only brand and model (the brand's counts ignore both). Written as a chain that stops at the second
 * failed filter, so most rows cost two or three comparisons: `f_<facet>` are the row's filter results.
 */
function countsAnywhere(filtered: readonly FacetName[]): string {
  const all = (facets: readonly FacetName[]) => facets.map((f) => `f_${f}`).join(' AND ') || 'true';
  const chain = (facets: readonly FacetName[]): string => {
    const [first, ...rest] = facets;
    if (!first || rest.length === 0) return 'true';
    const otherwise = first === 'brand' ? rest.filter((f) => f !== 'model') : rest;
    return `CASE WHEN f_${first} THEN ${chain(rest)} ELSE ${all(otherwise)} END`;
  };
  return chain(SELECTIVE_FIRST.filter((f) => filtered.includes(f)));
}

/**
 * Every facet's counts and the total in one statement and one pass over the market's cars (the
 * catalogue's covering index makes it an index-only scan): one grouping set per facet plus `()` for the
 * total, each counting with its own FILTER (all filters but the ones the facet ignores). Rows that can
 * count nowhere are dropped before grouping (`countsAnywhere`). Answers `(facet, value, n)` rows; `n`
 * may be 0 for a value seen only in other facets' rows.
 */
export function facetCountsSql(cars: string, base: Sql, filters: Record<FacetName, Sql>): Sql {
  const filtered = FACETS.filter((facet) => filters[facet] !== TRUE);
  const passes = (facets: readonly FacetName[]) =>
    facets
      .filter((f) => filtered.includes(f))
      .map((f) => `f_${f}`)
      .join(' AND ') || 'true';
  const countWhere = (condition: string) =>
    condition === 'true' ? 'count(*)' : `count(*) FILTER (WHERE ${condition})`;
  const counted = (facet: FacetName) =>
    countWhere(passes(FACETS.filter((f) => !ignoredBy(facet).includes(f))));
  const cases = (then: (facet: FacetName) => string, otherwise: string) =>
    `CASE ${FACETS.map((f) => `WHEN GROUPING(g_${f}) = 0 THEN ${then(f)}`).join(' ')} ELSE ${otherwise} END`;
  return {
    text: `SELECT ${cases((f) => `'${f}'`, `'total'`)} AS facet,
             ${cases((f) => (NUMERIC.includes(f) ? `g_${f}::text` : `g_${f}`), 'NULL')} AS value,
             ${cases(counted, countWhere(passes(FACETS)))} AS n
           FROM (SELECT ${FACETS.map((f) => `${FACET_VALUE[f]} AS g_${f}`).join(', ')}
                        ${filtered.map((f) => `, (${filters[f].text}) AS f_${f}`).join('')}
                 FROM ${cars} WHERE ${base.text}) AS c
           WHERE ${countsAnywhere(filtered)}
           GROUP BY GROUPING SETS (${FACETS.map((f) => `(g_${f})`).join(', ')}, ())`,
    bindings: [...filtered.flatMap((f) => filters[f].bindings), ...base.bindings],
  };
}

export const ORDER_BY: Record<SearchQuery['sort'], string> = {
  newest: 'listed_at DESC, car_id DESC',
  price_asc: 'price_amount ASC, car_id ASC',
  price_desc: 'price_amount DESC, car_id DESC',
  mileage_asc: 'mileage_km ASC, car_id ASC',
  year_desc: 'year DESC, listed_at DESC, car_id DESC',
};

export { and, sql };
