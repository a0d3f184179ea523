/**
 * A feed file's bytes → its data lines by column, each with its line number in the file (CSV line,
 * XLSX row). A file that cannot be read at all (empty, not CSV/XLSX, no valid header) is a
 * ValidationError; what is wrong inside a line is left to `parseFeedRow`.
 */
import { parse } from 'csv-parse/sync';
import type { CellValue } from 'exceljs';
import {
  type FeedCell,
  type FeedFormat,
  type FeedHeader,
  type FeedRecord,
  feedRecord,
  isBlankLine,
  readFeedHeader,
} from '../../domain/catalogue/feed/feedFormat.ts';
import { ValidationError } from '../../domain/errors.ts';

export async function readFeedFile(content: Uint8Array, format: FeedFormat): Promise<FeedRecord[]> {
  if (content.byteLength === 0) throw ValidationError.field('file', 'is empty');
  const lines = format === 'csv' ? readCsv(content) : await readXlsx(content);
  let header: FeedHeader | undefined;
  const records: FeedRecord[] = [];
  for (const { line, cells } of lines) {
    if (isBlankLine(cells)) continue;
    if (!header) header = readFeedHeader(cells);
    else records.push(feedRecord(header, line, cells));
  }
  if (!header) throw ValidationError.field('file', 'has no header line (it is empty)');
  return records;
}

interface Line {
  readonly line: number;
  readonly cells: readonly FeedCell[];
}

function decode(content: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    // Not UTF-8: spreadsheet programs often save CSV in Windows-1252.
    return new TextDecoder('windows-1252').decode(content);
  }
}

function readCsv(content: Uint8Array): Line[] {
  const text = decode(content).replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw ValidationError.field('file', 'is not a CSV text file');
  const firstLine = firstNonEmptyLine(text);
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  try {
    const records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
    // Line numbers without csv-parse's per-record `info` (a quarter of the parse time): each record
    // takes one line plus the line breaks inside its quoted fields; empty lines come as records too.
    let line = 1;
    return records.map((cells) => {
      const at = line;
      line += 1;
      for (const cell of cells) if (cell.includes('\n')) line += cell.split('\n').length - 1;
      return { line: at, cells };
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw ValidationError.field(
      'file',
      `is not valid CSV${line ? ` (line ${line})` : ''}: ${(error as Error).message}`,
    );
  }
}

function firstNonEmptyLine(text: string): string {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    if (line.trim() !== '') return line;
    if (end === -1) break;
    start = end + 1;
  }
  return '';
}

async function readXlsx(content: Uint8Array): Promise<Line[]> {
  // exceljs (~8 MB of heap) is loaded on the first XLSX feed, not at the server's start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(content.buffer, content.byteOffset, content.byteLength) as never);
  } catch {
    throw ValidationError.field('file', 'is not an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw ValidationError.field('file', 'has no worksheet');
  const lines: Line[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = row.values as CellValue[];
    // `row.values` is 1-based (index 0 is empty).
    lines.push({
      line,
      cells: Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellOf(values[i + 1])),
    });
  });
  return lines;
}

function cellOf(value: CellValue): FeedCell {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellOf(value.result as CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return undefined;
}
