import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../engine/eventStore.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../engine/testing/testDatabase.ts';
import { createProjectionRunner } from '../projections/createProjectionRunner.ts';
import { defineProjection } from '../projections/defineProjection.ts';
import { eventTypeStats } from '../projections/eventTypeStats.ts';
import { app } from './app.ts';
import { checkReadiness } from './readiness.ts';

const failing = defineProjection({
  name: 'always_failing',
  version: 1,
  eventTypes: ['Poison'],
  tables: { always_failing: (t) => t.text('x') },
  async handle() {
    throw new Error('cannot project Poison');
  },
});

describe('/healthz and /readyz', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  const server = async (projections: Parameters<typeof checkReadiness>[0]['projections'], maxLag = 0) => {
    const fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: () => checkReadiness({ knex: db.knex, store, schema: db.schema, projections, maxLag }),
    });
    return fastify;
  };

  it('given the process is up, then /healthz is 200', async () => {
    const fastify = await server([]);
    expect((await fastify.inject('/healthz')).json()).toEqual({ status: 'ok' });
    await fastify.close();
  });

  it('given projections behind, then 503; caught up, then 200', async () => {
    await store.appendToStream(`car-${randomUUID()}`, [{ id: randomUUID(), type: 'CarListed', data: {} }]);
    const fastify = await server([eventTypeStats]);
    const behind = await fastify.inject('/readyz');
    expect(behind.statusCode).toBe(503);
    expect(behind.json().projections).toEqual([{ name: 'event_type_stats', status: 'missing', lag: 1 }]);

    const runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [eventTypeStats],
    });
    await runner.start();
    await runner.caughtUp();
    const ready = await fastify.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      ready: true,
      database: 'ok',
      projections: [{ name: 'event_type_stats', status: 'live', lag: 0 }],
    });
    await runner.stop();
    await fastify.close();
  });

  it('given a failed projection, then 503 naming it', async () => {
    await store.appendToStream(`poison-${randomUUID()}`, [{ id: randomUUID(), type: 'Poison', data: {} }]);
    const runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [failing],
    });
    await runner.start();
    await expect(runner.caughtUp()).rejects.toThrow(/cannot project Poison/);
    const fastify = await server([failing], 10);
    const response = await fastify.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json().projections).toEqual([{ name: 'always_failing', status: 'failed', lag: 1 }]);
    await runner.stop();
    await fastify.close();
  });
});
