/**
 * The stock feed dealers send (CSV or XLSX): its columns, the formats a file may come in, and the
 * header check. The format is documented for dealers in `README.md` beside this file.
 */
import { ValidationError } from '../../errors.ts';

/** The columns of a feed, in the order of the documented sample. */
export const FEED_COLUMNS = [
  'dealer_id',
  'reference',
  'condition',
  'brand',
  'model',
  'version',
  'year',
  'first_registration',
  'mileage_km',
  'fuel',
  'gearbox',
  'body',
  'colour',
  'power_kw',
  'doors',
  'seats',
  'co2',
  'equipment',
  'price',
  'photos',
] as const;
export type FeedColumn = (typeof FEED_COLUMNS)[number];

/** Columns a file may leave out (a missing column reads as empty cells). */
export const OPTIONAL_FEED_COLUMNS: readonly FeedColumn[] = ['first_registration', 'equipment', 'photos'];

export const FEED_FORMATS = ['csv', 'xlsx'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** What a cell may hold once read from a file: text (CSV, XLSX text) or a number (XLSX numbers). */
export type FeedCell = string | number | null | undefined;

/** One data line of a file, by column, with the 1-based line (CSV) or row (XLSX) number it came from. */
export interface FeedRecord {
  readonly line: number;
  readonly cells: Readonly<Partial<Record<FeedColumn, FeedCell>>>;
}

/** Column → position in the file's lines. */
export type FeedHeader = ReadonlyMap<FeedColumn, number>;

const COLUMN_SET: ReadonlySet<string> = new Set(FEED_COLUMNS);

/**
 * Reads a header line. Names are matched trimmed and case-insensitively; a required column missing,
 * an unknown column (most often a typo that would silently drop data) or a column given twice make
 * the file unreadable: a ValidationError naming them.
 */
export function readFeedHeader(cells: readonly FeedCell[]): FeedHeader {
  const header = new Map<FeedColumn, number>();
  const unknown: string[] = [];
  const twice: string[] = [];
  cells.forEach((cell, index) => {
    const name = String(cell ?? '')
      .trim()
      .toLowerCase();
    if (name === '') return;
    if (!COLUMN_SET.has(name)) unknown.push(name);
    else if (header.has(name as FeedColumn)) twice.push(name);
    else header.set(name as FeedColumn, index);
  });
  const missing = FEED_COLUMNS.filter((c) => !header.has(c) && !OPTIONAL_FEED_COLUMNS.includes(c));
  const fields: Record<string, string[]> = {};
  if (missing.length > 0) fields.header = [`missing column(s): ${missing.join(', ')}`];
  if (unknown.length > 0)
    fields.header = [...(fields.header ?? []), `unknown column(s): ${unknown.join(', ')}`];
  if (twice.length > 0)
    fields.header = [...(fields.header ?? []), `column(s) given twice: ${twice.join(', ')}`];
  if (fields.header) {
    throw new ValidationError(
      `the feed's first line is not a valid header: ${fields.header.join('; ')}`,
      fields,
    );
  }
  return header;
}

/** The cells of one line, by column. */
export function feedRecord(header: FeedHeader, line: number, cells: readonly FeedCell[]): FeedRecord {
  const byColumn: Partial<Record<FeedColumn, FeedCell>> = {};
  for (const [column, index] of header) byColumn[column] = cells[index];
  return { line, cells: byColumn };
}

/** Whether every cell of a line is empty (such lines are skipped, not rejected). */
export function isBlankLine(cells: readonly FeedCell[]): boolean {
  return cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');
}

/**
 * The format of a file: the explicit one when given, else from the file name's extension. An unknown
 * extension without an explicit format is a ValidationError.
 */
export function feedFormatOf(fileName: string, explicit?: string): FeedFormat {
  const wanted = (explicit ?? /\.([a-z0-9]+)$/i.exec(fileName)?.[1] ?? '').toLowerCase();
  if ((FEED_FORMATS as readonly string[]).includes(wanted)) return wanted as FeedFormat;
  throw ValidationError.field(
    'format',
    explicit === undefined
      ? `cannot tell the format of "${fileName}": name it .csv or .xlsx, or give the format`
      : `must be one of ${FEED_FORMATS.join(', ')}`,
  );
}
