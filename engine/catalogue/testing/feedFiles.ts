/** Feed files for tests: the same table as CSV text or as an XLSX workbook (numbers as number cells). */
import ExcelJS from 'exceljs';
import { FEED_COLUMNS, type FeedCell } from '../../../domain/catalogue/feed/feedFormat.ts';
import type { FeedCar } from '../../../domain/catalogue/feed/parseFeedRow.ts';
import { cellsOf } from '../../../domain/catalogue/feed/testing/feedSamples.ts';

export type FeedTable = FeedCell[][];

/** Header + one line per car; `edit` may change a line's cells (by column) to make it bad. */
export function feedTable(
  cars: readonly FeedCar[],
  edit: Record<number, Partial<Record<string, FeedCell>>> = {},
): FeedTable {
  return [
    [...FEED_COLUMNS],
    ...cars.map((car, i) => {
      const cells: Record<string, FeedCell> = { ...cellsOf(car), ...edit[i] };
      return FEED_COLUMNS.map((c) => cells[c]);
    }),
  ];
}

export function csvText(table: FeedTable, delimiter = ','): string {
  const quote = (cell: FeedCell) => {
    const text = String(cell ?? '');
    return /[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${table.map((row) => row.map(quote).join(delimiter)).join('\n')}\n`;
}

/** The table as an XLSX workbook; cells that read as plain numbers are written as numbers. */
export async function xlsxBytes(table: FeedTable): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('stock');
  for (const row of table) {
    sheet.addRow(
      row.map((cell) => (typeof cell === 'string' && /^\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell)),
    );
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
