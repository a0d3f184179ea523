/**
 * A report: a projection written as a pure fold, in one file under projections/reports/
 * (`<name>.report.ts`). How to write one: projections/reports/README.md.
 */
import type { Locale } from '../../domain/markets.ts';
import type { JsonValue, Position } from '../../engine/eventStore.ts';

/** The types a report's columns may have (text, whole numbers, decimals, ISO times, yes/no). */
export const COLUMN_TYPES = ['text', 'integer', 'float', 'timestamp', 'boolean'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export type Cell = string | number | boolean | null;
export type Row = Readonly<Record<string, Cell>>;

export interface ReportTable {
  readonly columns: Readonly<Record<string, ColumnType>>;
  /** The columns that identify a row (unique; a report's versions are compared row by row on them). */
  readonly key: readonly string[];
}

/** How the back office draws a view: `x` along the axis, one bar or line per `y` (per `series` value). */
export interface ReportChart {
  readonly kind: 'bar' | 'line';
  readonly x: string;
  readonly y: readonly string[];
  /** A column whose values each get their own bars or line (say, the market). */
  readonly series?: string;
}

/** What analysts read: SQL over the report's tables, with its columns, filters and chart. */
export interface ReportView<TableName extends string = string> {
  readonly columns: Readonly<Record<string, ColumnType>>;
  /** A SELECT over the tables, named by `tables[name]` (already qualified); its columns as declared. */
  readonly sql: (tables: Readonly<Record<TableName, string>>) => string;
  /** Columns the back office filters on (equality, in the URL). */
  readonly filters: readonly string[];
  readonly chart: ReportChart;
}

export type Headings = Readonly<Record<string, string>>;

export interface ReportLabels {
  readonly title: string;
  readonly description: string;
  readonly headings?: Headings;
}

/** A stored event as a fold sees it: its type and data, its stream, when it was recorded. */
export type ReportEvent<E extends { type: string; data: unknown } = { type: string; data: unknown }> = E & {
  readonly streamName: string;
  readonly created: Date;
  readonly position: Position;
};

export interface ReportDefinition<
  S extends JsonValue,
  E extends { type: string; data: unknown },
  TableName extends string,
> {
  /** snake_case, at most 24 characters; the file is `<name>.report.ts`. */
  readonly name: string;
  /** Bump it when the rows change shape or meaning: the new version builds beside the live one. */
  readonly version: number;
  readonly title: string;
  readonly description: string;
  /**
   * Headings of the views and of their columns, by name (`by_step`, `median_minutes`); a name without
   * one is shown as written, its underscores as spaces.
   */
  readonly headings?: Headings;
  /**
   * The title, description and headings in other languages (the back office falls back to `title`,
   * `description` and `headings`, heading by heading).
   */
  readonly labels?: Readonly<Partial<Record<Locale, ReportLabels>>>;
  /** The event types folded (others never reach `evolve`). */
  readonly events: readonly E['type'][];
  readonly tables: Readonly<Record<TableName, ReportTable>>;
  /** The document an event folds into (default: its stream); null skips the event. */
  readonly keyOf?: (event: ReportEvent<E>) => string | null;
  /** A document's state before its first event (JSON: it is stored between batches). */
  readonly initial: () => S;
  /** Pure: the document's state after one more event. No clock, no I/O. */
  readonly evolve: (state: S, event: ReportEvent<E>) => S;
  /** Every row the document contributes now, per table (they replace what it contributed before). */
  readonly rows: (state: S, key: string) => Partial<Record<TableName, readonly Row[]>>;
  readonly views: Readonly<Record<string, ReportView<TableName>>>;
}

/** A report as the runner and the back office use it (its state and events erased to JSON). */
export type Report = ReportDefinition<JsonValue, { type: string; data: unknown }, string>;

const REPORT_NAME = /^[a-z][a-z0-9_]{0,23}$/;
const PART_NAME = /^[a-z][a-z0-9_]{0,15}$/;

export function defineReport<
  S extends JsonValue,
  E extends { type: string; data: unknown },
  TableName extends string,
>(definition: ReportDefinition<S, E, TableName>): Report {
  const fail = (message: string): never => {
    throw new TypeError(`report ${definition.name}: ${message}`);
  };
  if (!REPORT_NAME.test(definition.name)) fail('name: snake_case, at most 24 characters');
  if (!Number.isInteger(definition.version) || definition.version < 1)
    fail('version must be a positive integer');
  if (definition.events.length === 0) fail('reads no event type');
  const tables = Object.entries(definition.tables) as [string, ReportTable][];
  if (tables.length === 0) fail('has no table');
  for (const [table, { columns, key }] of tables) {
    if (!PART_NAME.test(table) || table === 'state')
      fail(`table ${table}: snake_case, at most 16, not "state"`);
    for (const column of Object.keys(columns)) {
      if (!PART_NAME.test(column) || column === 'doc_key') fail(`table ${table}: column ${column}`);
    }
    if (key.length === 0 || key.some((k) => !(k in columns)))
      fail(`table ${table}: key must name its columns`);
  }
  const views = Object.entries(definition.views);
  if (views.length === 0) fail('has no view');
  for (const [view, { columns, filters, chart }] of views) {
    if (!PART_NAME.test(view)) fail(`view ${view}: snake_case, at most 16`);
    for (const column of [...filters, chart.x, ...chart.y, ...(chart.series ? [chart.series] : [])]) {
      if (!(column in columns)) fail(`view ${view}: ${column} is not one of its columns`);
    }
  }
  const named = new Set(views.flatMap(([view, { columns }]) => [view, ...Object.keys(columns)]));
  const headingSets = [
    ['headings', definition.headings],
    ...Object.entries(definition.labels ?? {}).map(([locale, l]) => [
      `labels.${locale}.headings`,
      l?.headings,
    ]),
  ] as const;
  for (const [where, headings] of headingSets) {
    for (const name of Object.keys(headings ?? {})) {
      if (!named.has(name)) fail(`${where}: ${name} is neither a view nor a view's column`);
    }
  }
  return definition as unknown as Report;
}
