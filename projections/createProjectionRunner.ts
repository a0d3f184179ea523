/**
 * Runs the app's projections. Each projection has one owner across app instances (a session advisory
 * lock); the owner feeds the live generation from its checkpoint. A projection seen for the first time
 * gets generation 1; one whose code version differs from the live version is rebuilt into a new
 * generation (readers keep the old one until the switch). A projection whose handler throws stops with
 * its position and the error recorded (see `projections -- status`); the others go on. A failure of the
 * database or event store itself is retried with back-off.
 *
 * The live generations share one catch-up read of `$all` (sharedSubscription.ts): each read is made
 * once for all of them, and the batches it gives them commit in one transaction (commitBatches.ts),
 * each with its own checkpoint, a failing one alone. A rebuild reads and commits on its own.
 *
 * On PGlite every pool connection shares one session, so the lock is always granted: the embedded
 * database serves one app instance by construction.
 */
import type { Knex } from 'knex';
import { comparePositions, type EventStore } from '../engine/eventStore.ts';
import { CheckpointMovedError, createBatchCommitter, ProjectionHandlerError } from './commitBatches.ts';
import type { Projection } from './defineProjection.ts';
import { lagOf } from './projectionStatus.ts';
import { checkpointPosition, projectionStore } from './projectionStore.ts';
import { rebuildProjection } from './rebuildProjection.ts';
import { type GenerationHandle, runGeneration } from './runGeneration.ts';
import { createSharedSubscription, readFilter } from './sharedSubscription.ts';

export interface ProjectionRunnerOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema?: string;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  /** How often a non-owner tries again to take a projection over (default 5 s). */
  readonly ownershipRetryMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
  /**
   * After projections committed batches of this instance's (their read models moved): caches to drop.
   * Called once for the batches of one read (they commit together), with the projections' names.
   */
  readonly onCommitted?: (projectionNames: readonly string[]) => void;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when every projection has processed what was stored when it was called (tests, start-up). */
  caughtUp(): Promise<void>;
  /** The projections this instance currently owns (holds the advisory lock of). */
  owned(): string[];
}

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { knex, store } = options;
  const schema = options.schema ?? 'public';
  const log = options.log ?? (() => {});
  const projections = projectionStore(knex, schema);
  const shared = createSharedSubscription({
    store,
    filter: readFilter(options.projections),
    batchSize: options.batchSize ?? 1000,
  });
  const committer = createBatchCommitter({ knex, schema });
  // The names of the batches committed in this turn of the event loop: told once, together.
  let committed: Set<string> | undefined;
  const tellCommitted = (name: string) => {
    if (!options.onCommitted) return;
    if (!committed) {
      const names = new Set<string>();
      committed = names;
      setImmediate(() => {
        committed = undefined;
        options.onCommitted?.([...names]);
      });
    }
    committed.add(name);
  };
  const abort = new AbortController();
  const handles = new Map<string, GenerationHandle>();
  const failures = new Map<string, unknown>();
  const owned = new Set<string>();
  const loops: Promise<void>[] = [];
  let lockConnection: unknown;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        abort.signal.removeEventListener('abort', wake);
        resolve();
      }, ms);
      abort.signal.addEventListener('abort', wake, { once: true });
    });

  // The projections' loops share the one lock connection: their queries take turns (a pg client must
  // not be sent a query while another is running on it).
  let lockTurn: Promise<unknown> = Promise.resolve();

  function tryOwn(projection: Projection): Promise<boolean> {
    const client = lockConnection as {
      query(sql: string, values: unknown[]): Promise<{ rows: { owned: boolean }[] }>;
    };
    const turn = lockTurn.then(async () => {
      const { rows } = await client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS owned', [
        `projection:${schema}:${projection.name}`,
      ]);
      return rows[0]!.owned;
    });
    lockTurn = turn.catch(() => {});
    return turn;
  }

  async function own(projection: Projection): Promise<void> {
    while (!abort.signal.aborted && !(await tryOwn(projection)))
      await sleep(options.ownershipRetryMs ?? 5000);
    if (abort.signal.aborted) return;
    owned.add(projection.name);
    let retryMs = 500;
    while (!abort.signal.aborted) {
      let live = await projections.live(projection.name);
      if (!live) {
        const generation = await projections.createGeneration(projection);
        await projections.switchLive(projection, generation);
        live = { generation, version: projection.version };
      } else if (live.version !== projection.version) {
        // New code must not write into the old generation's tables: readers keep the old read model as
        // it is until the new generation has caught up and the views switch over.
        log(`projection ${projection.name}: version ${live.version} → ${projection.version}, rebuilding`);
        try {
          await rebuildProjection({ knex, store, schema, projection, signal: abort.signal });
        } catch (error) {
          // A database or event store failure mid-rebuild: the old generation still serves; try again.
          failures.set(projection.name, error);
          log(`projection ${projection.name}: rebuild interrupted, retrying in ${retryMs} ms`, error);
          await sleep(retryMs);
          retryMs = Math.min(retryMs * 2, 60_000);
        }
        continue;
      }
      const checkpoint = (await projections.checkpoint(projection.name, live.generation))!;
      if (checkpoint.status === 'failed') {
        await projections.clearFailure(projection.name, live.generation, 'live');
      }
      const handle = runGeneration({
        knex,
        store,
        schema,
        projection,
        generation: live.generation,
        from: checkpointPosition(checkpoint),
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        subscribe: shared.subscribe,
        committer,
        onBatch: () => {
          retryMs = 500;
          failures.delete(projection.name);
          tellCommitted(projection.name);
        },
      });
      handles.set(projection.name, handle);
      // stop() may have run while this generation was being set up: it only stops the handles it saw.
      const stopOnAbort = () => void handle.stop();
      if (abort.signal.aborted) stopOnAbort();
      else abort.signal.addEventListener('abort', stopOnAbort, { once: true });
      try {
        await handle.done;
        return; // stopped
      } catch (error) {
        if (error instanceof CheckpointMovedError) continue; // a rebuild switched generations: follow it
        failures.set(projection.name, error);
        if (error instanceof ProjectionHandlerError) {
          log(`projection ${projection.name} failed and stopped`, error);
          return;
        }
        // The database or the event store failed under us: try again, backing off up to a minute.
        log(`projection ${projection.name} interrupted, retrying in ${retryMs} ms`, error);
        await sleep(retryMs);
        retryMs = Math.min(retryMs * 2, 60_000);
      } finally {
        abort.signal.removeEventListener('abort', stopOnAbort);
        handles.delete(projection.name);
      }
    }
  }

  return {
    async start() {
      lockConnection = await knex.client.acquireConnection();
      for (const projection of options.projections) loops.push(own(projection));
    },

    async stop() {
      abort.abort();
      await Promise.all([...handles.values()].map((handle) => handle.stop()));
      await Promise.allSettled(loops);
      if (lockConnection) {
        const client = lockConnection as { query(sql: string): Promise<unknown> };
        await client.query('SELECT pg_advisory_unlock_all()').catch(() => {});
        owned.clear();
        await knex.client.releaseConnection(lockConnection);
        lockConnection = undefined;
      }
    },

    owned: () => [...owned],

    async caughtUp() {
      // Everything committed before this call, including events an open older transaction still hides
      // from gap-safe reads: wait until they are readable, then until each projection has them.
      const committed = await store.committedPosition();
      while (!abort.signal.aborted && comparePositions(await store.headPosition(), committed) < 0)
        await sleep(20);
      for (const projection of options.projections) {
        while (!abort.signal.aborted) {
          const failure = failures.get(projection.name);
          if (failure instanceof ProjectionHandlerError)
            throw new Error(`projection ${projection.name} failed: ${String(failure)}`, { cause: failure });
          const live = await projections.live(projection.name);
          const checkpoint = live && (await projections.checkpoint(projection.name, live.generation));
          const current = checkpoint?.status === 'live' || checkpoint?.status === 'building';
          if (current && (await lagOf(store, projection, checkpointPosition(checkpoint), 1)) === 0) break;
          await sleep(20);
        }
      }
    },
  };
}
