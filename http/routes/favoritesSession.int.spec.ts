import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { FIXTURE_CARS as C } from '../../projections/search/contract/searchFixture.ts';
import { app } from '../app.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';

/** The whole app: favorites kept by a real session (cookie + Postgres store), guarded by CSRF. */
describe('favorites through the session', () => {
  let fixture: CatalogueFixtureDatabase;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: fixture.catalogue,
      storefront: { queries: fixture.storefront, store },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
      },
    });
  });
  afterAll(async () => {
    await fastify?.close();
    await fixture?.close();
  });

  const cookieOf = (response: { headers: Record<string, unknown> }) => {
    const set = response.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    return String(first ?? '').split(';')[0]!;
  };

  it('a visitor gets a token, favorites a car, and only that browser sees it', async () => {
    const csrf = await fastify.inject({ method: 'GET', url: '/api/csrf' });
    const cookie = cookieOf(csrf);
    const token = csrf.json().token as string;
    expect(cookie).toMatch(/^sid=/);

    const added = await fastify.inject({
      method: 'POST',
      url: `/fr/ajax/add-car-to-favorite/${C.x3.carId}`,
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ favorite: true, count: 1 });

    const mine = await fastify.inject({ method: 'GET', url: '/api/favorites', headers: { cookie } });
    expect(mine.json().cars.map((c: { carId: string }) => c.carId)).toEqual([C.x3.carId]);
    const someoneElse = await fastify.inject({ method: 'GET', url: '/api/favorites' });
    expect(someoneElse.json()).toEqual({ cars: [] });
  });

  it('the SPEC’s GET add-car-to-favorite wants the token too; POST lookups do not', async () => {
    const forged = await fastify.inject({ method: 'GET', url: `/fr/ajax/add-car-to-favorite/${C.x3.carId}` });
    expect(forged.statusCode).toBe(403);
    const lookup = await fastify.inject({
      method: 'POST',
      url: '/fr/ajax/getDealer',
      payload: { idApi: '11' },
    });
    expect(lookup.statusCode).toBe(200);
  });

  it('given favorites, when delete-all-favorites is asked by GET, nothing changes; a POST without the token is refused; with it, all go', async () => {
    const csrf = await fastify.inject({ method: 'GET', url: '/api/csrf' });
    const cookie = cookieOf(csrf);
    const token = csrf.json().token as string;
    for (const car of [C.x3, C.x3Paris]) {
      const added = await fastify.inject({
        method: 'POST',
        url: `/fr/ajax/add-car-to-favorite/${car.carId}`,
        headers: { cookie, 'x-csrf-token': token },
      });
      expect(added.statusCode).toBe(200);
    }
    const count = async () =>
      (await fastify.inject({ method: 'GET', url: '/api/favorites', headers: { cookie } })).json().cars
        .length;
    const asked = await fastify.inject({
      method: 'GET',
      url: '/fr/ajax/delete-all-favorites',
      headers: { cookie },
    });
    expect(asked.json()).toEqual({ count: 2, removed: 0 });
    expect(await count()).toBe(2);

    const forged = await fastify.inject({
      method: 'POST',
      url: '/fr/ajax/delete-all-favorites',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_back=%2Ffr%2Fmon-compte%2Ffavoris',
    });
    expect(forged.statusCode).toBe(403);
    expect(await count()).toBe(2);

    // The favorites page's form, without JavaScript: 303 back to the page.
    const cleared = await fastify.inject({
      method: 'POST',
      url: '/fr/ajax/delete-all-favorites',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: token, _back: '/fr/mon-compte/favoris' }).toString(),
    });
    expect(cleared.statusCode).toBe(303);
    expect(cleared.headers.location).toBe('/fr/mon-compte/favoris');
    expect(await count()).toBe(0);
    const again = await fastify.inject({
      method: 'POST',
      url: '/de/ajax/delete-all-favorites',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(again.json()).toEqual({ count: 0, removed: 0 });
  });
});
