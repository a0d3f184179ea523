/**
 * What a saved view stores for each list: the search params of that list's URL (listSearch.ts), checked
 * with the same schemas. A value the URL would drop (`catch`) is refused here instead, by its name, so
 * a view never keeps what its list would not show.
 */
import { z } from 'zod';
import { ValidationError } from '../../domain/errors.ts';
import type { RouteBaseName } from '../../domain/routes/index.ts';
import type { SavedViewList, ViewFilters } from '../../domain/staff/savedViews.ts';
import { bookingSearch, customerSearch, purchaseSearch } from './listSearch.ts';

const SEARCH: Readonly<Record<SavedViewList, z.ZodObject>> = {
  purchases: purchaseSearch,
  bookings: bookingSearch,
  customers: customerSearch,
};

/** The page of each list: who may open it may use its views (sections.ts). */
export const VIEW_LIST_ROUTES: Readonly<Record<SavedViewList, RouteBaseName>> = {
  purchases: 'admin_purchase_list',
  bookings: 'admin_car_booking_list',
  customers: 'admin_customer_list',
};

const value = z.union([z.string(), z.number()]);

/** The list's search params as a view stores them (empty values left out), or a ValidationError by field. */
export function checkViewFilters(list: SavedViewList, input: unknown): ViewFilters {
  const search = SEARCH[list];
  const given = z.record(z.string(), value).safeParse(input ?? {});
  if (!given.success) throw ValidationError.field('filters', 'is an object of names and values');
  const fields: Record<string, string[]> = {};
  const present = Object.entries(given.data).filter(([, v]) => v !== '');
  for (const [name] of present) {
    if (!(name in search.shape)) fields[`filters.${name}`] = ['is not a filter of this list'];
  }
  const parsed = search.parse(Object.fromEntries(present)) as Record<string, string | number | undefined>;
  for (const [name] of present) {
    if (name in search.shape && parsed[name] === undefined)
      fields[`filters.${name}`] = ['is not a valid value'];
  }
  if (Object.keys(fields).length > 0) throw new ValidationError('the filters are not valid', fields);
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
}

/** Whether the URL's search params are exactly the view's (the view shown now). */
export function sameFilters(
  view: ViewFilters,
  search: Readonly<Record<string, string | number | undefined>>,
): boolean {
  const set = Object.entries(search).filter(([, v]) => v !== undefined && v !== '');
  return (
    set.length === Object.keys(view).length && set.every(([name, v]) => String(view[name]) === String(v))
  );
}

/** A view's filters as its list's URL search, in the list's order (a value the list no longer knows dropped). */
export function viewSearch(list: SavedViewList, filters: ViewFilters): Record<string, string | number> {
  const parsed = SEARCH[list].parse(filters) as Record<string, string | number | undefined>;
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
}
