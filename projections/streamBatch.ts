/**
 * What projections folding streams share: a batch's events grouped by stream, reading the rows a
 * projection keeps per stream, and writing them back in one statement per chunk of rows.
 */
import type { Knex } from 'knex';
import type { RecordedEvent } from '../engine/eventStore.ts';

/** The batch's events of streams `<prefix><id>`, by id, in stream order (a batch is in `$all` order). */
export function eventsByStream(
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

/** The rows of `table` whose `column` is one of `values`, grouped by that column. */
export async function rowsWhere<Row extends Record<string, unknown>>(
  trx: Knex.Transaction,
  table: string,
  column: string,
  values: readonly string[],
): Promise<Map<string, Row[]>> {
  const found = new Map<string, Row[]>();
  if (values.length === 0) return found;
  const { rows } = await trx.raw(`SELECT * FROM ${table} WHERE ${column} = ANY(?::text[])`, [[...values]]);
  for (const row of rows as Row[]) {
    const value = String(row[column]);
    const list = found.get(value);
    if (list) list.push(row);
    else found.set(value, [row]);
  }
  return found;
}

/**
 * Inserts or replaces whole rows keyed by `key` (one statement per chunk of rows). With `sameColumn`, a
 * stored row is only replaced when that column is the same in both (a stream never takes over the row
 * of another stream).
 */
export async function upsertRows(
  trx: Knex.Transaction,
  table: string,
  key: string,
  rows: readonly Record<string, unknown>[],
  sameColumn?: string,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const updates = columns
    .filter((c) => c !== key)
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  const guard = sameColumn && sameColumn !== key ? ` WHERE t.${sameColumn} = EXCLUDED.${sameColumn}` : '';
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await trx.raw(
      `INSERT INTO ${table} AS t (${columns.join(', ')}) VALUES ${values}
       ON CONFLICT (${key}) DO UPDATE SET ${updates}${guard}`,
      chunk.flatMap((row) => columns.map((c) => (row[c] ?? null) as Knex.Value)),
    );
  }
}
