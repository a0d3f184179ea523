/**
 * Commits projections' batches: the batches handed over in the same turn of the event loop (those of one
 * shared read of `$all`) commit together in one transaction — one compare-and-set of all their
 * checkpoints, each projection's writes, one COMMIT — so a read costs three statements besides the
 * projections' own writes, however many projections take its events. A projection whose handler throws
 * fails alone: the transaction rolls back, that batch is refused and the others commit again without it
 * (their kept memory forgotten, since what they wrote was rolled back). projections/README.md.
 */
import type { Knex } from 'knex';
import type { Position, RecordedEvent } from '../engine/eventStore.ts';
import type { Projection } from './defineProjection.ts';
import { qualifiedTable, quote } from './projectionTables.ts';

/** The projection's own handler threw: a bug or an event it cannot handle. The projection stops. */
export class ProjectionHandlerError extends Error {
  constructor(projection: string, cause: unknown) {
    super(
      `projection ${projection}: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`,
      { cause },
    );
    this.name = 'ProjectionHandlerError';
  }
}

export class CheckpointMovedError extends Error {
  constructor(projection: string, generation: number) {
    super(`projection ${projection} generation ${generation}: checkpoint moved or generation retired`);
    this.name = 'CheckpointMovedError';
  }
}

/** One projection's batch: its events after `from`, the checkpoint it moves from. */
export interface Batch {
  readonly projection: Projection;
  readonly generation: number;
  readonly from: Position;
  readonly events: readonly RecordedEvent[];
  /** The projection's memory (ProjectionContext.memory): cleared when a transaction it wrote in rolls back. */
  readonly memory: Map<string, unknown>;
}

export interface BatchCommitter {
  /**
   * Resolves once the batch and its checkpoint are committed; rejects with {@link ProjectionHandlerError}
   * (its `prepare` or handler threw), {@link CheckpointMovedError} (another processor, or a retired
   * generation) or the database's error (nothing of the batch written in every case).
   */
  commit(batch: Batch): Promise<void>;
}

interface Pending {
  readonly batch: Batch;
  prepared?: unknown;
  resolve(): void;
  reject(error: unknown): void;
}

/** What statements a group commit sends, for the statement budgets (one each, per group). */
export const GROUP_STATEMENTS = ['BEGIN', 'checkpoints compare-and-set', 'COMMIT'] as const;

export function createBatchCommitter(options: { knex: Knex; schema: string }): BatchCommitter {
  const { knex, schema } = options;
  const checkpoints = `${quote(schema)}.projection_checkpoints`;
  let waiting: Pending[] = [];

  /** Moves the checkpoints of `group` that are still where their batch starts; answers those moved. */
  const compareAndSet = async (trx: Knex.Transaction, group: readonly Pending[]) => {
    const values = group.map(
      () => '(?::text, ?::int, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::bigint)',
    );
    const { rows } = await trx.raw(
      `UPDATE ${checkpoints} AS c SET commit_position = v.to_commit, prepare_position = v.to_prepare,
         events_processed = c.events_processed + v.events, error = NULL, error_event = NULL, updated_at = now()
       FROM (VALUES ${values.join(', ')})
         AS v(name, generation, from_commit, from_prepare, to_commit, to_prepare, events)
       WHERE c.name = v.name AND c.generation = v.generation AND c.commit_position = v.from_commit
         AND c.prepare_position = v.from_prepare AND c.status IN ('building', 'live')
       RETURNING c.name, c.generation`,
      group.flatMap(({ batch }) => {
        const last = batch.events.at(-1)!.position;
        return [
          batch.projection.name,
          batch.generation,
          batch.from.commit.toString(),
          batch.from.prepare.toString(),
          last.commit.toString(),
          last.prepare.toString(),
          batch.events.length,
        ];
      }),
    );
    const moved = new Set(
      (rows as { name: string; generation: number }[]).map((r) => `${r.name}/${r.generation}`),
    );
    return group.filter(({ batch }) => moved.has(`${batch.projection.name}/${batch.generation}`));
  };

  const handle = async (trx: Knex.Transaction, { batch, prepared }: Pending) => {
    const { projection, generation } = batch;
    await projection.handle(batch.events, {
      trx,
      generation,
      memory: batch.memory,
      prepared,
      table: (name) => {
        if (!(name in projection.tables))
          throw new Error(`projection ${projection.name} has no table ${name}`);
        return qualifiedTable(schema, name, generation);
      },
    });
  };

  const commitTogether = async (pending: readonly Pending[]) => {
    // Reads from elsewhere before the transaction opens (defineProjection.ts: `prepare`).
    let group: Pending[] = [];
    for (const entry of pending) {
      const { projection, events } = entry.batch;
      try {
        if (projection.prepare) entry.prepared = await projection.prepare(events);
        group.push(entry);
      } catch (error) {
        entry.reject(new ProjectionHandlerError(projection.name, error));
      }
    }
    while (group.length > 0) {
      let failed: { entry: Pending; error: unknown } | undefined;
      let moved: Pending[] = [];
      try {
        await knex.transaction(async (trx) => {
          moved = await compareAndSet(trx, group);
          for (const entry of moved) {
            try {
              await handle(trx, entry);
            } catch (error) {
              failed = { entry, error };
              throw error;
            }
          }
        });
      } catch (error) {
        for (const { batch } of group) batch.memory.clear();
        if (!failed) {
          for (const entry of group) entry.reject(error);
          return;
        }
        const { entry, error: cause } = failed;
        entry.reject(new ProjectionHandlerError(entry.batch.projection.name, cause));
        group = group.filter((other) => other !== entry);
        continue;
      }
      for (const entry of group) {
        if (moved.includes(entry)) entry.resolve();
        else entry.reject(new CheckpointMovedError(entry.batch.projection.name, entry.batch.generation));
      }
      return;
    }
  };

  return {
    commit(batch) {
      return new Promise<void>((resolve, reject) => {
        if (waiting.length === 0)
          // The batches of one read are all handed over before this fires (each projection hands its
          // own over from a callback of the same turn).
          setImmediate(() => {
            const group = waiting;
            waiting = [];
            commitTogether(group).catch((error: unknown) => {
              for (const entry of group) entry.reject(error);
            });
          });
        waiting.push({ batch, resolve, reject });
      });
    },
  };
}
