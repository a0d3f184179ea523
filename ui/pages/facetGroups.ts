/**
 * The filter sidebar of a list page, computed from the search's facet counts: for each facet, its values
 * with counts and the URL that applies (or removes) each one. Brand, model, fuel, body, gearbox and
 * colour are path segments (at most four, see facetSlugs.ts); price, mileage and year ranges go in the
 * query string.
 */
import type { FacetFilters } from '../../domain/catalogue/facetSlugs.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brandNames.ts';
import {
  type FacetValue,
  MILEAGE_BUCKETS,
  PRICE_BUCKETS,
  type SearchResult,
} from '../../domain/catalogue/search.ts';
import { BODIES, COLOURS, type Condition, FUELS, GEARBOXES } from '../../domain/catalogue/vocabulary.ts';
import type { Translator } from '../i18n/createTranslator.ts';
import { formatMajorPrice } from '../i18n/format.ts';
import { listUrl } from '../router/listUrl.ts';
import { withQuery } from '../router/urlFor.ts';
import { type ListQuery, type ListSearch, listQuery } from './listState.ts';

export interface FacetOption {
  readonly value: string;
  readonly label: string;
  readonly count: number;
  readonly active: boolean;
  /** Where choosing the option leads; absent when it cannot be applied (a fifth path facet). */
  readonly href?: string;
  /** A query-string filter: not a page of its own for search engines (path facets are). */
  readonly nofollow?: boolean;
}

export interface FacetGroup {
  readonly facet: 'brand' | 'model' | 'fuel' | 'body' | 'gearbox' | 'colour' | 'price' | 'mileage' | 'year';
  readonly title: string;
  readonly options: readonly FacetOption[];
}

/** A filter in force, with the URL that removes it. */
export interface ActiveFilter {
  readonly label: string;
  readonly href: string;
}

export interface ListContext {
  readonly t: Translator;
  readonly condition: Condition;
  readonly filters: FacetFilters;
  readonly search: ListSearch;
}

type PathFacet = 'brand' | 'model' | 'fuel' | 'body' | 'gearbox' | 'colour';
const PATH_FACETS: readonly PathFacet[] = ['brand', 'model', 'fuel', 'body', 'gearbox', 'colour'];
const VOCABULARY: Partial<Record<PathFacet, ReadonlySet<string>>> = {
  fuel: new Set(FUELS),
  body: new Set(BODIES),
  gearbox: new Set(GEARBOXES),
  colour: new Set(COLOURS),
};
const MAX_SEGMENTS = 4;

const segmentCount = (filters: FacetFilters) =>
  PATH_FACETS.filter((facet) => filters[facet] !== undefined && (facet !== 'model' || filters.brand)).length;

function withFacet(filters: FacetFilters, facet: PathFacet, value: string | undefined): FacetFilters {
  const next: Record<string, string> = {};
  for (const key of PATH_FACETS) {
    // A brand of its own has none of the other brand's models.
    const current = key === facet ? value : facet === 'brand' && key === 'model' ? undefined : filters[key];
    if (current !== undefined) next[key] = current;
  }
  return next as FacetFilters;
}

/** The label of a path facet's value. */
export function facetLabel(t: Translator, facet: PathFacet, value: string, filters: FacetFilters): string {
  if (facet === 'brand') return brandName(value);
  if (facet === 'model') return modelName(filters.brand ?? '', value);
  return t.label(facet, value);
}

// A list page has ~75 filter links: each group's shared part of the URL (the query string of a path
// facet's options, the path of a range's) is written once per group, not once per link.

function pathGroup(context: ListContext, facet: PathFacet, values: readonly FacetValue[]): FacetGroup {
  const { t, condition, filters, search } = context;
  const known = VOCABULARY[facet];
  const query = withQuery('', listQuery(search, { page: undefined }));
  const options = values
    .filter((v) => v.count > 0 && (!known || known.has(v.value)))
    .map((v): FacetOption => {
      const active = filters[facet] === v.value;
      const next = withFacet(filters, facet, active ? undefined : v.value);
      const label = facetLabel(t, facet, v.value, filters);
      if (segmentCount(next) > MAX_SEGMENTS) return { value: v.value, label, count: v.count, active };
      return {
        value: v.value,
        label,
        count: v.count,
        active,
        href: `${listUrl(t.locale, condition, next)}${query}`,
      };
    });
  return { facet, title: t.t(`facets.${facet}`), options };
}

function rangeGroup(
  context: ListContext,
  facet: 'price' | 'mileage' | 'year',
  options: readonly { value: string; label: string; count: number; query: ListQuery }[],
): FacetGroup {
  const { t, condition, filters, search } = context;
  const current = listQuery(search, { page: undefined });
  const path = listUrl(t.locale, condition, filters);
  return {
    facet,
    title: t.t(`facets.${facet}`),
    options: options.map((option) => {
      let active = true;
      for (const key in option.query) if (current[key] !== option.query[key]) active = false;
      const query: Record<string, string | number | undefined> = { ...current };
      for (const key in option.query) query[key] = active ? undefined : option.query[key];
      return { ...option, active, href: withQuery(path, query), nofollow: true };
    }),
  };
}

function priceOptions(t: Translator, values: readonly FacetValue[]) {
  return [...values]
    .map((v) => ({ ...v, from: Number(v.value) }))
    .filter((v) => Number.isFinite(v.from) && v.count > 0)
    .sort((a, b) => a.from - b.from)
    .map((v) => {
      const next = PRICE_BUCKETS.find((bound) => bound > v.from);
      const from = formatMajorPrice(v.from, t.locale);
      return {
        value: v.value,
        count: v.count,
        label: next
          ? t.t('list.range', { from, to: formatMajorPrice(next, t.locale) })
          : t.t('list.from', { value: from }),
        query: { priceMin: v.from, priceMax: next ? next - 1 : undefined },
      };
    });
}

function mileageOptions(t: Translator, values: readonly FacetValue[]) {
  const buckets = values
    .map((v) => ({ from: Number(v.value), count: v.count }))
    .filter((v) => Number.isFinite(v.from));
  return MILEAGE_BUCKETS.slice(1)
    .map((bound) => ({
      value: String(bound),
      count: buckets.filter((b) => b.from < bound).reduce((sum, b) => sum + b.count, 0),
      label: t.t('list.range', { from: t.mileage(0), to: t.mileage(bound) }),
      query: { mileageMax: bound },
    }))
    .filter(
      (option, index, all) => option.count > 0 && (index === 0 || option.count > all[index - 1]!.count),
    );
}

function yearOptions(t: Translator, values: readonly FacetValue[]) {
  const years = values
    .map((v) => ({ year: Number(v.value), count: v.count }))
    .filter((v) => Number.isInteger(v.year));
  return [...years]
    .sort((a, b) => b.year - a.year)
    .slice(0, 8)
    .map(({ year }) => ({
      value: String(year),
      count: years.filter((y) => y.year >= year).reduce((sum, y) => sum + y.count, 0),
      label: t.t('list.from', { value: year }),
      query: { yearMin: year },
    }));
}

/** Every group of the sidebar, in display order; empty groups are left out. */
export function facetGroups(context: ListContext, facets: SearchResult['facets']): FacetGroup[] {
  const groups: FacetGroup[] = [pathGroup(context, 'brand', facets.brand ?? [])];
  if (context.filters.brand) groups.push(pathGroup(context, 'model', facets.model ?? []));
  for (const facet of ['fuel', 'body', 'gearbox', 'colour'] as const) {
    groups.push(pathGroup(context, facet, facets[facet] ?? []));
  }
  groups.push(rangeGroup(context, 'price', priceOptions(context.t, facets.price ?? [])));
  groups.push(rangeGroup(context, 'mileage', mileageOptions(context.t, facets.mileage ?? [])));
  groups.push(rangeGroup(context, 'year', yearOptions(context.t, facets.year ?? [])));
  return groups.filter((group) => group.options.length > 0);
}

/** The filters in force (path facets and ranges), each with the URL without it. */
export function activeFilters(context: ListContext): ActiveFilter[] {
  const { t, condition, filters, search } = context;
  const query = listQuery(search, { page: undefined });
  const active: ActiveFilter[] = [];
  for (const facet of PATH_FACETS) {
    const value = filters[facet];
    if (value === undefined || (facet === 'model' && !filters.brand)) continue;
    active.push({
      label: facetLabel(t, facet, value, filters),
      href: listUrl(t.locale, condition, withFacet(filters, facet, undefined), query),
    });
  }
  const range = (label: string, keys: readonly string[]) => {
    const cleared = Object.fromEntries(keys.map((key) => [key, undefined]));
    active.push({ label, href: listUrl(t.locale, condition, filters, { ...query, ...cleared }) });
  };
  if (search.priceMin !== undefined || search.priceMax !== undefined) {
    const from = formatMajorPrice(search.priceMin ?? 0, t.locale);
    const label =
      search.priceMax === undefined
        ? t.t('list.from', { value: from })
        : t.t('list.range', { from, to: formatMajorPrice(search.priceMax, t.locale) });
    range(label, ['priceMin', 'priceMax']);
  }
  if (search.mileageMax !== undefined) {
    range(t.t('list.range', { from: t.mileage(0), to: t.mileage(search.mileageMax) }), ['mileageMax']);
  }
  if (search.yearMin !== undefined || search.yearMax !== undefined) {
    const label =
      search.yearMax === undefined
        ? t.t('list.from', { value: search.yearMin ?? '' })
        : t.t('list.range', { from: search.yearMin ?? '', to: search.yearMax });
    range(label, ['yearMin', 'yearMax']);
  }
  return active;
}
