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

/** The most rows one statement of {@link upsertRows} writes. */
export const ROWS_PER_STATEMENT = 500;

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
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const { sql, bindings } = upsertStatement(table, key, rows.slice(i, i + ROWS_PER_STATEMENT), sameColumn);
    await trx.raw(sql, bindings);
  }
}

/** The statement of {@link upsertRows} for one chunk of rows (all with the first row's columns). */
export function upsertStatement(
  table: string,
  key: string,
  rows: readonly Record<string, unknown>[],
  sameColumn?: string,
): { sql: string; bindings: Knex.Value[] } {
  const columns = Object.keys(rows[0]!);
  const updates = columns
    .filter((c) => c !== key)
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  const guard = sameColumn && sameColumn !== key ? ` WHERE t.${sameColumn} = EXCLUDED.${sameColumn}` : '';
  const values = rows.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
  return {
    sql: `INSERT INTO ${table} AS t (${columns.join(', ')}) VALUES ${values}
       ON CONFLICT (${key}) DO UPDATE SET ${updates}${guard}`,
    bindings: rows.flatMap((row) => columns.map((c) => (row[c] ?? null) as Knex.Value)),
  };
}
