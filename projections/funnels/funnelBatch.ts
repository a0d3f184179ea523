/**
 * What the funnel projections share: a batch's events grouped by funnel stream, each event's business
 * time, and reading the per-stream rows a projection keeps (its folded machine snapshot).
 *
 * Booking and purchase events share some type names (`DepositRefunded`), so a funnel projection picks
 * its events by stream (`booking-…`, `purchase-…`), not by type alone.
 */
import type { Knex } from 'knex';
import type { RecordedEvent } from '../../engine/eventStore.ts';

/**
 * When the event happened: its metadata's `at` (FunnelEventMetadata, the command's injected time),
 * else when the store recorded it. Reports use this, so a replay files each event under the same day.
 */
export function eventTime(event: RecordedEvent): Date {
  const at = event.metadata?.at;
  if (typeof at === 'string') {
    const time = new Date(at);
    if (!Number.isNaN(time.getTime())) return time;
  }
  return event.created;
}

/** The batch's events of streams `<prefix><id>`, by id, in stream order (a batch is in `$all` order). */
export function eventsByFunnel(
  events: readonly RecordedEvent[],
  prefix: string,
): Map<string, RecordedEvent[]> {
  const byId = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    if (!event.streamName.startsWith(prefix)) continue;
    const id = event.streamName.slice(prefix.length);
    const list = byId.get(id);
    if (list) list.push(event);
    else byId.set(id, [event]);
  }
  return byId;
}

/** The rows of `table` whose `key` is one of `ids`, by key. */
export async function rowsByKey<Row extends Record<string, unknown>>(
  trx: Knex.Transaction,
  table: string,
  key: string,
  ids: readonly string[],
): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  if (ids.length === 0) return found;
  const { rows } = await trx.raw(`SELECT * FROM ${table} WHERE ${key} = ANY(?::text[])`, [[...ids]]);
  for (const row of rows as Row[]) found.set(String(row[key]), row);
  return found;
}

/** Inserts or replaces whole rows keyed by `key` (one statement per chunk of rows). */
export async function upsertRows(
  trx: Knex.Transaction,
  table: string,
  key: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const updates = columns
    .filter((c) => c !== key)
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await trx.raw(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}
       ON CONFLICT (${key}) DO UPDATE SET ${updates}`,
      chunk.flatMap((row) => columns.map((c) => (row[c] ?? null) as Knex.Value)),
    );
  }
}
