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
 *   eventstore.append.concurrent   32 writers on 32 connections, one-event appends, each writer to its own
 *                              stream (events/s; the store as the app runs it, with a LISTEN connection)
 *   machine.commit.concurrent  the same 32 connections doing bare durable one-row INSERTs (commits/s: the
 *                              ceiling PostgreSQL's group commit gives this machine), measured right beside
 *                              it, alternating with the appends (PostgreSQL only: PGlite is one session)
 * Options: --events <n> for the rebuild (default 1000000), --skip-pglite, --only <list> of figure groups
 * (machine, append, rebuild, concurrent, lag; all by default), --seconds <s> per concurrent round (5).
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

/** Runs `op` on `writers` loops at once for `seconds`; answers the operations per second. */
async function concurrentRate(
  writers: number,
  seconds: number,
  op: (writer: number) => Promise<unknown>,
): Promise<number> {
  let count = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < deadline) {
        await op(writer);
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/**
 * 32 writers, one-event appends to distinct streams, against the ceiling of the same 32 connections
 * committing bare one-row INSERTs. Two rounds of each, alternating (commit, append, commit, append),
 * after a warm-up; each figure is the mean of its two rounds.
 */
async function concurrentFigures(target: Target, seconds: number): Promise<void> {
  const writers = 32;
  await withSchema(target, writers, async (knex, schema) => {
    await knex.raw(
      `CREATE TABLE "${schema}".probe (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v text)`,
    );
    const store = await createPostgresEventStore({ knex, schema, listenUrl: target.url });
    const streams = Array.from({ length: writers }, () => `car-${randomUUID()}`);
    const revisions: (bigint | 'no_stream')[] = streams.map(() => 'no_stream');
    const commit = () => knex.raw(`INSERT INTO "${schema}".probe (v) VALUES (?)`, ['x']);
    const append = async (writer: number) => {
      const result = await store.appendToStream(streams[writer]!, [event('PriceChanged', { writer })], {
        expectedRevision: revisions[writer]!,
      });
      revisions[writer] = result.nextExpectedRevision;
    };
    await concurrentRate(writers, 1, commit); // warm-up: opens the 32 connections
    await concurrentRate(writers, 1, append);
    const commits: number[] = [];
    const appends: number[] = [];
    for (let round = 0; round < 2; round++) {
      commits.push(await concurrentRate(writers, seconds, commit));
      appends.push(await concurrentRate(writers, seconds, append));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.error(
      `# concurrent rounds: commits/s ${commits.map((v) => v.toFixed(0)).join(', ')}; ` +
        `appends/s ${appends.map((v) => v.toFixed(0)).join(', ')}; ratio ${(mean(appends) / mean(commits)).toFixed(2)}`,
    );
    figure(`eventstore.append.concurrent${target.suffix}`, mean(appends), 'events/s');
    figure(`machine.commit.concurrent${target.suffix}`, mean(commits), 'commits/s');
    await store.close();
  });
}

interface Groups {
  has(group: 'machine' | 'append' | 'rebuild' | 'concurrent' | 'lag'): boolean;
}

async function engineFigures(
  target: Target,
  rebuildEvents: number,
  groups: Groups,
  seconds: number,
): Promise<void> {
  console.error(`# ${target.label}`);
  if (groups.has('machine')) await machineFigures(target);
  if (groups.has('append')) await appendFigures(target);
  if (groups.has('rebuild')) await rebuildFigures(target, rebuildEvents);
  if (groups.has('concurrent') && !target.embedded) await concurrentFigures(target, seconds);
  if (groups.has('lag') && !target.embedded) await lagFigures(target);
}

async function appendFigures(target: Target): Promise<void> {
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
}

async function rebuildFigures(target: Target, rebuildEvents: number): Promise<void> {
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
  const seconds = Number(option('seconds') ?? 5);
  const groups: Groups = new Set(
    option('only')?.split(',') ?? ['machine', 'append', 'rebuild', 'concurrent', 'lag'],
  );
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
    groups,
    seconds,
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
      groups,
      seconds,
    );
  } finally {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
