/**
 * Sends a staff list as a download, streamed: XLSX through our streaming writer (xlsxStream.ts: rows
 * are deflated as they come, so a 100,000-row export never sits in memory), or CSV through csv-stringify.
 * The rows are exactly the list's rows for the same filters (the caller passes the same query).
 *
 * CSV decisions (not shown in the SPEC): `;` as the separator and a UTF-8 byte-order mark, because the
 * staff open these files in Excel with European regional settings (where `,` is the decimal mark);
 * cells starting with `=`, `+`, `-`, `@`, tab or carriage return are prefixed with `'` so a spreadsheet
 * never runs them as formulas (CSV injection). XLSX cells keep their types (numbers, dates).
 */
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { writeXlsx } from './xlsxStream.ts';

export type ExportCell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Row> {
  readonly header: string;
  /** Column width in characters (XLSX). */
  readonly width?: number;
  readonly value: (row: Row) => ExportCell;
}

export type ExportFormat = 'xlsx' | 'csv';

export interface TableExport<Row> {
  readonly format: ExportFormat;
  /** File name without extension (`purchases-2026-11-21`). */
  readonly fileName: string;
  readonly sheetName?: string;
  readonly columns: readonly ExportColumn<Row>[];
  /**
   * The rows, a batch at a time (as they are read: a chunk of a list, a page of a query, or all of them
   * in one), so an export costs an `await` per batch rather than per row.
   */
  readonly batches: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A cell as CSV text, defused against formula injection. */
export function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
}

async function* csvRecords<Row>(table: TableExport<Row>): AsyncGenerator<string[]> {
  yield table.columns.map((column) => column.header);
  for await (const batch of table.batches)
    for (const row of batch) yield table.columns.map((column) => csvCell(column.value(row)));
}

async function* cellsOf<Row>(table: TableExport<Row>): AsyncGenerator<ExportCell[][]> {
  const values = table.columns.map((column) => column.value);
  for await (const batch of table.batches) yield batch.map((row) => values.map((value) => value(row)));
}

/** Streams the table to the reply as an attachment. */
export function sendTableExport<Row>(reply: FastifyReply, table: TableExport<Row>): FastifyReply {
  reply
    .header('content-type', CONTENT_TYPES[table.format])
    .header('content-disposition', `attachment; filename="${table.fileName}.${table.format}"`)
    .header('cache-control', 'no-store');
  const out = new PassThrough();
  const write =
    table.format === 'xlsx'
      ? writeXlsx(
          {
            name: (table.sheetName ?? table.fileName).slice(0, 31),
            columns: table.columns.map((column) => ({
              header: column.header,
              width: column.width ?? Math.max(10, column.header.length + 2),
            })),
            batches: cellsOf(table),
          },
          out,
        )
      : pipeline(Readable.from(csvRecords(table)), stringify({ delimiter: ';', bom: true }), out);
  // A failure half-way (the database went away) cuts the download: the client sees a broken file
  // rather than a complete-looking one with rows missing.
  write.catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed half-way');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(out);
}
