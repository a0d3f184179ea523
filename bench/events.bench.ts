/**
 * The event log's Parquet export (projections/analytics/README.md "Parquet export") on real PostgreSQL
 * (DATABASE_URL, default the local server's `test` database), in a fresh database holding ~1,000,000
 * funnel-like events (purchases of ten steps, an actor, a machine, correlation and causation, recorded
 * over 30 days) inserted straight into the events table in the store's shape:
 *   events.readAll   `$all` read through the port alone, 10,000 a read (events/s; context)
 *   events.parquet   a first export of everything into an empty directory (events/s)
 *   events.parquet.per-cpu-second  the same events per second of the exporting process's CPU (reading
 *                    and parsing rows, encoding, compressing; user + system): what one free core would
 *                    give when PostgreSQL keeps up, on a machine shared with other work (events/s)
 *   events.parquet.incremental  the run after it, with nothing new (ms)
 *   events.parquet.rss  the process's peak RSS during the export (MB)
 * Options: --events <n> (1000000), --keep (the database), --dir <path> (kept; a temporary one otherwise).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createKnex } from '../engine/database/openDatabase.ts';
import { comparePositions, START } from '../engine/eventStore.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { exportEventsToParquet } from '../projections/analytics/parquetExport.ts';
import { seedUrl } from './catalogue/seedBenchCatalogue.ts';

const figure = (name: string, value: number, unit: string) =>
  console.log(`bench ${name} ${value.toFixed(1)} ${unit}`);
const seconds = (since: number) => (performance.now() - since) / 1000;

const STEPS = [
  'PurchaseStarted',
  'InfosSubmitted',
  'DeliveryChosen',
  'TradeInSkipped',
  'InsuranceChosen',
  'ExtrasChosen',
  'FundingChosen',
  'AdvancePaymentRequested',
  'AdvancePaid',
  'PurchaseConfirmed',
];
const CHUNK = 100_000;

/** `count` events, ten a purchase stream, one transaction a chunk, straight into the store's tables. */
async function seedEvents(knex: ReturnType<typeof createKnex>, count: number) {
  const types = `ARRAY[${STEPS.map((s) => `'${s}'`).join(',')}]`;
  for (let from = 0; from < count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK) - 1;
    await knex.raw(
      `INSERT INTO events (stream_name, revision, event_id, event_type, data, metadata, created)
       SELECT 'purchase-' || (g / 10), g % 10, gen_random_uuid(), (${types})[g % 10 + 1],
         jsonb_build_object('purchaseId', (g / 10)::text, 'carId', 'car-' || (g / 10 % 5000),
           'market', (ARRAY['fr','de','it','es','pl'])[g % 5 + 1], 'price', 15000 + (g % 977) * 31,
           'currency', 'EUR', 'step', g % 10),
         jsonb_build_object(
           'actor', jsonb_build_object('kind', 'buyer', 'customerId', 'cus_' || (g / 10 % 80000)),
           'machine', jsonb_build_object('id', 'purchase', 'version', 3),
           'correlationId', 'purchase-' || (g / 10), 'causationId', 'cmd-' || g,
           'idempotencyKey', md5(g::text), 'at', to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
         t
       FROM generate_series(?::bigint, ?::bigint) g,
         LATERAL (SELECT timestamptz '2026-10-01 00:00:00+00' + g * interval '2.592 seconds' * (1000000.0 / ?)) AS c(t)`,
      [from, to, count],
    );
  }
  await knex.raw(
    `INSERT INTO streams (stream_name, revision) SELECT stream_name, max(revision) FROM events GROUP BY 1`,
  );
  await knex.raw('ANALYZE events');
}

async function directorySize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const name of await readdir(dir, { recursive: true })) {
    if (!name.endsWith('.parquet')) continue;
    files++;
    bytes += (await stat(join(dir, name))).size;
  }
  return { files, bytes };
}

export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const count = Number(option('events') ?? 1_000_000);
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `bench_events_${randomUUID().slice(0, 8)}`;
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${database}`;
  console.error(`# PostgreSQL ${benchUrl.host}, database ${database}; load ${loadavg()[0]!.toFixed(1)}`);
  const admin = createKnex(url, 2, 'bench-admin');
  await admin.raw(`CREATE DATABASE "${database}"`);
  const dir = option('dir') ?? (await mkdtemp(join(tmpdir(), 'events-parquet-')));
  try {
    let started = performance.now();
    const seedKnex = createKnex(seedUrl(benchUrl.href), 2, 'bench-seed');
    try {
      await migrateToLatest(seedKnex);
      await seedEvents(seedKnex, count);
    } finally {
      await seedKnex.destroy();
    }
    console.error(`# ${count} events seeded in ${seconds(started).toFixed(1)} s`);

    const knex = createKnex(benchUrl.href, 2, 'bench-export');
    const store = await createPostgresEventStore({ knex });
    try {
      // `$all` shows what every transaction of the cluster older than it has ended for: another bench's
      // long insert holds the seeded events back until it commits.
      started = performance.now();
      const committed = await store.committedPosition();
      while (comparePositions(await store.headPosition(), committed) < 0) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (seconds(started) > 1)
        console.error(`# waited ${seconds(started).toFixed(1)} s for older transactions`);
      started = performance.now();
      let read = 0;
      for (let from = START; ; ) {
        const page = await store.readAll({ fromPosition: from, maxCount: 10_000 });
        read += page.length;
        if (page.length < 10_000) break;
        from = page.at(-1)!.position;
      }
      const readSeconds = seconds(started);
      console.error(`# $all read alone: ${read} events in ${readSeconds.toFixed(1)} s`);

      const rssBefore = process.memoryUsage.rss();
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 50);
      const cpu = process.cpuUsage();
      started = performance.now();
      const result = await exportEventsToParquet({ store, dir });
      const exportSeconds = seconds(started);
      const cpuUsed = process.cpuUsage(cpu);
      const cpuSeconds = (cpuUsed.user + cpuUsed.system) / 1e6;
      clearInterval(sampler);
      const { files, bytes } = await directorySize(dir);
      console.error(
        `# export: ${result.events} events, ${files} files, ${(bytes / 1e6).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s, the process's CPU ${cpuSeconds.toFixed(1)} s; RSS ${(rssBefore / 1e6).toFixed(0)} MB before (after the read alone); load ${loadavg()[0]!.toFixed(1)}`,
      );
      started = performance.now();
      const again = await exportEventsToParquet({ store, dir });
      const incrementalMs = performance.now() - started;
      if (again.events !== 0) throw new Error(`the second run exported ${again.events} events`);

      figure('events.readAll', read / readSeconds, 'events/s');
      figure('events.parquet', result.events / exportSeconds, 'events/s');
      figure('events.parquet.per-cpu-second', result.events / cpuSeconds, 'events/s');
      figure('events.parquet.incremental', incrementalMs, 'ms');
      figure('events.parquet.rss', peak / 1e6, 'MB');
    } finally {
      await store.close();
      await knex.destroy();
    }
  } finally {
    if (!option('dir')) await rm(dir, { recursive: true, force: true });
    if (!args.includes('--keep')) await admin.raw(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    else console.error(`# kept ${database}`);
    await admin.destroy();
  }
}
