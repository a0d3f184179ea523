/**
 * Funnel statistics (issue 4 §7): entries and exits per funnel, market, day (UTC, of the event's time)
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
 * projection over the same events.
 */
import type { Knex } from 'knex';
import { PURCHASE_EVENT_TYPES } from '../../domain/purchase/events.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';
import { eventsByStream, rowsWhere, upsertRows } from '../streamBatch.ts';
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
  async handle(events, { trx, table }) {
    const counts = new Map<string, Counts>();
    const streams: Record<string, unknown>[] = [];
    for (const fold of [purchaseFold, bookingFold] as FunnelFold<unknown>[]) {
      streams.push(...(await foldFunnel(trx, table('funnel_statistics_streams'), fold, events, counts)));
    }
    await upsertRows(trx, table('funnel_statistics_streams'), 'stream_name', streams);
    await addCounts(trx, table('funnel_statistics'), [...counts.values()]);
  },
});

/** Folds the batch's streams of one funnel, adding their moves to `counts`; the streams' new rows. */
async function foldFunnel(
  trx: Knex.Transaction,
  streamsTable: string,
  fold: FunnelFold<unknown>,
  events: readonly RecordedEvent[],
  counts: Map<string, Counts>,
): Promise<Record<string, unknown>[]> {
  const byId = eventsByStream(events, fold.streamPrefix);
  const names = [...byId.keys()].map((id) => fold.streamPrefix + id);
  const stored = await rowsWhere<StreamRecord>(trx, streamsTable, 'stream_name', names);
  const count = (locale: string, day: string, step: string, move: 'entries' | 'exits') => {
    const key = `${fold.funnel}|${locale}|${day}|${step}`;
    const row = counts.get(key) ?? { funnel: fold.funnel, locale, day, step, entries: 0, exits: 0 };
    row[move] += 1;
    counts.set(key, row);
  };
  const rows: Record<string, unknown>[] = [];
  for (const [id, recorded] of byId) {
    const name = fold.streamPrefix + id;
    const before = stored.get(name)?.[0];
    let state = before ? fold.restore(before.snapshot) : fold.initial();
    let revision = before ? BigInt(before.revision) : -1n;
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
    rows.push({
      stream_name: name,
      funnel: fold.funnel,
      locale: fold.locale(state),
      revision: revision.toString(),
      snapshot: JSON.stringify(fold.persist(state)),
    });
  }
  return rows;
}

async function addCounts(trx: Knex.Transaction, statistics: string, rows: readonly Counts[]) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await trx.raw(
      `INSERT INTO ${statistics} AS s (funnel, locale, day, step, entries, exits)
       VALUES ${chunk.map(() => '(?, ?, ?::date, ?, ?, ?)').join(', ')}
       ON CONFLICT (funnel, day, locale, step)
       DO UPDATE SET entries = s.entries + EXCLUDED.entries, exits = s.exits + EXCLUDED.exits`,
      chunk.flatMap((r) => [r.funnel, r.locale, r.day, r.step, r.entries, r.exits]),
    );
  }
}
