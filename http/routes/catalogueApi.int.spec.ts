import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carStream } from '../../domain/catalogue/car.ts';
import { FIXTURE_CARS as C } from '../../projections/search/contract/searchFixture.ts';
import { app } from '../app.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';

describe('catalogue JSON API', () => {
  let fixture: CatalogueFixtureDatabase;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase({
      extraEvents: (store) =>
        store.appendToStream(carStream(C.megane.carId), [
          {
            id: randomUUID(),
            type: 'CarPriceChanged',
            data: {
              carId: C.megane.carId,
              previous: C.megane.price,
              price: { amount: 2_590_000, currency: 'EUR' },
              source: { kind: 'staff' },
            },
          },
        ]),
    });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: fixture.catalogue,
    });
  });
  afterAll(async () => {
    await fastify?.close();
    await fixture?.close();
  });

  const get = (url: string) => fastify.inject({ method: 'GET', url });

  it('given facets in the query string, then the search answers cars and counts', async () => {
    const response = await get(
      '/api/catalogue/search?country=FR&brand=bmw&fuel=diesel,plug_in_hybrid&sort=price_asc',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.cars.map((c: { carId: string }) => c.carId)).toEqual([
      C.serie3.carId,
      C.x3.carId,
      C.x3Paris.carId,
    ]);
    expect(body.facets.brand).toEqual(expect.arrayContaining([{ value: 'renault', count: 1 }]));
  });

  it.each([
    ['an unknown country', '/api/catalogue/search?country=XX', 'country'],
    ['a model without brand', '/api/catalogue/search?country=FR&model=x3', 'model'],
    ['an unknown fuel', '/api/catalogue/search?country=FR&fuel=steam', 'fuel.0'],
    ['a page size over the limit', '/api/catalogue/search?country=FR&pageSize=500', 'pageSize'],
  ])('given %s, then 400 naming the field', async (_label, url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().fields)).toContain(field);
  });

  it('given a car, then its detail with the dealer and its price history from its events', async () => {
    const response = await get(`/api/catalogue/cars/${C.megane.carId}`);
    expect(response.statusCode).toBe(200);
    const car = response.json();
    expect(car).toMatchObject({
      carId: C.megane.carId,
      status: 'available',
      price: { amount: 2_590_000, currency: 'EUR' },
      dealer: { dealerId: '11', city: 'Lyon', lat: 45.76 },
    });
    expect(car.priceHistory.map((p: { price: { amount: number } }) => p.price.amount)).toEqual([
      2_790_000, 2_590_000,
    ]);
  });

  it('given an unknown or malformed car id, then 404 or 400', async () => {
    expect((await get('/api/catalogue/cars/999999')).statusCode).toBe(404);
    expect((await get('/api/catalogue/cars/abc')).statusCode).toBe(400);
  });

  it('given a country, then brands and models with their counts and names', async () => {
    const brands = (await get('/api/catalogue/brands?country=FR')).json();
    expect(brands[0]).toEqual({ brand: 'renault', name: 'Renault', count: 6 });
    const models = (await get('/api/catalogue/brands/bmw/models?country=FR&condition=used')).json();
    expect(models).toEqual([
      { model: 'x3', name: expect.any(String), count: 3 },
      { model: 'serie-3', name: expect.any(String), count: 1 },
    ]);
  });

  it('given dealers, then the list of a country and one dealer; unknown → 404', async () => {
    expect(
      (await get('/api/catalogue/dealers?country=FR')).json().map((d: { city: string }) => d.city),
    ).toEqual(['Lyon', 'Paris']);
    expect((await get('/api/catalogue/dealers/21')).json()).toMatchObject({ city: 'Berlin', country: 'DE' });
    expect((await get('/api/catalogue/dealers/99')).statusCode).toBe(404);
  });

  it('given a car, then its picture is an SVG drawn in its colour; unknown → 404', async () => {
    const response = await get(`/api/catalogue/cars/${C.x3.carId}/picture.svg?view=front`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body.startsWith('<svg')).toBe(true);
    expect((await get('/api/catalogue/cars/999999/picture.svg')).statusCode).toBe(404);
    expect((await get(`/api/catalogue/cars/${C.x3.carId}/picture.svg?view=top`)).statusCode).toBe(400);
  });
});
