/**
 * Report figures on real PostgreSQL (DATABASE_URL, default the local server), over purchase funnel
 * events written in bulk (bench/reports/generateFunnelEvents.ts):
 *   reports.generate  writing the events (events/s; context)
 *   reports.rebuild   `purchase_step_times` rebuilt from zero, as `npm run report -- rebuild` does it
 *                     (events/s; goal ≥ 50,000)
 *   reports.until     the same report replayed up to the middle of the log (`--until <position>`, s)
 *   events.parquet    the same log exported to Parquet into an empty directory (events/s; goal ≥ 100,000;
 *                     bench/events.bench.ts measures it alone, with its CPU and memory)
 * Options: --events <n> (default 1000000), --batch <n> events per batch (default 10,000, as the CLI).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKnex } from '../engine/database/openDatabase.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { exportEventsToParquet } from '../projections/analytics/parquetExport.ts';
import stepTimes from '../projections/reports/purchase_step_times.report.ts';
import { reportQueries } from '../projections/reports/reportQueries.ts';
import { reportRuns } from '../projections/reports/reportRuns.ts';
import { generateFunnelEvents } from './reports/generateFunnelEvents.ts';

const figure = (name: string, value: number, unit: string) =>
  console.log(`bench ${name} ${value.toFixed(1)} ${unit}`);

export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const target = Number(option('events') ?? 1_000_000);
  const batchSize = Number(option('batch') ?? 10_000);
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const knex = createKnex(url, 10, 'bench');
  const schema = `bench_${randomUUID().slice(0, 8)}`;
  console.log(`PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}, schema ${schema}`);
  try {
    await migrateToLatest(knex, { schema });
    let started = performance.now();
    const { events, purchases } = await generateFunnelEvents(knex, { schema, events: target });
    const generated = (performance.now() - started) / 1000;
    console.log(`${events} events (${purchases} purchases) written in ${generated.toFixed(1)} s`);
    figure('reports.generate', events / generated, 'events/s');
    await knex.raw(`VACUUM ANALYZE "${schema}".events`);
    const store = await createPostgresEventStore({ knex, schema });
    try {
      const runs = reportRuns({ knex, store, schema });
      started = performance.now();
      const rebuilt = await (await runs.start(stepTimes, { by: 'bench', countTotal: false, batchSize })).done;
      const seconds = (performance.now() - started) / 1000;
      if (rebuilt.status !== 'done') throw new Error(`rebuild ${rebuilt.status}: ${rebuilt.error}`);
      console.log(`rebuild: ${rebuilt.processed} events in ${seconds.toFixed(1)} s`);
      figure('reports.rebuild', rebuilt.processed / seconds, 'events/s');
      const steps = await reportQueries(knex, schema).view(stepTimes, 'by_step', { market: 'fr' });
      console.log(`fr: ${steps.map((r) => `${r.step} ${r.median_minutes}/${r.p90_minutes} min`).join(', ')}`);

      const { rows } = await knex.raw(
        `SELECT global_position FROM "${schema}".events ORDER BY global_position OFFSET ? LIMIT 1`,
        [Math.floor(events / 2)],
      );
      const middle = BigInt(rows[0].global_position);
      started = performance.now();
      const until = await (
        await runs.start(stepTimes, {
          by: 'bench',
          countTotal: false,
          batchSize,
          until: { kind: 'position', globalPosition: middle },
        })
      ).done;
      const untilSeconds = (performance.now() - started) / 1000;
      if (until.status !== 'done') throw new Error(`until ${until.status}: ${until.error}`);
      console.log(`until ${middle}: ${until.processed} events in ${untilSeconds.toFixed(1)} s`);
      figure('reports.until', untilSeconds, 's');

      const dir = await mkdtemp(join(tmpdir(), 'bench-reports-parquet-'));
      try {
        started = performance.now();
        const exported = await exportEventsToParquet({ store, dir });
        const exportSeconds = (performance.now() - started) / 1000;
        console.log(
          `parquet: ${exported.events} events, ${exported.files.length} files in ${exportSeconds.toFixed(1)} s`,
        );
        figure('events.parquet', exported.events / exportSeconds, 'events/s');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } finally {
      await store.close();
    }
  } finally {
    await knex.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await knex.destroy();
  }
}
