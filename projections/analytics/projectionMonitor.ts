/**
 * The back office's view of the projections (projections/analytics/README.md): each one's status
 * (projectionStatus.ts) with its rate, whether it is stalled, the head of `$all`, and the rebuilds this
 * process started (rebuildProjection.ts) with their progress.
 */
import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { type EventStore, formatPosition } from '../../engine/eventStore.ts';
import type { Projection } from '../defineProjection.ts';
import { type ProjectionStatus, projectionStatus } from '../projectionStatus.ts';
import { checkpointPosition, projectionStore } from '../projectionStore.ts';
import { rebuildProjection } from '../rebuildProjection.ts';

export interface RebuildJob {
  readonly state: 'running' | 'switched' | 'stopped' | 'failed';
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly processed: number;
  readonly position: string | null;
  /** Events per second since it started. */
  readonly rate: number | null;
  readonly error: string | null;
}

export interface ProjectionHealth extends ProjectionStatus {
  /** Events per second processed by the live generation since the previous look (null: first look). */
  readonly rate: number | null;
  /** When its live checkpoint last moved. */
  readonly updatedAt: string | null;
  /** Behind (lag > 0) with no progress for `stalledAfterMs` since the first event it has not processed. */
  readonly stalled: boolean;
  /** The rebuild this process started last, if any. */
  readonly job: RebuildJob | null;
}

export interface ProjectionsOverview {
  readonly head: string;
  readonly stalledAfterSeconds: number;
  readonly projections: ProjectionHealth[];
}

export interface ProjectionMonitorOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema?: string;
  readonly projections: readonly Projection[];
  readonly clock?: () => Date;
  /** No progress while behind for this long: stalled (default 60 s). */
  readonly stalledAfterMs?: number;
  /** Lag is counted up to this many events (default 100 000). */
  readonly lagCap?: number;
  readonly log?: (message: string, error?: unknown) => void;
}

interface Sample {
  readonly generation: number | null;
  readonly processed: number;
  readonly at: number;
}

interface MutableJob {
  state: RebuildJob['state'];
  startedAt: Date;
  finishedAt: Date | null;
  processed: number;
  position: string | null;
  error: string | null;
}

export function projectionMonitor(options: ProjectionMonitorOptions) {
  const { knex, store } = options;
  const schema = options.schema ?? 'public';
  const clock = options.clock ?? (() => new Date());
  const stalledAfterMs = options.stalledAfterMs ?? 60_000;
  const byName = new Map(options.projections.map((p) => [p.name, p]));
  const bookkeeping = projectionStore(knex, schema);
  const samples = new Map<string, Sample>();
  const jobs = new Map<string, MutableJob>();
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();

  const jobView = (job: MutableJob | undefined, now: number): RebuildJob | null => {
    if (!job) return null;
    const seconds = ((job.finishedAt?.getTime() ?? now) - job.startedAt.getTime()) / 1000;
    return {
      state: job.state,
      startedAt: job.startedAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
      processed: job.processed,
      position: job.position,
      rate: seconds > 0 ? Math.round(job.processed / seconds) : null,
      error: job.error,
    };
  };

  /** Since when the projection has events it has not processed: its oldest one's time, or its last move. */
  async function behindSince(projection: Projection, from: ReturnType<typeof checkpointPosition>) {
    const types = projection.eventTypes;
    const [first] = await store.readAll({
      fromPosition: from,
      maxCount: 1,
      ...(types.length > 0 ? { filter: { eventTypePrefixes: [...types] } } : {}),
    });
    return first?.created.getTime() ?? null;
  }

  return {
    async overview(): Promise<ProjectionsOverview> {
      // The jobs as they are before the statuses are read: a job said switched has its switch in them.
      const before = clock().getTime();
      const jobsSeen = new Map([...jobs].map(([name, job]) => [name, jobView(job, before)]));
      const statuses = await projectionStatus({
        knex,
        store,
        schema,
        projections: options.projections,
        lagCap: options.lagCap ?? 100_000,
      });
      const checkpoints = await bookkeeping.checkpoints();
      const now = clock().getTime();
      const projections: ProjectionHealth[] = [];
      for (const status of statuses) {
        const projection = byName.get(status.name)!;
        const live = checkpoints.find((c) => c.name === status.name && c.generation === status.generation);
        const previous = samples.get(status.name);
        const rate =
          previous && previous.generation === status.generation && now > previous.at
            ? Math.max(0, Math.round(((status.processed - previous.processed) * 1000) / (now - previous.at)))
            : null;
        samples.set(status.name, { generation: status.generation, processed: status.processed, at: now });
        let stalled = false;
        if (live && status.lag > 0 && status.status === 'live') {
          const pendingSince = await behindSince(projection, checkpointPosition(live));
          const since = Math.max(new Date(live.updated_at).getTime(), pendingSince ?? 0);
          stalled = now - since >= stalledAfterMs;
        }
        projections.push({
          ...status,
          rate,
          updatedAt: live ? new Date(live.updated_at).toISOString() : null,
          stalled,
          job: jobsSeen.get(status.name) ?? null,
        });
      }
      return {
        head: formatPosition(await store.headPosition()),
        stalledAfterSeconds: Math.round(stalledAfterMs / 1000),
        projections,
      };
    },

    /**
     * Starts rebuilding `name` beside its live generation (in this process). A rebuild already running
     * here, or one whose generation moved within the stall window (another process's), is a conflict.
     */
    async startRebuild(name: string): Promise<RebuildJob> {
      const projection = byName.get(name);
      if (!projection) throw new NotFoundError(`no projection ${name}`, { projection: name });
      if (running.has(name))
        throw new ConflictError(`projection ${name} is being rebuilt already`, { allowed: [] });
      const now = clock().getTime();
      const live = await bookkeeping.live(name);
      const elsewhere = (await bookkeeping.checkpoints()).find(
        (c) =>
          c.name === name &&
          c.status === 'building' &&
          c.generation !== live?.generation &&
          now - new Date(c.updated_at).getTime() < stalledAfterMs,
      );
      if (elsewhere)
        throw new ConflictError(`projection ${name} is being rebuilt by another process`, { allowed: [] });
      const job: MutableJob = {
        state: 'running',
        startedAt: clock(),
        finishedAt: null,
        processed: 0,
        position: null,
        error: null,
      };
      jobs.set(name, job);
      const abort = new AbortController();
      const done = rebuildProjection({
        knex,
        store,
        schema,
        projection,
        signal: abort.signal,
        onProgress(processed, position) {
          job.processed = processed;
          job.position = formatPosition(position);
        },
      })
        .then((result) => {
          job.processed = result.events;
          job.state = result.switched ? 'switched' : 'stopped';
        })
        .catch((error: unknown) => {
          job.state = 'failed';
          job.error = error instanceof Error ? error.message : String(error);
          options.log?.(`projection ${name}: rebuild failed`, error);
        })
        .finally(() => {
          job.finishedAt = clock();
          running.delete(name);
        });
      running.set(name, { abort, done });
      return jobView(job, now)!;
    },

    /** Stops the rebuilds under way (their live generations keep serving); resolves when they ended. */
    async stop(): Promise<void> {
      const all = [...running.values()];
      for (const { abort } of all) abort.abort();
      await Promise.all(all.map(({ done }) => done));
    },
  };
}

export type ProjectionMonitor = ReturnType<typeof projectionMonitor>;
