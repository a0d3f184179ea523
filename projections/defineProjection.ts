/**
 * A projection turns events into a read model. It declares its name, a version (bump it when the
 * read model's shape or meaning changes: the runner rebuilds a new generation beside the live one and
 * switches over when caught up), the event types it handles, its tables, and a batch handler.
 *
 * Handlers get batches (as in emmett) so a rebuild can write many events in one statement; they write
 * only through `ctx.trx` and only to `ctx.table(name)`, the physical table of the generation being
 * built. Readers query the view named after the table, which always shows the live generation.
 */
import type { Knex } from 'knex';
import type { RecordedEvent } from '../engine/eventStore.ts';

export interface ProjectionContext {
  /** The transaction that also moves the checkpoint: the writes and the checkpoint commit together. */
  readonly trx: Knex.Transaction;
  /** Qualified name of the physical table `name` of the generation being written. */
  table(name: string): string;
  readonly generation: number;
  /**
   * What the handler wants to keep from one batch to the next (say, the rows it wrote, so the next batch
   * need not read them back), for as long as this process feeds the generation without a break. Sound
   * because the checkpoint's compare-and-set makes this run the generation's only writer, and a batch
   * that fails, or that loses the compare-and-set, ends the run: the next one starts with an empty
   * memory. Bounded (the entries set longest ago go first), so anything in it must also be readable.
   */
  readonly memory: Map<string, unknown>;
  /** What `prepare` read for this batch (undefined without `prepare`). */
  readonly prepared?: unknown;
}

export interface Projection {
  readonly name: string;
  readonly version: number;
  /** Event types handled (empty: every event); the others never reach `handle`. */
  readonly eventTypes: readonly string[];
  /** Table name → its columns, created once per generation. */
  readonly tables: Readonly<Record<string, (table: Knex.CreateTableBuilder) => void>>;
  /**
   * Reads a batch needs from elsewhere (other streams, through the event store), done before the batch's
   * transaction opens and handed to `handle` as `ctx.prepared`: a read on another connection while that
   * transaction is open would wait on it forever on a one-connection database (embedded PGlite).
   */
  prepare?(events: readonly RecordedEvent[]): Promise<unknown>;
  handle(events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /**
   * Keep the previous generation's tables (retired) at a switch-over instead of dropping them, until the
   * next one: reports compare two versions' rows (projections/reports/README.md).
   */
  readonly keepsPreviousGeneration?: boolean;
}

const NAME = /^[a-z][a-z0-9_]{0,40}$/;

export function defineProjection<P extends Projection>(projection: P): P {
  if (!NAME.test(projection.name)) throw new TypeError(`projection name ${projection.name}: use snake_case`);
  if (!Number.isInteger(projection.version) || projection.version < 1) {
    throw new TypeError(`projection ${projection.name}: version must be a positive integer`);
  }
  for (const table of Object.keys(projection.tables)) {
    if (!NAME.test(table))
      throw new TypeError(`projection ${projection.name}: table ${table}: use snake_case`);
  }
  return projection;
}
