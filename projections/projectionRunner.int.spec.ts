/**
 * The projection runner on a real database (DATABASE_URL, or the embedded PGlite): exactly-once
 * effect, rebuild equivalence, failure isolation and generation switch-over.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKnex } from '../engine/database/openDatabase.ts';
import type { EventStore, RecordedEvent } from '../engine/eventStore.ts';
import { START } from '../engine/eventStore.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase, unavailableReason } from '../engine/testing/testDatabase.ts';
import { createProjectionRunner } from './createProjectionRunner.ts';
import { defineProjection, type Projection } from './defineProjection.ts';
import { eventTypeStats } from './eventTypeStats.ts';
import { projectionStatus } from './projectionStatus.ts';
import { projectionStore } from './projectionStore.ts';
import { rebuildProjection } from './rebuildProjection.ts';
import { runGeneration } from './runGeneration.ts';

/** Counts events per stream; `seen` has the event id as primary key, so a double write would throw. */
const countsProjection = (options: { version?: number; failOn?: (e: RecordedEvent) => boolean } = {}) =>
  defineProjection({
    name: 'stream_counts',
    version: options.version ?? 1,
    eventTypes: ['Counted'],
    tables: {
      stream_counts: (t) => {
        t.text('stream').primary();
        t.integer('n').notNullable();
      },
      stream_counts_seen: (t) => {
        t.uuid('event_id').primary();
      },
    },
    async handle(events, { trx, table }) {
      for (const e of events) {
        await trx.raw(`INSERT INTO ${table('stream_counts_seen')} (event_id) VALUES (?)`, [e.id]);
        await trx.raw(
          `INSERT INTO ${table('stream_counts')} (stream, n) VALUES (?, 1)
           ON CONFLICT (stream) DO UPDATE SET n = ${table('stream_counts')}.n + 1`,
          [e.streamName],
        );
        // Fails after writing: a crash between the write and the commit.
        if (options.failOn?.(e)) throw new Error(`crash on ${e.data.n}`);
      }
    },
  });

const counted = (n: number) => ({ id: randomUUID(), type: 'Counted', data: { n } });
const ignored = () => ({ id: randomUUID(), type: 'Ignored', data: {} });

const noPostgres = unavailableReason('postgres');
if (noPostgres) console.log(`[skip] projection ownership across instances: ${noPostgres}`);

describe('projection runner', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeEach(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
  });
  afterEach(async () => {
    await store.close();
    await db.close();
  });

  const runner = (projections: Projection[]) =>
    createProjectionRunner({ knex: db.knex, store, schema: db.schema, projections, batchSize: 7 });
  const readModel = async () =>
    (await db.knex.withSchema(db.schema).select('stream', 'n').from('stream_counts').orderBy('stream')) as {
      stream: string;
      n: number;
    }[];
  const appendMany = async (streams: number, perStream: number) => {
    for (let s = 0; s < streams; s++) {
      await store.appendToStream(`car-${s}`, [
        ...Array.from({ length: perStream }, (_, i) => counted(i)),
        ignored(),
      ]);
    }
  };

  it('given a projection that prepares its reads, then each batch gets them before its transaction', async () => {
    const lengths = defineProjection({
      name: 'stream_lengths',
      version: 1,
      eventTypes: ['Counted'],
      tables: {
        stream_lengths: (t) => {
          t.text('stream').primary();
          t.integer('length').notNullable();
        },
      },
      // Reads the event store on its own connection: before the batch's transaction opens.
      async prepare(events) {
        const streams = [...new Set(events.map((e) => e.streamName))];
        return new Map(
          await Promise.all(streams.map(async (s) => [s, (await store.readStream(s)).length] as const)),
        );
      },
      async handle(events, { trx, table, prepared }) {
        for (const [stream, length] of prepared as Map<string, number>) {
          await trx.raw(
            `INSERT INTO ${table('stream_lengths')} (stream, length) VALUES (?, ?)
             ON CONFLICT (stream) DO UPDATE SET length = EXCLUDED.length`,
            [stream, length],
          );
        }
        expect(events.length).toBeGreaterThan(0);
      },
    });
    await appendMany(3, 2);
    const running = runner([lengths]);
    await running.start();
    await running.caughtUp();
    await running.stop();
    const rows = await db.knex.withSchema(db.schema).select('stream', 'length').from('stream_lengths');
    expect(rows.sort((a, b) => a.stream.localeCompare(b.stream))).toEqual(
      [0, 1, 2].map((s) => ({ stream: `car-${s}`, length: 3 })),
    );
  });

  it('given events appended while running, then a rebuild from zero gives the same read model', async () => {
    const projection = countsProjection();
    const running = runner([projection, eventTypeStats]);
    await appendMany(5, 3);
    await running.start();
    await appendMany(5, 4);
    await running.caughtUp();
    const incremental = await readModel();
    expect(incremental).toEqual([0, 1, 2, 3, 4].map((s) => ({ stream: `car-${s}`, n: 7 })));
    await running.stop();

    const result = await rebuildProjection({
      knex: db.knex,
      store,
      schema: db.schema,
      projection,
      batchSize: 4,
    });
    expect(result).toMatchObject({ generation: 2, switched: true, events: 35 });
    expect(await readModel()).toEqual(incremental);
    const stats = await db.knex
      .withSchema(db.schema)
      .from('event_type_stats')
      .sum({ total: 'events' })
      .first();
    expect(Number(stats?.total)).toBe(45); // 35 Counted + 10 Ignored
  });

  it('given appends racing the start, then the projections sharing the read each get every event once', async () => {
    const projection = countsProjection();
    await appendMany(3, 2);
    const running = runner([projection, eventTypeStats]);
    // Four writers append while both projections catch up alone and join the shared read.
    const writers = Promise.all(
      [0, 1, 2, 3].map(async (w) => {
        for (let i = 0; i < 10; i++) await store.appendToStream(`car-w${w}`, [counted(i), ignored()]);
      }),
    );
    await running.start();
    await writers;
    await running.caughtUp();
    await running.stop();
    const counts = await readModel();
    expect(counts.reduce((sum, r) => sum + r.n, 0)).toBe(3 * 2 + 4 * 10);
    expect(counts.filter((r) => r.stream.startsWith('car-w')).map((r) => r.n)).toEqual([10, 10, 10, 10]);
    const stats = await db.knex
      .withSchema(db.schema)
      .from('event_type_stats')
      .sum({ total: 'events' })
      .first();
    expect(Number(stats?.total)).toBe(3 * 3 + 4 * 20);
  });

  it('given a handler that crashes after writing, then nothing is committed, the status shows the failure, and a retry counts each event once', async () => {
    let crash = true;
    const flaky = countsProjection({ failOn: (e) => crash && e.data.n === 2 });
    await appendMany(3, 4);
    const first = runner([flaky, eventTypeStats]);
    await first.start();
    await expect(first.caughtUp()).rejects.toThrow(/stream_counts failed: .*Error: crash on 2/);

    const [status] = await projectionStatus({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [flaky],
    });
    expect(status).toMatchObject({
      name: 'stream_counts',
      status: 'failed',
      position: '-1/-1',
      processed: 0,
      lag: 12,
    });
    expect(status?.errorEvent).toMatch(/^car-0@\d+ \(Counted\)$/);
    expect(await readModel()).toEqual([]); // the batch's writes rolled back with it
    // The other projection went on (it may still be catching up when the first one fails).
    try {
      await expect
        .poll(
          async () =>
            (
              await projectionStatus({
                knex: db.knex,
                store,
                schema: db.schema,
                projections: [eventTypeStats],
              })
            )[0],
          { timeout: 10_000 },
        )
        .toMatchObject({ status: 'live', lag: 0, processed: 15 });
    } finally {
      await first.stop();
    }

    crash = false;
    const second = runner([flaky]);
    await second.start();
    await second.caughtUp();
    expect(await readModel()).toEqual([0, 1, 2].map((s) => ({ stream: `car-${s}`, n: 4 })));
    await second.stop();
  });

  it('given the event store failing for a moment, then the projection retries and nothing is lost or doubled', async () => {
    await appendMany(3, 3);
    let failuresLeft = 2;
    const lost = () => new Error('connection reset by peer');
    // The real store, except that its first two reads of the log break as a lost connection would.
    const flakyStore: EventStore = {
      ...store,
      readAll: (options) => (failuresLeft-- > 0 ? Promise.reject(lost()) : store.readAll(options)),
      subscribeToAll: (handler, options) => {
        if (failuresLeft-- <= 0) return store.subscribeToAll(handler, options);
        const done = Promise.reject(lost());
        done.catch(() => {});
        return { done, stop: async () => {} };
      },
    };
    const running = createProjectionRunner({
      knex: db.knex,
      store: flakyStore,
      schema: db.schema,
      projections: [countsProjection()],
    });
    try {
      await running.start();
      await expect.poll(() => failuresLeft, { timeout: 10_000 }).toBeLessThan(0);
      await running.caughtUp();
    } finally {
      await running.stop();
    }
    expect(failuresLeft).toBeLessThan(0);
    expect(await readModel()).toEqual([0, 1, 2].map((s) => ({ stream: `car-${s}`, n: 3 })));
    const [status] = await projectionStatus({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [countsProjection()],
    });
    expect(status).toMatchObject({ status: 'live', error: null, lag: 0 });
  });

  it('given two processors of the same generation, then the checkpoint compare-and-set lets each event through once', async () => {
    const projection = countsProjection();
    const projections = projectionStore(db.knex, db.schema);
    const generation = await projections.createGeneration(projection);
    await projections.switchLive(projection, generation);
    await appendMany(4, 25);
    const options = {
      knex: db.knex,
      store,
      schema: db.schema,
      projection,
      generation,
      from: START,
      batchSize: 5,
    };
    const a = runGeneration(options);
    const b = runGeneration(options);
    // One of them loses a compare-and-set and stops rather than write a batch twice.
    const lost = await Promise.race([a.done, b.done]).then(
      () => 'stopped',
      (error: unknown) => String(error),
    );
    expect(lost).toMatch(/checkpoint moved/);
    await expect
      .poll(async () => (await readModel()).reduce((sum, r) => sum + r.n, 0), { timeout: 10_000 })
      .toBe(100);
    await a.stop();
    await b.stop();
    expect(await readModel()).toEqual([0, 1, 2, 3].map((s) => ({ stream: `car-${s}`, n: 25 })));
  });

  it('given a new projection version, then the runner rebuilds beside the live one and switches over', async () => {
    await appendMany(2, 3);
    const v1 = runner([countsProjection({ version: 1 })]);
    await v1.start();
    await v1.caughtUp();
    await v1.stop();

    const v2 = runner([countsProjection({ version: 2 })]);
    await v2.start();
    const projections = projectionStore(db.knex, db.schema);
    await expect
      .poll(async () => (await projections.live('stream_counts'))?.version, { timeout: 10_000 })
      .toBe(2);
    await v2.caughtUp();
    await appendMany(2, 1);
    await v2.caughtUp();
    expect(await readModel()).toEqual([0, 1].map((s) => ({ stream: `car-${s}`, n: 4 })));
    expect((await projections.live('stream_counts'))?.generation).toBe(2);
    await v2.stop();
  });

  it('given a stop right after start, while generations are being set up, then it stops promptly', async () => {
    await appendMany(1, 1);
    for (let i = 0; i < 5; i++) {
      const running = runner([countsProjection(), eventTypeStats]);
      await running.start();
      await new Promise((resolve) => setTimeout(resolve, i * 3));
      const stopped = await Promise.race([
        running.stop().then(() => 'stopped'),
        new Promise((resolve) => setTimeout(() => resolve('hung'), 5000)),
      ]);
      expect(stopped).toBe('stopped');
    }
  });

  it.skipIf(noPostgres)(
    'given two app instances on PostgreSQL, then one owns each projection and the other takes over when it stops',
    async () => {
      const other = createKnex(db.url, 4, 'second-instance');
      const options = { store, schema: db.schema, projections: [countsProjection()], ownershipRetryMs: 50 };
      const a = createProjectionRunner({ ...options, knex: db.knex });
      const b = createProjectionRunner({ ...options, knex: other });
      try {
        await a.start();
        await expect.poll(() => a.owned()).toEqual(['stream_counts']);
        await b.start();
        await appendMany(2, 2);
        await a.caughtUp();
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(b.owned()).toEqual([]);

        await a.stop();
        await expect.poll(() => b.owned(), { timeout: 5000 }).toEqual(['stream_counts']);
        await appendMany(2, 1);
        await b.caughtUp();
        expect(await readModel()).toEqual([0, 1].map((s) => ({ stream: `car-${s}`, n: 3 })));
      } finally {
        await a.stop();
        await b.stop();
        await other.destroy();
      }
    },
  );
});
