/**
 * The streaming XLSX writer reads back in exceljs with its types, escapes text, freezes and bolds the
 * header, and names columns past Z.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, writeXlsx, type XlsxCell } from './xlsxStream.ts';

async function workbookOf(rows: XlsxCell[][], headers: string[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  async function* source() {
    // A batch of one row, then the rest: rows keep their numbers across batches.
    yield rows.slice(0, 1);
    yield rows.slice(1);
  }
  await writeXlsx(
    { name: 'Sheet & co', columns: headers.map((header) => ({ header, width: 12 })), batches: source() },
    out,
  );
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe('writeXlsx', () => {
  it('given typed cells and awkward text, then exceljs reads them back as written', async () => {
    const at = new Date('2026-11-25T08:30:15.123Z');
    const workbook = await workbookOf(
      [
        ['a < b & "c" > d', 12.5, true, at, null],
        ['bell\u0007gone', -3, false, undefined, 'last'],
      ],
      ['Text', 'Number', 'Flag', 'When', 'More'],
    );
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Sheet & co');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Text', 'Number', 'Flag', 'When', 'More']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).values).toEqual([undefined, 'a < b & "c" > d', 12.5, true, at]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'bellgone', -3, false, undefined, 'last']);
    expect(sheet.rowCount).toBe(3);
  });

  it('names the columns A…Z, then AA', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
