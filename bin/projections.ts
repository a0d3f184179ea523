/**
 * `npm run projections -- status`, `npm run projections -- rebuild <name|all>` and `npm run projections --
 * diff <report>@<version> <report>@<version>` (the rows of two versions of a report: `npm run report --
 * diff`, projections/reports/README.md).
 * Uses the same configuration as the site (DATABASE_URL, EVENTSTORE_URL; the embedded database when
 * unset, which must not be open in a running `npm start` at the same time).
 */
import cliProgress from 'cli-progress';
import { openDatabase } from '../engine/database/openDatabase.ts';
import { START } from '../engine/eventStore.ts';
import { loadConfig } from '../http/config.ts';
import { openEventStore, projectionsFor } from '../http/createServices.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { lagOf, projectionStatus } from '../projections/projectionStatus.ts';
import { rebuildProjection } from '../projections/rebuildProjection.ts';
import { reportCommand } from './report.ts';

const [command, target] = process.argv.slice(2);
const usage =
  'usage: npm run projections -- status | rebuild <name|all> | diff <report>@<version> <report>@<version>';

async function main(): Promise<number> {
  if (command === 'diff') return reportCommand(process.argv.slice(2));
  if (command !== 'status' && command !== 'rebuild') {
    console.error(usage);
    return 2;
  }
  const config = loadConfig(process.env);
  const PROJECTIONS = projectionsFor(config);
  const db = await openDatabase({ ...config.database, applicationName: 'projections-cli' });
  const log = { info: (m: string) => console.log(m), error: (p: unknown, m?: string) => console.error(m, p) };
  try {
    await migrateToLatest(db.knex);
    const store = await openEventStore(config, db, log);
    try {
      if (command === 'status') {
        const rows = await projectionStatus({
          knex: db.knex,
          store,
          projections: PROJECTIONS,
          lagCap: 10_000_000,
        });
        console.table(
          rows.map((r) => ({
            projection: r.name,
            generation: r.generation ?? '-',
            version: `${r.liveVersion ?? '-'} (code ${r.codeVersion})`,
            status: r.status,
            position: r.position ?? '-',
            processed: r.processed,
            lag: r.lag,
            rebuilding: r.rebuilding ? `g${r.rebuilding.generation}: ${r.rebuilding.processed}` : '',
          })),
        );
        for (const r of rows.filter((row) => row.error)) {
          console.log(`\n${r.name} FAILED at ${r.errorEvent ?? r.position}: ${r.error}`);
        }
        return rows.some((r) => r.status === 'failed') ? 1 : 0;
      }
      const chosen = target === 'all' ? PROJECTIONS : PROJECTIONS.filter((p) => p.name === target);
      if (!target || chosen.length === 0) {
        console.error(
          `unknown projection ${target ?? '(none)'}; known: ${PROJECTIONS.map((p) => p.name).join(', ')}`,
        );
        return 2;
      }
      for (const projection of chosen) {
        const total = await lagOf(store, projection, START, Number.MAX_SAFE_INTEGER);
        const bar = new cliProgress.SingleBar(
          {
            format: `${projection.name} [{bar}] {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta_formatted}`,
            etaBuffer: 50,
          },
          cliProgress.Presets.shades_classic,
        );
        const started = performance.now();
        bar.start(total, 0, { speed: 0 });
        const result = await rebuildProjection({
          knex: db.knex,
          store,
          projection,
          onProgress(processed) {
            const seconds = (performance.now() - started) / 1000;
            bar.update(Math.min(processed, total), {
              speed: Math.round(processed / Math.max(seconds, 0.001)),
            });
          },
        });
        bar.update(result.events);
        bar.stop();
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `${projection.name}: generation ${result.generation} ${result.switched ? 'is live' : 'NOT switched'}, ${result.events} events in ${seconds.toFixed(1)} s`,
        );
      }
      return 0;
    } finally {
      await store.close();
    }
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    process.exit(1);
  },
);
