/**
 * How a catalogue search travels in a query string (`GET /api/catalogue/search?…`): one parameter per
 * field, lists repeated (`fuel=diesel&fuel=hybrid`), numbers in decimal, absent fields left out. The
 * server reads it back with {@link searchQueryFromParams} and validates it with `searchQuerySchema`.
 */
import type { SearchQueryInput } from '../../domain/catalogue/search.ts';

const LIST_FIELDS = ['fuel', 'gearbox', 'body', 'colour'] as const;
const NUMBER_FIELDS = [
  'priceMin',
  'priceMax',
  'mileageMax',
  'yearMin',
  'yearMax',
  'page',
  'pageSize',
] as const;
const TEXT_FIELDS = ['country', 'condition', 'brand', 'model', 'dealerId', 'city', 'text', 'sort'] as const;

/** Writes a search as URL parameters, in a stable order (so equal searches give equal URLs). */
export function searchQueryToParams(query: SearchQueryInput): URLSearchParams {
  const params = new URLSearchParams();
  const record = query as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value !== '') params.append(field, value);
  }
  for (const field of LIST_FIELDS) {
    const values = record[field];
    if (Array.isArray(values)) for (const value of values) params.append(field, String(value));
  }
  for (const field of NUMBER_FIELDS) {
    const value = record[field];
    if (typeof value === 'number' && Number.isFinite(value)) params.append(field, String(value));
  }
  return params;
}

/**
 * Reads URL parameters back into an unvalidated search: numbers parsed (a non-number stays a string so
 * the schema reports it), lists collected, unknown parameters ignored. Validate the result with
 * `searchQuerySchema`.
 */
export function searchQueryFromParams(params: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = params.get(field);
    if (value !== null) query[field] = value;
  }
  for (const field of LIST_FIELDS) {
    const values = params.getAll(field).flatMap((value) => value.split(','));
    if (values.length > 0) query[field] = values;
  }
  for (const field of NUMBER_FIELDS) {
    const value = params.get(field);
    if (value === null) continue;
    query[field] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return query;
}
