/**
 * Event store and projection figures, on real PostgreSQL (DATABASE_URL, default the local server) and,
 * for comparison, on the embedded PGlite:
 *   eventstore.append.single   sequential one-event appends with an exact expected revision (events/s)
 *   eventstore.append.batch    100 events per append (events/s)
 *   projections.rebuild        rebuild of a simple read model (event_type_stats) over N events (events/s)
 *   subscription.lag.p95/p50   append → handler, while a second store instance appends 200 times/s (ms;
 *                              the subscriber is woken by LISTEN/NOTIFY, as across app instances)
 *   machine.roundtrip          `SELECT 1` round trips per second from node-pg (context: the client floor)
 *   machine.commit             durable one-row INSERT commits per second (context: the fsync ceiling that
 *                              bounds sequential single appends)
 * Options: --events <n> for the rebuild (default 1000000), --skip-pglite.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Knex } from 'knex';
import { createKnex, startEmbeddedPostgres } from '../engine/database/openDatabase.ts';
import type { EventData, EventStore } from '../engine/eventStore.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { eventTypeStats } from '../projections/eventTypeStats.ts';
import { rebuildProjection } from '../projections/rebuildProjection.ts';

const figure = (name: string, value: number, unit: string) =>
  console.log(`bench ${name} ${value.toFixed(1)} ${unit}`);
const event = (type: string, data: Record<string, string | number> = {}): EventData => ({
  id: randomUUID(),
  type,
  data,
});
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

interface Target {
  readonly label: string;
  readonly suffix: string;
  readonly url: string;
  readonly embedded: boolean;
  stop(): Promise<void>;
}

async function withSchema<T>(
  target: Target,
  poolSize: number,
  body: (knex: Knex, schema: string) => Promise<T>,
) {
  const knex = createKnex(target.url, poolSize, 'bench');
  const schema = `bench_${randomUUID().slice(0, 8)}`;
  try {
    await migrateToLatest(knex, { schema });
    return await body(knex, schema);
  } finally {
    await knex.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await knex.destroy();
  }
}

async function appendSingle(store: EventStore, count: number): Promise<number> {
  const stream = `car-${randomUUID()}`;
  let revision: bigint | 'no_stream' = 'no_stream';
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const result = await store.appendToStream(stream, [event('PriceChanged', { price: i })], {
      expectedRevision: revision,
    });
    revision = result.nextExpectedRevision;
  }
  return count / ((performance.now() - started) / 1000);
}

async function appendBatches(store: EventStore, batches: number, size: number, streams = 1): Promise<number> {
  const names = Array.from({ length: streams }, () => `car-${randomUUID()}`);
  const revisions = new Map<string, bigint | 'no_stream'>(names.map((n) => [n, 'no_stream']));
  const types = ['CarListed', 'PriceChanged', 'CarHeld', 'HoldReleased', 'CarSold'];
  const started = performance.now();
  for (let b = 0; b < batches; b++) {
    const stream = names[b % streams]!;
    const events = Array.from({ length: size }, (_, i) => event(types[(b + i) % types.length]!, { b, i }));
    const result = await store.appendToStream(stream, events, { expectedRevision: revisions.get(stream)! });
    revisions.set(stream, result.nextExpectedRevision);
  }
  return (batches * size) / ((performance.now() - started) / 1000);
}

/** What this machine allows at best: the client's round trip and a durable one-row commit. */
async function machineFigures(target: Target): Promise<void> {
  await withSchema(target, 1, async (knex, schema) => {
    await knex.raw(
      `CREATE TABLE "${schema}".probe (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v text)`,
    );
    const rate = async (n: number, query: () => Promise<unknown>) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) await query();
      return n / ((performance.now() - started) / 1000);
    };
    figure(`machine.roundtrip${target.suffix}`, await rate(3000, () => knex.raw('SELECT 1')), 'queries/s');
    figure(
      `machine.commit${target.suffix}`,
      await rate(3000, () => knex.raw(`INSERT INTO "${schema}".probe (v) VALUES (?)`, ['x'])),
      'commits/s',
    );
  });
}

async function engineFigures(target: Target, rebuildEvents: number, withLag: boolean): Promise<void> {
  console.error(`# ${target.label}`);
  await machineFigures(target);
  await withSchema(target, 10, async (knex, schema) => {
    const store = await createPostgresEventStore({ knex, schema });
    await appendSingle(store, 300); // warm-up
    figure(
      `eventstore.append.single${target.suffix}`,
      await appendSingle(store, target.embedded ? 3000 : 10_000),
      'events/s',
    );
    figure(`eventstore.append.batch${target.suffix}`, await appendBatches(store, 300, 100), 'events/s');
    await store.close();
  });

  await withSchema(target, 10, async (knex, schema) => {
    const store = await createPostgresEventStore({ knex, schema });
    console.error(`# writing ${rebuildEvents} events for the rebuild`);
    await appendBatches(store, Math.ceil(rebuildEvents / 1000), 1000, 1000);
    const started = performance.now();
    const result = await rebuildProjection({
      knex,
      store,
      schema,
      projection: eventTypeStats,
      batchSize: 2000,
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.events < rebuildEvents)
      throw new Error(`rebuild saw ${result.events} of ${rebuildEvents} events`);
    figure(`projections.rebuild${target.suffix}`, result.events / seconds, 'events/s');
    await store.close();
  });

  if (withLag) await lagFigures(target);
}

async function lagFigures(target: Target): Promise<void> {
  await withSchema(target, 10, async (knex, schema) => {
    const writerKnex = createKnex(target.url, 4, 'bench-writer');
    const writer = await createPostgresEventStore({ knex: writerKnex, schema });
    const reader = await createPostgresEventStore({ knex, schema, listenUrl: target.url });
    const lags: number[] = [];
    const total = 2000; // 10 s at 200 appends/s
    let received = 0;
    let finished!: () => void;
    const allReceived = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const subscription = reader.subscribeToAll(
      {
        onEvent(e) {
          lags.push(performance.now() - Number(e.data.sentAt));
          if (++received === total) finished();
        },
      },
      { fromPosition: 'end', filter: { eventTypePrefixes: ['Lag'] } },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + i * 5; // 200 appends per second
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await writer.appendToStream(`lag-${i % 50}`, [event('LagProbe', { sentAt: performance.now() })]);
    }
    await allReceived;
    await subscription.stop();
    lags.sort((a, b) => a - b);
    figure(`subscription.lag.p50${target.suffix}`, percentile(lags, 0.5), 'ms');
    figure(`subscription.lag.p95${target.suffix}`, percentile(lags, 0.95), 'ms');
    await reader.close();
    await writer.close();
    await writerKnex.destroy();
  });
}

export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const rebuildEvents = Number(option('events') ?? 1_000_000);
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  await engineFigures(
    {
      label: `PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}`,
      suffix: '',
      url,
      embedded: false,
      stop: async () => {},
    },
    rebuildEvents,
    true,
  );
  if (args.includes('--skip-pglite')) return;
  const dir = `./var/bench-pglite-${randomUUID().slice(0, 8)}`;
  const embedded = await startEmbeddedPostgres(dir, 24);
  try {
    await engineFigures(
      {
        label: `PGlite (file-backed, ${dir})`,
        suffix: '.pglite',
        url: embedded.url,
        embedded: true,
        stop: embedded.stop,
      },
      rebuildEvents,
      false,
    );
  } finally {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
