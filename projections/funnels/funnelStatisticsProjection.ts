/**
 * Funnel statistics: entries and exits per funnel, market, day (UTC, of the event's time)
 * and step. Each event is folded through its funnel's machine; when the position (funnelSteps.ts)
 * before and after it differ, the event counts one exit from the old position and one entry into the
 * new one. So entries count arrivals (a buyer who goes back to delivery and on again enters funding
 * twice), exits count departures (forward, back or to an outcome), and over all days entries − exits
 * of a step is the number of funnels on it now. Outcome positions (confirmed, cancelled, …) only
 * take entries.
 *
 * The fold needs each stream's machine state before the event, so the projection keeps it per stream
 * (`funnel_statistics_streams`, the persisted snapshot and the last revision applied) in its own
 * generation: a rebuild recounts everything from the events, and a new report nobody planned is a new
 * projection over the same events. A run keeps the states it wrote in its memory, so a batch only reads
 * back the streams it has not seen yet.
 */
import type { Knex } from 'knex';
import { PURCHASE_EVENT_TYPES } from '../../domain/purchase/events.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';
import {
  eventsByStream,
  ROWS_PER_STATEMENT,
  rowsWhere,
  upsertRows,
  upsertStatement,
} from '../streamBatch.ts';
import { BOOKING_EVENT_TYPES } from './bookingRow.ts';
import { eventTime } from './funnelBatch.ts';
import { bookingFold, type FunnelFold, purchaseFold } from './funnelSteps.ts';

interface StreamRecord extends Record<string, unknown> {
  stream_name: string;
  funnel: string;
  locale: string | null;
  revision: string;
  snapshot: unknown;
}

interface Counts {
  funnel: string;
  locale: string;
  day: string;
  step: string;
  entries: number;
  exits: number;
}

export const funnelStatisticsProjection = defineProjection({
  name: 'funnel_statistics',
  version: 1,
  eventTypes: [...new Set<string>([...PURCHASE_EVENT_TYPES, ...BOOKING_EVENT_TYPES])],
  tables: {
    funnel_statistics: (t) => {
      t.text('funnel').notNullable();
      t.text('locale').notNullable();
      t.date('day').notNullable();
      t.text('step').notNullable();
      t.integer('entries').notNullable();
      t.integer('exits').notNullable();
      t.primary(['funnel', 'day', 'locale', 'step']);
    },
    funnel_statistics_streams: (t) => {
      t.text('stream_name').primary();
      t.text('funnel').notNullable();
      t.text('locale');
      t.bigInteger('revision').notNullable();
      t.jsonb('snapshot').notNullable();
    },
  },
  async handle(events, { trx, table, memory }) {
    const counts = new Map<string, Counts>();
    const streams = new Map<string, Folded>();
    for (const fold of [purchaseFold, bookingFold] as FunnelFold<unknown>[]) {
      const context = { trx, streamsTable: table('funnel_statistics_streams'), kept: memory, counts };
      for (const [name, folded] of await foldFunnel(context, fold, events)) streams.set(name, folded);
    }
    const streamRows = [...streams].map(([name, f]) => ({
      stream_name: name,
      funnel: f.fold.funnel,
      locale: f.fold.locale(f.state),
      revision: f.revision.toString(),
      snapshot: JSON.stringify(f.fold.persist(f.state)),
    }));
    await writeBatch(trx, table, streamRows, [...counts.values()]);
    // This run keeps each stream's state: the next batch need not read it back.
    for (const [name, folded] of streams) memory.set(name, folded);
  },
});

/** A funnel stream's machine state and the revision of its last event applied. */
interface Folded {
  readonly fold: FunnelFold<unknown>;
  readonly state: unknown;
  readonly revision: bigint;
}

interface FoldContext {
  readonly trx: Knex.Transaction;
  readonly streamsTable: string;
  /** The states this run kept from its earlier batches, by stream name. */
  readonly kept: Map<string, unknown>;
  readonly counts: Map<string, Counts>;
}

/** Folds the batch's streams of one funnel, adding their moves to `counts`; the streams' new states. */
async function foldFunnel(
  { trx, streamsTable, kept, counts }: FoldContext,
  fold: FunnelFold<unknown>,
  events: readonly RecordedEvent[],
): Promise<Map<string, Folded>> {
  const byId = eventsByStream(events, fold.streamPrefix);
  const names = [...byId.keys()].map((id) => fold.streamPrefix + id);
  const unknown = names.filter((name) => !kept.has(name));
  const stored = await rowsWhere<StreamRecord>(trx, streamsTable, 'stream_name', unknown);
  const count = (locale: string, day: string, step: string, move: 'entries' | 'exits') => {
    const key = `${fold.funnel}|${locale}|${day}|${step}`;
    const row = counts.get(key) ?? { funnel: fold.funnel, locale, day, step, entries: 0, exits: 0 };
    row[move] += 1;
    counts.set(key, row);
  };
  const folded = new Map<string, Folded>();
  for (const [id, recorded] of byId) {
    const name = fold.streamPrefix + id;
    const row = stored.get(name)?.[0];
    const before = (kept.get(name) as Folded | undefined) ?? {
      fold,
      state: row ? fold.restore(row.snapshot) : fold.initial(),
      revision: row ? BigInt(row.revision) : -1n,
    };
    let { state, revision } = before;
    for (const event of recorded) {
      if (event.revision <= revision) continue;
      const from = fold.position(state);
      state = fold.evolve(state, event);
      revision = event.revision;
      const to = fold.position(state);
      const locale = fold.locale(state);
      if (from === to || locale === null) continue;
      const day = eventTime(event).toISOString().slice(0, 10);
      if (from !== null) count(locale, day, from, 'exits');
      if (to !== null) count(locale, day, to, 'entries');
    }
    folded.set(name, { fold, state, revision });
  }
  return folded;
}

/** The streams' states and the counts, in one statement when each fits in one. */
async function writeBatch(
  trx: Knex.Transaction,
  table: (name: string) => string,
  streams: readonly Record<string, unknown>[],
  counts: readonly Counts[],
): Promise<void> {
  const streamsTable = table('funnel_statistics_streams');
  if (streams.length === 0 || streams.length > ROWS_PER_STATEMENT || counts.length > ROWS_PER_STATEMENT) {
    await upsertRows(trx, streamsTable, 'stream_name', streams);
    for (let i = 0; i < counts.length; i += ROWS_PER_STATEMENT) {
      const { sql, bindings } = countsStatement(
        table('funnel_statistics'),
        counts.slice(i, i + ROWS_PER_STATEMENT),
      );
      await trx.raw(sql, bindings);
    }
    return;
  }
  const upsert = upsertStatement(streamsTable, 'stream_name', streams);
  if (counts.length === 0) {
    await trx.raw(upsert.sql, upsert.bindings);
    return;
  }
  const add = countsStatement(table('funnel_statistics'), counts);
  await trx.raw(`WITH streams AS (${upsert.sql}) ${add.sql}`, [...upsert.bindings, ...add.bindings]);
}

function countsStatement(
  statistics: string,
  rows: readonly Counts[],
): { sql: string; bindings: Knex.Value[] } {
  return {
    sql: `INSERT INTO ${statistics} AS s (funnel, locale, day, step, entries, exits)
       VALUES ${rows.map(() => '(?, ?, ?::date, ?, ?, ?)').join(', ')}
       ON CONFLICT (funnel, day, locale, step)
       DO UPDATE SET entries = s.entries + EXCLUDED.entries, exits = s.exits + EXCLUDED.exits`,
    bindings: rows.flatMap((r) => [r.funnel, r.locale, r.day, r.step, r.entries, r.exits]),
  };
}
