import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../../projections/catalogue/catalogueProjection.ts';
import { catalogueQueries } from '../../projections/catalogue/catalogueQueries.ts';
import { storefrontQueries } from '../../projections/catalogue/storefrontQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { FIXTURE_CARS as C, FIXTURE_DEALERS } from '../../projections/search/contract/searchFixture.ts';
import { createPostgresCatalogueSearch } from '../../projections/search/postgres/createPostgresCatalogueSearch.ts';
import { app } from '../app.ts';

/** The whole app: favorites kept by a real session (cookie + Postgres store), guarded by CSRF. */
describe('favorites through the session', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [catalogueProjection],
    });
    await runner.start();
    await seedCatalogue(store, { dealers: FIXTURE_DEALERS, cars: Object.values(C) });
    await runner.caughtUp();
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: {
        search: createPostgresCatalogueSearch({ knex: db.knex, schema: db.schema }),
        queries: catalogueQueries({ knex: db.knex, store, schema: db.schema }),
      },
      storefront: { queries: storefrontQueries({ knex: db.knex, schema: db.schema }), store },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
      },
    });
  });
  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
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
});
