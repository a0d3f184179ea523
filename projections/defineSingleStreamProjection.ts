/**
 * A single-stream projection (as emmett's `pongoSingleStreamProjection`): each stream `<prefix><id>` is
 * one document, kept in the row(s) of the read model that belong to the stream. A batch restores each of
 * its streams' documents from those rows (or starts from `initial()`), evolves it with the stream's
 * events above the revision the rows were written at, and writes the rows back in one statement.
 *
 * Every row carries `revision`, the stream's last revision applied, so an event at or below it is
 * skipped: a stream started in an earlier batch carries on where it stopped, and no event counts twice.
 *
 * Reads are spared where they can be: the documents a batch wrote are kept in the run's memory
 * (ProjectionContext.memory) for the next batches, and a stream whose events in the batch begin at its
 * revision 0 has its whole history (of these event types) in the batch, so it is folded from
 * `initial()` without a read: its rows come out the same whatever was stored.
 * A stream usually has one row, keyed by its id (`key`); one that keeps several (a car's holds) names the
 * column holding the stream's id (`streamColumn`), and its rows are all written at each batch. A key
 * belongs to one stream (the one whose rows hold it, else the first to write it): another stream's
 * row with the same key is never written over.
 *
 * It is a {@link Projection} like any other: the runner's checkpoint, generations and rebuilds apply.
 */
import type { Knex } from 'knex';
import type { RecordedEvent } from '../engine/eventStore.ts';
import { defineProjection, type Projection } from './defineProjection.ts';
import { eventsByStream, rowsWhere, upsertRows } from './streamBatch.ts';

/** A row as read back (bigint columns come back as strings). */
export type StoredRow = Record<string, unknown> & { readonly revision: string | number };

export interface SingleStreamProjectionOptions<State> {
  readonly name: string;
  readonly version: number;
  /** The event types folded (empty: every event of the streams). */
  readonly eventTypes: readonly string[];
  /** The streams folded, `<streamPrefix><id>`; the events of other streams are ignored. */
  readonly streamPrefix: string;
  readonly table: string;
  /** The table's primary key. */
  readonly key: string;
  /** The column holding the stream's id when a stream keeps several rows (default: `key`). */
  readonly streamColumn?: string;
  /** Every column of the table (`key`, `streamColumn` and a bigint `revision` among them), its indexes. */
  readonly columns: (table: Knex.CreateTableBuilder) => void;
  /** The document of a stream not seen yet. */
  readonly initial: () => State;
  /** The document a stream's stored rows hold (at least one row). */
  readonly restore: (rows: readonly StoredRow[]) => State;
  /** The document after one more event; throws for an event it cannot take (the projection stops). */
  readonly evolve: (state: State, event: RecordedEvent) => State;
  /** The stream's rows for `state` (the helper adds `revision` to each); all with the same columns. */
  readonly rows: (id: string, state: State) => Record<string, unknown>[];
}

/** A stream's document and the revision of its last event applied (-1: none). */
export interface Folded<State> {
  readonly state: State;
  readonly revision: bigint;
}

export function defineSingleStreamProjection<State>(
  options: SingleStreamProjectionOptions<State>,
): Projection {
  const { table, key, streamPrefix } = options;
  const streamColumn = options.streamColumn ?? key;
  return defineProjection({
    name: options.name,
    version: options.version,
    eventTypes: options.eventTypes,
    tables: { [table]: options.columns },
    async handle(events, { trx, table: physical, memory }) {
      const target = physical(table);
      const kept = memory as Map<string, Kept<State>>;
      const byId = eventsByStream(events, streamPrefix);
      // Read only the streams this run has not kept and whose whole history is not in the batch.
      const unknown = [...byId].filter(([id, recorded]) => !kept.has(id) && recorded[0]!.revision !== 0n);
      const stored = await rowsWhere<StoredRow>(
        trx,
        target,
        streamColumn,
        unknown.map(([id]) => id),
      );
      // A key belongs to one stream: the one whose rows already hold it, else the first to write it.
      const rows = new Map<string, { row: Record<string, unknown>; held: boolean }>();
      const keep = new Map<string, Kept<State>>();
      for (const [id, recorded] of byId) {
        const found = stored.get(id);
        const before: Kept<State> =
          kept.get(id) ??
          (found
            ? {
                state: options.restore(found),
                revision: lastRevision(found),
                keys: new Set(found.map((row) => String(row[key]))),
              }
            : { state: options.initial(), revision: -1n, keys: new Set() });
        const after = foldStream(before, recorded, options.evolve);
        if (after === before) {
          keep.set(id, before);
          continue;
        }
        const keys = new Set<string>();
        for (const row of options.rows(id, after.state)) {
          const k = String(row[key]);
          const other = rows.get(k);
          if (other && (other.held || !before.keys.has(k))) continue;
          rows.set(k, { row: { ...row, revision: after.revision.toString() }, held: before.keys.has(k) });
          keys.add(k);
        }
        keep.set(id, { ...after, keys });
      }
      await upsertRows(
        trx,
        target,
        key,
        [...rows.values()].map((r) => r.row),
        streamColumn,
      );
      for (const [id, document] of keep) kept.set(id, document);
    },
  });
}

/** What a run keeps of a stream between batches: its document, revision and the keys of its rows. */
interface Kept<State> extends Folded<State> {
  readonly keys: ReadonlySet<string>;
}

/** `folded` evolved with the events above its revision; `folded` itself when there are none. */
function foldStream<State, F extends Folded<State>>(
  folded: F,
  events: readonly RecordedEvent[],
  evolve: (state: State, event: RecordedEvent) => State,
): F | Folded<State> {
  let { state, revision } = folded;
  for (const event of events) {
    if (event.revision <= revision) continue;
    state = evolve(state, event);
    revision = event.revision;
  }
  return revision === folded.revision ? folded : { state, revision };
}

function lastRevision(rows: readonly StoredRow[]): bigint {
  return rows.reduce((max, row) => {
    const revision = BigInt(row.revision);
    return revision > max ? revision : max;
  }, -1n);
}
