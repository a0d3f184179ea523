/**
 * Rebuilds of reports, from the CLI and the back office alike, recorded in `report_runs` with their
 * progress (so either can watch the other's): a rebuild from zero into a new generation beside the live
 * one (resumed from its checkpoint after a crash, switched over when caught up), or a replay up to a
 * moment into the report's "as of" tables. One run per report at a time: a second start is refused
 * with the running one. README.md beside this.
 */
import type { Knex } from 'knex';
import { type EventStore, formatPosition, type Position, START } from '../../engine/eventStore.ts';
import { ProjectionHandlerError } from '../commitBatches.ts';
import { lagOf } from '../projectionStatus.ts';
import { projectionStore } from '../projectionStore.ts';
import { rebuildProjection } from '../rebuildProjection.ts';
import type { Report } from './defineReport.ts';
import { reportProjection } from './reportProjection.ts';
import { formatUntil, isAfter, type Until } from './reportUntil.ts';

export interface ReportRun {
  readonly id: number;
  readonly report: string;
  readonly version: number;
  readonly mode: 'rebuild' | 'until';
  readonly until: string | null;
  readonly status: 'running' | 'done' | 'failed' | 'interrupted';
  readonly processed: number;
  readonly total: number | null;
  readonly position: string | null;
  readonly generation: number | null;
  readonly error: string | null;
  readonly errorEvent: string | null;
  readonly startedBy: string;
  readonly startedAt: string;
  readonly updatedAt: string;
  readonly finishedAt: string | null;
}

/** A run of this report is already going: the caller is told which. */
export class ReportRunConflictError extends Error {
  constructor(readonly running: ReportRun) {
    super(
      `report ${running.report} is already being rebuilt (run ${running.id}, started by ${running.startedBy})`,
    );
    this.name = 'ReportRunConflictError';
  }
}

export interface StartRunOptions {
  readonly until?: Until;
  /** Who started it (`cli`, a staff id). */
  readonly by: string;
  /** Start anew instead of resuming an interrupted rebuild of the same version. */
  readonly fresh?: boolean;
  /** Count the events to fold first, for the progress (default true). */
  readonly countTotal?: boolean;
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: { processed: number; total: number | null; position: Position }) => void;
}

/** A run's heartbeat: a running row not touched for this long belongs to a process that died. */
const STALE_SECONDS = 30;
const HEARTBEAT_MS = 5_000;
const PROGRESS_WRITE_MS = 500;
/** Events per batch of a rebuild: big batches make few statements (the live runner's are smaller). */
const REBUILD_BATCH = 10_000;

interface RunRow {
  id: string;
  report: string;
  version: number;
  mode: 'rebuild' | 'until';
  until: string | null;
  status: ReportRun['status'];
  processed: string;
  total: string | null;
  position: string | null;
  generation: number | null;
  error: string | null;
  error_event: string | null;
  started_by: string;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const toRun = (row: RunRow): ReportRun => ({
  id: Number(row.id),
  report: row.report,
  version: row.version,
  mode: row.mode,
  until: row.until,
  status: row.status,
  processed: Number(row.processed),
  total: row.total === null ? null : Number(row.total),
  position: row.position,
  generation: row.generation,
  error: row.error,
  errorEvent: row.error_event,
  startedBy: row.started_by,
  startedAt: new Date(row.started_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

export function reportRuns(options: { knex: Knex; store: EventStore; schema?: string }) {
  const { knex, store } = options;
  const schema = options.schema ?? 'public';
  const runs = () => knex.withSchema(schema).table('report_runs');

  const get = async (id: number): Promise<ReportRun | undefined> => {
    const row = (await runs().where({ id }).first()) as RunRow | undefined;
    return row && toRun(row);
  };

  return {
    get,

    /** The latest runs of a report, newest first. */
    async latest(report: string, limit = 5): Promise<ReportRun[]> {
      await markStale();
      const rows = (await runs().where({ report }).orderBy('id', 'desc').limit(limit)) as RunRow[];
      return rows.map(toRun);
    },

    /**
     * Starts a run and returns it with the promise of its end (which never rejects: the run's row says
     * how it ended). Throws {@link ReportRunConflictError} when the report has a run going.
     */
    async start(report: Report, run: StartRunOptions): Promise<{ run: ReportRun; done: Promise<ReportRun> }> {
      await markStale();
      const mode = run.until ? 'until' : 'rebuild';
      let inserted: RunRow | undefined;
      try {
        [inserted] = (await runs()
          .insert({
            report: report.name,
            version: report.version,
            mode,
            until: run.until ? formatUntil(run.until) : null,
            status: 'running',
            started_by: run.by,
          })
          .returning('*')) as RunRow[];
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        const running = (await runs().where({ report: report.name, status: 'running' }).first()) as RunRow;
        throw new ReportRunConflictError(toRun(running));
      }
      const id = Number(inserted!.id);
      return { run: toRun(inserted!), done: execute(report, id, run) };
    },
  };

  async function markStale(): Promise<void> {
    await knex.raw(
      `UPDATE ${q(schema)}.report_runs SET status = 'interrupted', finished_at = now(), updated_at = now()
       WHERE status = 'running' AND updated_at < now() - make_interval(secs => ?)`,
      [STALE_SECONDS],
    );
  }

  async function execute(report: Report, id: number, run: StartRunOptions): Promise<ReportRun> {
    const projection = reportProjection(report, run.until ? 'asof' : 'live');
    const stopAt = run.until ? isAfter(run.until) : undefined;
    let processed = 0;
    let total: number | null = null;
    let position: Position = START;
    let generation: number | undefined;
    let written = 0;
    const update = (fields: Record<string, unknown>) =>
      runs()
        .where({ id })
        .update({ ...fields, updated_at: knex.fn.now() });
    const heartbeat = setInterval(() => void update({}).catch(() => {}), HEARTBEAT_MS);
    if (run.countTotal !== false) {
      // Counted beside the replay (the ETA appears once known); a replay up to a moment counts to it.
      void lagOf(store, { eventTypes: report.events }, START, Number.MAX_SAFE_INTEGER, stopAt).then(
        (count) => {
          total = count;
          return update({ total: count });
        },
        () => {},
      );
    }
    try {
      const result = await rebuildProjection({
        knex,
        store,
        schema,
        projection,
        resume: !run.until && !run.fresh,
        ...(stopAt ? { stopAt } : {}),
        batchSize: run.batchSize ?? REBUILD_BATCH,
        ...(run.signal ? { signal: run.signal } : {}),
        onStart(started, already, from) {
          generation = started;
          processed = already;
          position = from;
          void update({ generation: started, processed: already }).catch(() => {});
        },
        onProgress(count, last) {
          processed = count;
          position = last;
          run.onProgress?.({ processed, total, position });
          const now = Date.now();
          if (now - written >= PROGRESS_WRITE_MS) {
            written = now;
            void update({ processed, position: formatPosition(last) }).catch(() => {});
          }
        },
      });
      await update({
        status: result.switched ? 'done' : 'interrupted',
        processed: result.events,
        position: formatPosition(result.position),
        generation: result.generation,
        finished_at: knex.fn.now(),
      });
    } catch (error) {
      const failed = error instanceof ProjectionHandlerError;
      const live = failed && generation ? await checkpointOf(projection.name, generation) : undefined;
      await update({
        status: failed ? 'failed' : 'interrupted',
        processed: live ? Number(live.events_processed) : processed,
        position: live ? `${live.commit_position}/${live.prepare_position}` : formatPosition(position),
        error: (live?.error ?? (error instanceof Error ? error.message : String(error))).slice(0, 2000),
        error_event: live?.error_event ?? null,
        finished_at: knex.fn.now(),
      }).catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
    return (await get(id))!;
  }

  function checkpointOf(name: string, generation: number) {
    return projectionStore(knex, schema).checkpoint(name, generation);
  }
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type ReportRuns = ReturnType<typeof reportRuns>;
