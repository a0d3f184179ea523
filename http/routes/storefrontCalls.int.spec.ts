import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carStream } from '../../domain/catalogue/car.ts';
import { MAX_FAVORITES } from '../../domain/favorites/decide.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { FIXTURE_CARS as C } from '../../projections/search/contract/searchFixture.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { favoritesCalls } from './favoritesCalls.ts';
import { storefrontCalls } from './storefrontCalls.ts';

describe('storefront calls (SPEC §7)', () => {
  let fixture: CatalogueFixtureDatabase;
  let store: EventStore;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase({
      extraEvents: (s) =>
        s.appendToStream(carStream(C.sold.carId), [
          { id: randomUUID(), type: 'CarSold', data: { carId: C.sold.carId, price: C.sold.price } },
        ]),
    });
    store = fixture.store;
    const storefront = fixture.storefront;
    fastify = Fastify({ logger: false });
    await fastify.register(zodTypeProvider);
    await fastify.register(errorHandler);
    await fastify.register(storefrontCalls, { queries: fixture.catalogue.queries, storefront });
    // The session plugin is wired in app.ts; here a header stands for the session's visitor id.
    await fastify.register(favoritesCalls, {
      store,
      storefront,
      newId: randomUUID,
      owner: (request, create) => {
        const id = request.headers['x-visitor'];
        return typeof id === 'string'
          ? { kind: 'visitor', id }
          : create
            ? { kind: 'visitor', id: 'anon' }
            : undefined;
      },
      csrf: async (request, reply) => {
        if (request.headers['x-csrf-token'] !== 'good') await reply.code(403).send({ error: 'csrf' });
      },
    });
  });
  afterAll(async () => {
    await fastify?.close();
    await fixture?.close();
  });

  const get = (url: string, headers = {}) => fastify.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers = {}) =>
    fastify.inject({ method: 'POST', url, payload, headers });

  it('get-is-car-booked tells an available car from a sold one, and 404s an unknown car', async () => {
    expect((await get(`/fr/ajax/get-is-car-booked/${C.x3.carId}`)).json()).toEqual({
      idApi: C.x3.carId,
      booked: false,
      available: true,
      status: 'available',
    });
    expect((await get(`/de/ajax/get-is-car-booked/${C.sold.carId}`)).json()).toMatchObject({
      available: false,
      status: 'sold',
    });
    expect((await get('/fr/ajax/get-is-car-booked/999999')).statusCode).toBe(404);
    expect((await get('/fr/ajax/get-is-car-booked/abc')).statusCode).toBe(400); // idApi is digits
  });

  it('models-by-brand counts the models for sale in the locale’s country; bad or unknown brands are 400/404', async () => {
    const fr = (await get('/fr/ajax/models-by-brand?brand=bmw')).json();
    expect(fr).toEqual([
      { model: 'x3', count: 2, name: 'X3' },
      { model: 'serie-3', count: 1, name: expect.any(String) },
    ]);
    expect((await get('/de/ajax/models-by-brand?brand=bmw')).json()).toEqual([
      { model: 'x3', count: 1, name: 'X3' },
    ]);
    expect((await get('/fr/ajax/models-by-brand?brand=BMW!')).statusCode).toBe(400);
    expect((await get('/fr/ajax/models-by-brand?brand=trabant')).statusCode).toBe(404);
  });

  it('getDealer answers the dealer with its localised page URL; getDealersByBrandNotEmpty only dealers with stock', async () => {
    const dealer = await post('/de/ajax/getDealer', { idApi: '21' });
    expect(dealer.statusCode).toBe(200);
    expect(dealer.json()).toMatchObject({
      dealerId: '21',
      city: 'Berlin',
      url: expect.stringMatching(/^\/de\/standorte\/.+-21$/),
    });
    expect((await post('/fr/ajax/getDealer', { idApi: '404' })).statusCode).toBe(404);
    expect((await post('/fr/ajax/getDealer', { idApi: 'x' })).statusCode).toBe(400);
    const tesla = (await post('/fr/ajax/getDealersByBrandNotEmpty', { brand: 'tesla' })).json();
    expect(tesla.map((d: { dealerId: string; count: number }) => [d.dealerId, d.count])).toEqual([
      ['11', 1],
      ['12', 1],
    ]);
  });

  it('forms/ajax answers every model of a brand, the market’s dealers (by hub) and hubs', async () => {
    const models = (await post('/fr/forms/ajax/getModels', { brand: 'tesla' })).json();
    expect(models.map((m: { model: string }) => m.model)).toContain('model-3');
    const dealers = (await post('/fr/forms/ajax/getDealers', { nameHub: 'ile-de-france' })).json();
    expect(dealers).toEqual([
      { idApi: '12', name: expect.any(String), city: 'Paris', nameHub: 'ile-de-france' },
    ]);
    expect((await post('/fr/forms/ajax/getDealers', {})).json()).toHaveLength(2);
    const hubs = (await post('/de/forms/ajax/getHubs', {})).json();
    expect(hubs).toEqual([{ nameHub: 'berlin', dealers: 1, url: '/de/standorte/berlin' }]);
  });

  it('images-homepage shows the newest cars of the market, with pictures and links', async () => {
    const images = (await get('/de/ajax/images-homepage')).json();
    expect(images.map((i: { carId: string }) => i.carId).sort()).toEqual(
      [C.berlinClio.carId, C.berlinX3.carId].sort(),
    );
    expect(images[0]).toMatchObject({
      src: expect.stringContaining('/picture.svg'),
      href: expect.stringMatching(/^\/de\/kaufen\/auto-/),
    });
  });

  describe('favorites', () => {
    const visitor = () => ({ 'x-visitor': randomUUID(), 'x-csrf-token': 'good' });

    it('adds a car once however often it is asked, reads it back, and removes it', async () => {
      const who = visitor();
      for (let i = 0; i < 3; i++) {
        const added = await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, who);
        expect(added.statusCode).toBe(200);
        expect(added.json()).toMatchObject({ favorite: true, count: 1 });
      }
      await post(`/fr/ajax/add-car-to-favorite/${C.megane.carId}`, {}, who);
      expect((await get(`/fr/ajax/favorite/${C.x3.carId}`, who)).json()).toEqual({
        id: C.x3.carId,
        favorite: true,
      });
      const list = (await get('/api/favorites', who)).json();
      expect(list.cars.map((c: { carId: string }) => c.carId)).toEqual([C.megane.carId, C.x3.carId]);
      const removed = await fastify.inject({
        method: 'DELETE',
        url: `/fr/ajax/favorite/${C.x3.carId}`,
        headers: who,
      });
      expect(removed.json()).toMatchObject({ favorite: false, count: 1 });
      expect((await get(`/fr/ajax/favorite/${C.x3.carId}`, who)).json().favorite).toBe(false);
    });

    it('keeps each visitor’s favorites apart, and a visitor without any sees an empty list', async () => {
      const a = visitor();
      await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, a);
      expect((await get('/api/favorites', visitor())).json()).toEqual({ cars: [] });
      expect((await get('/api/favorites')).json()).toEqual({ cars: [] });
    });

    it('refuses without the CSRF token, 404s an unknown car, 409s past the maximum', async () => {
      const who = visitor();
      const noToken = await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, {
        'x-visitor': who['x-visitor'],
      });
      expect(noToken.statusCode).toBe(403);
      expect((await get('/api/favorites', who)).json().cars).toEqual([]);
      expect((await get('/fr/ajax/add-car-to-favorite/999999', who)).statusCode).toBe(404);
      const stream = `favorites-visitor-${who['x-visitor']}`;
      await store.appendToStream(
        stream,
        Array.from({ length: MAX_FAVORITES }, (_, i) => ({
          id: randomUUID(),
          type: 'CarFavorited',
          data: { carId: String(10_000 + i) },
        })),
      );
      const full = await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, who);
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toContain(String(MAX_FAVORITES));
    });
  });
});
