/** A search travels in the query string and back unchanged (the contract with GET /api/catalogue/search). */
import { describe, expect, it } from 'vitest';
import { type SearchQueryInput, searchQuerySchema } from '../../domain/catalogue/search.ts';
import { searchQueryFromParams, searchQueryToParams } from './searchQueryParams.ts';

describe('search query parameters', () => {
  it('writes fields in a stable order, lists repeated, absent fields left out', () => {
    const params = searchQueryToParams({
      country: 'DE',
      condition: 'used',
      brand: 'bmw',
      fuel: ['diesel', 'hybrid'],
      priceMax: 30_000,
      sort: 'price_asc',
      page: 2,
    });
    expect(params.toString()).toBe(
      'country=DE&condition=used&brand=bmw&sort=price_asc&fuel=diesel&fuel=hybrid&priceMax=30000&page=2',
    );
  });

  it('reads them back into the same search, valid for the domain schema', () => {
    const query: SearchQueryInput = {
      country: 'FR',
      brand: 'peugeot',
      model: '3008',
      body: ['suv'],
      colour: ['black', 'grey'],
      mileageMax: 50_000,
      yearMin: 2020,
      sort: 'newest',
      page: 1,
      pageSize: 24,
    };
    const read = searchQueryFromParams(searchQueryToParams(query));
    expect(searchQuerySchema.parse(read)).toEqual(query);
  });

  it('accepts comma-separated lists and leaves a non-number for the schema to refuse', () => {
    const read = searchQueryFromParams(new URLSearchParams('country=PL&fuel=petrol,lpg&page=x'));
    expect(read).toEqual({ country: 'PL', fuel: ['petrol', 'lpg'], page: 'x' });
    expect(searchQuerySchema.safeParse(read).success).toBe(false);
  });
});
