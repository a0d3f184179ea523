/**
 * A report as a projection of the runner (exactly-once batches, generations): its tables
 * `report_<name>__<table>` (plus `doc_key`, the document a row comes from) and `report_<name>__state`
 * (each document's folded state). A batch groups its events by document, folds them from the stored
 * state (or the one this run kept), and replaces the documents' rows: one statement per table.
 * The "as of" variant (`report_<name>_asof`) holds the replay up to a moment. README.md beside this.
 */
import type { Knex } from 'knex';
import type { JsonValue, RecordedEvent } from '../../engine/eventStore.ts';
import type { Projection } from '../defineProjection.ts';
import type { ColumnType, Report, ReportEvent, Row } from './defineReport.ts';

export type ReportVariant = 'live' | 'asof';

/** A report's fold threw on `event` (the runner records that event with the error). */
export class FoldError extends Error {
  constructor(
    readonly event: RecordedEvent,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = cause instanceof Error ? cause.name : 'Error';
  }
}

export function reportProjectionName(report: Pick<Report, 'name'>, variant: ReportVariant = 'live'): string {
  return variant === 'live' ? `report_${report.name}` : `report_${report.name}_asof`;
}

/** The name of a report table (its view, showing the live generation) for a variant. */
export function reportTableName(
  report: Pick<Report, 'name'>,
  table: string,
  variant: ReportVariant = 'live',
) {
  return `${reportProjectionName(report, variant)}__${table}`;
}

function addColumn(t: Knex.CreateTableBuilder, name: string, type: ColumnType): void {
  switch (type) {
    case 'text':
      t.text(name);
      return;
    case 'integer':
      t.bigInteger(name);
      return;
    case 'float':
      t.double(name);
      return;
    case 'timestamp':
      t.timestamp(name, { useTz: true });
      return;
    case 'boolean':
      t.boolean(name);
      return;
    default: {
      const unknown: never = type;
      throw new TypeError(`column type ${String(unknown)}`);
    }
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function reportProjection(report: Report, variant: ReportVariant = 'live'): Projection {
  const name = reportProjectionName(report, variant);
  const tableOf = (table: string) => `${name}__${table}`;
  const stateTable = tableOf('state');
  const tables: Record<string, (t: Knex.CreateTableBuilder) => void> = {
    [stateTable]: (t) => {
      t.text('key').primary();
      t.jsonb('state').notNullable();
    },
  };
  for (const [table, { columns, key }] of Object.entries(report.tables)) {
    tables[tableOf(table)] = (t) => {
      t.text('doc_key').notNullable();
      for (const [column, type] of Object.entries(columns)) addColumn(t, column, type);
      // One index: a document's rows are found (and replaced) by its key; a row's own key is unique
      // within its document (keys are meant to be unique across documents too, as the diff assumes).
      t.primary(['doc_key', ...key]);
    };
  }
  const keyOf = report.keyOf ?? ((event: ReportEvent) => event.streamName);

  return {
    name,
    version: report.version,
    eventTypes: report.events,
    tables,
    keepsPreviousGeneration: variant === 'live',
    // Also when the runner rebuilds a new version by itself (bench/RESULTS.md, reports).
    async handle(events: readonly RecordedEvent[], ctx) {
      // The batch's documents, in the order they first appear, with their events in log order.
      const byKey = new Map<string, ReportEvent[]>();
      for (const event of events) {
        const reportEvent = event as unknown as ReportEvent;
        const key = keyOf(reportEvent);
        if (key === null) continue;
        const list = byKey.get(key);
        if (list) list.push(reportEvent);
        else byKey.set(key, [reportEvent]);
      }
      if (byKey.size === 0) return;
      const keys = [...byKey.keys()];
      const states = new Map<string, JsonValue>();
      const unknown: string[] = [];
      for (const key of keys) {
        const kept = ctx.memory.get(key);
        if (kept === undefined) unknown.push(key);
        else states.set(key, kept as JsonValue);
      }
      if (unknown.length > 0) {
        const { rows } = await ctx.trx.raw(
          `SELECT key, state FROM ${ctx.table(stateTable)} WHERE key = ANY(?)`,
          [unknown],
        );
        for (const row of rows as { key: string; state: JsonValue }[]) states.set(row.key, row.state);
      }
      // Documents stored before have rows to replace; new ones only add.
      const existing = keys.filter((key) => states.has(key));
      const written: { key: string; state: JsonValue }[] = [];
      const rowsOf: Record<string, Record<string, unknown>[]> = {};
      for (const key of keys) {
        let state = states.has(key) ? states.get(key)! : report.initial();
        for (const event of byKey.get(key)!) {
          try {
            state = report.evolve(state, event);
          } catch (error) {
            throw new FoldError(event as unknown as RecordedEvent, error);
          }
        }
        written.push({ key, state });
        const produced = report.rows(state, key);
        for (const [table, rows] of Object.entries(produced)) {
          if (!(table in report.tables)) throw new Error(`rows for unknown table ${table}`);
          rowsOf[table] ??= [];
          const target = rowsOf[table];
          for (const row of rows ?? []) target.push({ ...row, doc_key: key });
        }
      }
      // One statement: each table's rows upserted and the document's rows it no longer has deleted
      // (disjoint rows, so one statement's parts never touch the same row), and the states.
      const parts: string[] = [];
      const bindings: (string | string[])[] = [];
      for (const [i, [table, { columns, key }]] of Object.entries(report.tables).entries()) {
        const target = ctx.table(tableOf(table));
        const names = ['doc_key', ...Object.keys(columns)];
        const keys = ['doc_key', ...key];
        const others = names.filter((n) => !keys.includes(n));
        const list = names.map(quote).join(', ');
        parts.push(
          `rows_${i} AS (SELECT ${list} FROM json_populate_recordset(NULL::${target}, ?::json))`,
          `gone_${i} AS (DELETE FROM ${target} t WHERE t.doc_key = ANY(?) AND NOT EXISTS (
             SELECT 1 FROM rows_${i} r WHERE ${keys.map((k) => `r.${quote(k)} = t.${quote(k)}`).join(' AND ')}))`,
          `put_${i} AS (INSERT INTO ${target} (${list}) SELECT ${list} FROM rows_${i}
             ON CONFLICT (${keys.map(quote).join(', ')}) DO ${
               others.length === 0
                 ? 'NOTHING'
                 : `UPDATE SET ${others.map((n) => `${quote(n)} = excluded.${quote(n)}`).join(', ')}`
             })`,
        );
        bindings.push(JSON.stringify(rowsOf[table] ?? []), existing);
      }
      await ctx.trx.raw(
        `WITH ${parts.join(',\n')}
         INSERT INTO ${ctx.table(stateTable)} (key, state)
         SELECT key, state FROM json_to_recordset(?::json) AS x(key text, state jsonb)
         ON CONFLICT (key) DO UPDATE SET state = excluded.state`,
        [...bindings, JSON.stringify(written)],
      );
      for (const { key, state } of written) ctx.memory.set(key, state);
    },
  };
}

/** A row of a report table as stored (without `doc_key`), for reading and comparing. */
export type StoredRow = Row;
