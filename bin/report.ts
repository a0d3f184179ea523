/**
 * `npm run report -- list | new <name> | rebuild <name|all> [--until <time|position>] [--fresh] |
 * diff <name>@<version> <name>@<version>`: the analysts' reports (projections/reports/README.md).
 * Same configuration as the site (DATABASE_URL, EVENTSTORE_URL; the embedded database when unset,
 * which must not be open in a running `npm start` at the same time).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import cliProgress from 'cli-progress';
import { openDatabase } from '../engine/database/openDatabase.ts';
import { loadConfig } from '../http/config.ts';
import { openEventStore } from '../http/createServices.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { projectionStatus } from '../projections/projectionStatus.ts';
import type { Report } from '../projections/reports/defineReport.ts';
import { loadReports } from '../projections/reports/loadReports.ts';
import { reportProjection } from '../projections/reports/reportProjection.ts';
import { diffReportVersions, UnknownReportPartError } from '../projections/reports/reportQueries.ts';
import { ReportRunConflictError, reportRuns } from '../projections/reports/reportRuns.ts';
import { BadUntilError, parseUntil, type Until } from '../projections/reports/reportUntil.ts';
import { ScaffoldError, scaffoldReport } from '../projections/reports/scaffoldReport.ts';

const usage = `usage: npm run report -- list
       npm run report -- new <name>
       npm run report -- rebuild <name|all> [--until <ISO time|global position>] [--fresh]
       npm run report -- diff <name>@<version> <name>@<version>`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(at, 2);
  return value;
}

function pick(reports: readonly Report[], name: string | undefined): Report[] {
  if (name === 'all') return [...reports];
  const found = reports.find((r) => r.name === name);
  if (!found)
    throw new UsageError(
      `unknown report ${name ?? '(none)'}; known: ${reports.map((r) => r.name).join(', ') || 'none'}`,
    );
  return [found];
}

function versioned(
  reports: readonly Report[],
  text: string | undefined,
): { report: Report; version: number } {
  const match = /^([a-z][a-z0-9_]*)@(\d+)$/.exec(text ?? '');
  if (!match) throw new UsageError(`${text ?? '(none)'}: give <name>@<version>, e.g. purchase_step_times@1`);
  return { report: pick(reports, match[1])[0]!, version: Number(match[2]) };
}

async function main(argv: readonly string[]): Promise<number> {
  const args = [...argv];
  const command = args.shift();
  if (command === 'new') {
    const files = await scaffoldReport(args[0] ?? '');
    console.log(`written:\n  ${files.join('\n  ')}\nrun its test: npx vitest run ${files[1]}`);
    return 0;
  }
  if (command !== 'list' && command !== 'rebuild' && command !== 'diff') throw new UsageError(usage);
  const reports = await loadReports();
  // Checked before opening anything: a wrong name or bound answers at once.
  const until: Until | undefined = command === 'rebuild' ? mapUntil(option(args, '--until')) : undefined;
  const fresh = args.includes('--fresh');
  const chosen = command === 'rebuild' ? pick(reports, args[0]) : [];
  const compared = command === 'diff' ? [versioned(reports, args[0]), versioned(reports, args[1])] : [];
  if (compared.length === 2 && compared[0]!.report !== compared[1]!.report)
    throw new UsageError('diff compares two versions of the same report');

  const config = loadConfig(process.env);
  const db = await openDatabase({ ...config.database, applicationName: 'report-cli' });
  const log = { info: (m: string) => console.log(m), error: (p: unknown, m?: string) => console.error(m, p) };
  try {
    await migrateToLatest(db.knex);
    const store = await openEventStore(config, db, log);
    try {
      if (command === 'list') {
        const rows = await projectionStatus({
          knex: db.knex,
          store,
          projections: reports.map((r) => reportProjection(r)),
          lagCap: 10_000_000,
        });
        console.table(
          rows.map((r, i) => ({
            report: reports[i]!.name,
            version: `${r.liveVersion ?? '-'} (code ${r.codeVersion})`,
            status: r.status,
            position: r.position ?? '-',
            processed: r.processed,
            lag: r.lag,
            rebuilding: r.rebuilding ? `g${r.rebuilding.generation}: ${r.rebuilding.processed}` : '',
          })),
        );
        for (const r of rows.filter((row) => row.error))
          console.log(`\n${r.name} FAILED at ${r.errorEvent ?? r.position}: ${r.error}`);
        return rows.some((r) => r.status === 'failed') ? 1 : 0;
      }
      if (command === 'diff') {
        const [from, to] = compared as [
          { report: Report; version: number },
          { report: Report; version: number },
        ];
        const diff = await diffReportVersions(db.knex, from.report, from.version, to.version);
        console.log(
          `${diff.report}: version ${diff.from.version} (g${diff.from.generation}, ${diff.from.status}) → version ${diff.to.version} (g${diff.to.generation}, ${diff.to.status})`,
        );
        console.table(
          diff.tables.map(({ table, added, removed, changed, unchanged }) => ({
            table,
            added,
            removed,
            changed,
            unchanged,
          })),
        );
        for (const table of diff.tables) {
          for (const s of table.sample)
            console.log(
              `${table.table} ${s.change}: ${JSON.stringify(s.before)} → ${JSON.stringify(s.after)}`,
            );
        }
        return 0;
      }
      const runs = reportRuns({ knex: db.knex, store });
      // Ctrl-C stops the run between batches: its row says interrupted, and the next rebuild resumes it.
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      let failed = 0;
      for (const report of chosen) {
        const bar = new cliProgress.SingleBar(
          {
            format: `${report.name}${until ? ' (until)' : ''} [{bar}] {value}/{totalText} events | {speed} events/s | ETA {etaText}`,
            etaBuffer: 50,
            fps: 5,
          },
          cliProgress.Presets.shades_classic,
        );
        const started = performance.now();
        let shownTotal = 0;
        // The events to fold are counted beside the replay: until then the total and ETA show "?".
        bar.start(1, 0, { speed: 0, totalText: '?', etaText: '?' });
        // A failing report stops alone: the others are still rebuilt.
        try {
          const { run, done } = await runs.start(report, {
            by: 'cli',
            fresh,
            signal: stop.signal,
            ...(until ? { until } : {}),
            batchSize: 10_000,
            onProgress({ processed, total }) {
              if (total !== null && total !== shownTotal) {
                shownTotal = total;
                bar.setTotal(Math.max(total, processed));
              }
              const seconds = (performance.now() - started) / 1000;
              const speed = processed / Math.max(seconds, 0.001);
              if (shownTotal === 0) bar.setTotal(processed * 2);
              bar.update(processed, {
                speed: Math.round(speed),
                totalText: shownTotal ? shownTotal : '?',
                etaText: shownTotal ? `${Math.max(0, Math.round((shownTotal - processed) / speed))}s` : '?',
              });
            },
          });
          const end = await done;
          bar.setTotal(Math.max(end.processed, 1));
          bar.update(end.processed, { totalText: end.processed, etaText: '0s' });
          bar.stop();
          const seconds = (performance.now() - started) / 1000;
          if (end.status === 'done') {
            console.log(
              `${report.name} v${report.version}: run ${run.id}, generation ${end.generation} ${until ? `holds the report as of ${end.until} (tables report_${report.name}_asof__*)` : 'is live'}, ${end.processed} events in ${seconds.toFixed(1)} s`,
            );
          } else {
            failed++;
            console.error(
              end.status === 'failed'
                ? `${report.name} FAILED at ${end.errorEvent ?? end.position ?? 'the start'} (position ${end.position}, ${end.processed} events folded): ${end.error ?? ''}\n  fix the report and run the same command again: the rebuild resumes from there`
                : `${report.name} INTERRUPTED at position ${end.position ?? 'the start'} (${end.processed} events folded)\n  run the same command again: the rebuild resumes from there (--fresh starts anew)`,
            );
          }
        } catch (error) {
          bar.stop();
          if (!(error instanceof ReportRunConflictError)) throw error;
          failed++;
          console.error(error.message);
        }
      }
      return failed > 0 ? 1 : 0;
    } finally {
      await store.close();
    }
  } finally {
    await db.close();
  }
}

function mapUntil(text: string | undefined): Until | undefined {
  return text === undefined ? undefined : parseUntil(text);
}

/**
 * `npm run report -- <args>` (and `npm run projections -- diff …`): its exit code, 2 with the message
 * for a usage or input error (an unknown report or version, a bad `--until`).
 */
export async function reportCommand(args: readonly string[]): Promise<number> {
  try {
    return await main(args);
  } catch (error) {
    const expected =
      error instanceof UsageError ||
      error instanceof BadUntilError ||
      error instanceof ScaffoldError ||
      error instanceof UnknownReportPartError;
    if (!expected) throw error;
    console.error(error.message);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  reportCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
      process.exit(1);
    },
  );
}
