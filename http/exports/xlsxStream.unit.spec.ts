/**
 * The streaming XLSX writer reads back in exceljs with its types, escapes text, freezes and bolds the
 * header, and names columns past Z; its sheet XML is exact for awkward values.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnLetters, writeXlsx, type XlsxCell } from './xlsxStream.ts';

async function xlsxOf(rows: XlsxCell[][], headers: string[]) {
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
  return Buffer.concat(chunks);
}

async function workbookOf(rows: XlsxCell[][], headers: string[]) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await xlsxOf(rows, headers)) as unknown as ArrayBuffer);
  return workbook;
}

/** The sheet's XML as the file holds it. */
async function sheetXmlOf(rows: XlsxCell[][], headers: string[]) {
  const sheet = unzipSync(await xlsxOf(rows, headers))['xl/worksheets/sheet1.xml'];
  return strFromU8(sheet ?? new Uint8Array());
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

  it('given text to escape, encode or drop, numbers, flags, dates and a text longer than a flush, then the sheet XML is exact', async () => {
    const long = `${'é'.repeat(50_000)}${'x'.repeat(70_000)}`;
    const xml = await sheetXmlOf(
      [
        ['a<b & "c">', 'Zoë 😀 \ud800', 'bell\u0007 tab\tline\n', 1.5, true, new Date(0)],
        [null, undefined, Number.NaN, new Date('no date'), false, -0.25],
        [long, '', ' ', 0, 1e21, 'end'],
        ['Tom & Jerry', '1 > 0', 'say "hi"', 'a<b', 'x\u001fy', 'plain'],
        [-42, 2 ** 53, 123_456_789, -0, 10, null],
      ],
      ['Text', 'Ünïcode & co', 'C', 'D', 'E', 'F'],
    );
    const text = (ref: string, value: string, style = '') =>
      `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${value}</t></is></c>`;
    expect(xml).toContain(
      `<sheetData><row r="1">${text('A1', 'Text', ' s="2"')}${text('B1', 'Ünïcode &amp; co', ' s="2"')}`,
    );
    expect(xml).toContain(
      `<row r="2">${text('A2', 'a&lt;b &amp; &quot;c&quot;&gt;')}${text('B2', 'Zoë 😀 \ufffd')}` +
        `${text('C2', 'bell tab\tline\n')}<c r="D2"><v>1.5</v></c><c r="E2" t="b"><v>1</v></c>` +
        '<c r="F2" s="1"><v>25569</v></c></row>',
    );
    expect(xml).toContain('<row r="3"><c r="E3" t="b"><v>0</v></c><c r="F3"><v>-0.25</v></c></row>');
    expect(xml).toContain(
      `<row r="4">${text('A4', long)}${text('B4', '')}${text('C4', ' ')}<c r="D4"><v>0</v></c>` +
        `<c r="E4"><v>1e+21</v></c>${text('F4', 'end')}</row>`,
    );
    expect(xml).toContain(
      `<row r="5">${text('A5', 'Tom &amp; Jerry')}${text('B5', '1 &gt; 0')}${text('C5', 'say &quot;hi&quot;')}` +
        `${text('D5', 'a&lt;b')}${text('E5', 'xy')}${text('F5', 'plain')}</row>` +
        '<row r="6"><c r="A6"><v>-42</v></c><c r="B6"><v>9007199254740992</v></c>' +
        '<c r="C6"><v>123456789</v></c><c r="D6"><v>0</v></c><c r="E6"><v>10</v></c></row>' +
        '</sheetData></worksheet>',
    );
  });

  it('names the columns A…Z, then AA', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
