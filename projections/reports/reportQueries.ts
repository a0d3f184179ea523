/**
 * Reading reports: a view's rows (live, or "as of" the last replay up to a moment) with equality
 * filters, a table's rows, the versions whose rows are kept, and the difference between two versions'
 * rows (added, removed, changed by key). README.md beside this.
 */
import type { Knex } from 'knex';
import type { Cell, ColumnType, Report, Row } from './defineReport.ts';
import { type ReportVariant, reportProjectionName, reportTableName } from './reportProjection.ts';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The most rows a view answers (views aggregate: more means a view that should aggregate more). */
export const MAX_VIEW_ROWS = 5000;

/** A version of a report whose rows are still stored (the live one, the one before it, one being built). */
export interface ReportGeneration {
  readonly generation: number;
  readonly version: number;
  readonly status: 'building' | 'live' | 'failed' | 'retired';
}

export class UnknownReportPartError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'UnknownReportPartError';
  }
}

function cast(value: unknown, type: ColumnType): Cell {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
    case 'float':
      return Number(value);
    case 'timestamp':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    case 'boolean':
      return Boolean(value);
    case 'text':
      return String(value);
    default: {
      const unknown: never = type;
      throw new TypeError(String(unknown));
    }
  }
}

function castRow(row: Record<string, unknown>, columns: Readonly<Record<string, ColumnType>>): Row {
  const out: Record<string, Cell> = {};
  for (const [column, type] of Object.entries(columns)) out[column] = cast(row[column], type);
  return out;
}

export function reportQueries(knex: Knex, schema = 'public') {
  const s = quote(schema);

  async function exists(table: string): Promise<boolean> {
    const { rows } = await knex.raw('SELECT to_regclass(?) IS NOT NULL AS present', [`${s}.${quote(table)}`]);
    return rows[0].present;
  }

  return {
    /** A view's rows: filters are equality on the view's declared filter columns. */
    async view(
      report: Report,
      viewName: string,
      filters: Readonly<Record<string, string>> = {},
      variant: ReportVariant = 'live',
    ): Promise<Row[]> {
      const view = report.views[viewName];
      if (!view) {
        throw new UnknownReportPartError(
          'view',
          `report ${report.name} has no view ${viewName}; its views: ${Object.keys(report.views).join(', ')}`,
        );
      }
      for (const column of Object.keys(filters)) {
        if (!view.filters.includes(column))
          throw new UnknownReportPartError(column, `not a filter of this view (${view.filters.join(', ')})`);
      }
      const tables: Record<string, string> = {};
      for (const table of Object.keys(report.tables)) {
        const name = reportTableName(report, table, variant);
        if (!(await exists(name))) return [];
        tables[table] = `${s}.${quote(name)}`;
      }
      const where = Object.keys(filters);
      const { rows } = await knex.raw(
        `SELECT * FROM (${view.sql(tables)}) AS v${where.length ? ` WHERE ${where.map((c) => `v.${quote(c)}::text = ?`).join(' AND ')}` : ''} LIMIT ${MAX_VIEW_ROWS}`,
        where.map((c) => filters[c]!),
      );
      return (rows as Record<string, unknown>[]).map((row) => castRow(row, view.columns));
    },

    /** A table's rows (the live generation by default, or the given one), ordered by its key. */
    async table(report: Report, table: string, generation?: number, variant: ReportVariant = 'live') {
      const definition = report.tables[table];
      if (!definition)
        throw new UnknownReportPartError('table', `report ${report.name} has no table ${table}`);
      const name =
        generation === undefined
          ? reportTableName(report, table, variant)
          : `${reportTableName(report, table, variant)}__g${generation}`;
      if (!(await exists(name))) return [];
      const { rows } = await knex.raw(
        `SELECT * FROM ${s}.${quote(name)} ORDER BY ${definition.key.map(quote).join(', ')}`,
      );
      return (rows as Record<string, unknown>[]).map((row) => castRow(row, definition.columns));
    },

    /** The generations whose tables are still there, newest first. */
    async generations(report: Report): Promise<ReportGeneration[]> {
      const { rows } = await knex.raw(
        `SELECT generation, version, status FROM ${s}.projection_checkpoints WHERE name = ? ORDER BY generation DESC`,
        [reportProjectionName(report)],
      );
      const kept: ReportGeneration[] = [];
      const first = Object.keys(report.tables)[0]!;
      for (const row of rows as ReportGeneration[]) {
        if (await exists(`${reportTableName(report, first)}__g${row.generation}`)) kept.push(row);
      }
      return kept;
    },
  };
}

export interface TableDiff {
  readonly table: string;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  readonly unchanged: number;
  /** A few rows of each kind: before (older version) and after (newer). */
  readonly sample: readonly { change: 'added' | 'removed' | 'changed'; before: unknown; after: unknown }[];
}

export interface ReportDiff {
  readonly report: string;
  readonly from: ReportGeneration;
  readonly to: ReportGeneration;
  readonly tables: readonly TableDiff[];
}

/** Compares the rows two versions of a report keep, table by table, by the key of today's code. */
export async function diffReportVersions(
  knex: Knex,
  report: Report,
  fromVersion: number,
  toVersion: number,
  options: { schema?: string; sample?: number } = {},
): Promise<ReportDiff> {
  const schema = options.schema ?? 'public';
  const s = quote(schema);
  const kept = await reportQueries(knex, schema).generations(report);
  const pick = (version: number) => {
    const generation = kept.find((g) => g.version === version);
    if (!generation) {
      const versions = [...new Set(kept.map((g) => g.version))];
      throw new UnknownReportPartError(
        'version',
        `report ${report.name} keeps no rows of version ${version}; versions kept: ${versions.length ? versions.join(', ') : 'none'}`,
      );
    }
    return generation;
  };
  const from = pick(fromVersion);
  const to = pick(toVersion);
  const tables: TableDiff[] = [];
  for (const [table, { key }] of Object.entries(report.tables)) {
    const name = (g: ReportGeneration) =>
      `${s}.${quote(`${reportTableName(report, table)}__g${g.generation}`)}`;
    const keyOf = `jsonb_build_array(${key.map((column) => `to_jsonb(t)->'${column}'`).join(', ')})`;
    const { rows } = await knex.raw(
      `WITH a AS (SELECT ${keyOf} AS k, to_jsonb(t) - 'doc_key' AS r FROM ${name(from)} t),
            b AS (SELECT ${keyOf} AS k, to_jsonb(t) - 'doc_key' AS r FROM ${name(to)} t),
            d AS (
              SELECT CASE WHEN a.k IS NULL THEN 'added' WHEN b.k IS NULL THEN 'removed'
                       WHEN a.r = b.r THEN 'unchanged' ELSE 'changed' END AS change,
                     coalesce(a.k, b.k) AS k, a.r AS before, b.r AS after
              FROM a FULL JOIN b ON a.k = b.k
            ),
            counted AS (SELECT change, count(*) AS n FROM d GROUP BY change),
            sampled AS (
              SELECT change, before, after,
                     row_number() OVER (PARTITION BY change ORDER BY k) AS i FROM d WHERE change <> 'unchanged'
            )
       SELECT 'count' AS kind, change, n, NULL::jsonb AS before, NULL::jsonb AS after FROM counted
       UNION ALL
       SELECT 'sample', change, NULL, before, after FROM sampled WHERE i <= ?`,
      [options.sample ?? 5],
    );
    const count = (change: string) =>
      Number(
        (rows as { kind: string; change: string; n: string }[]).find(
          (r) => r.kind === 'count' && r.change === change,
        )?.n ?? 0,
      );
    tables.push({
      table,
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      unchanged: count('unchanged'),
      sample: (
        rows as { kind: string; change: 'added' | 'removed' | 'changed'; before: unknown; after: unknown }[]
      )
        .filter((r) => r.kind === 'sample')
        .map(({ change, before, after }) => ({ change, before, after })),
    });
  }
  return { report: report.name, from, to, tables };
}

export type ReportQueries = ReturnType<typeof reportQueries>;
