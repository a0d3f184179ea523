import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FEED_COLUMNS } from '../../domain/catalogue/feed/feedFormat.ts';
import { ValidationError } from '../../domain/errors.ts';
import { readFeedFile } from './readFeedFile.ts';

const header = FEED_COLUMNS.join(';');
const bytes = (text: string) => new TextEncoder().encode(text);

describe('readFeedFile', () => {
  it('given a CSV with BOM, CRLF, semicolons, blank lines and a quoted line break, then each line keeps its number in the file', async () => {
    const text = `\uFEFF${header}\r\n11;A-1;used\r\n\r\n11;"A-2\r\nsecond line";new\r\n11;A-3;used\r\n`;
    const records = await readFeedFile(bytes(text), 'csv');
    expect(records.map((r) => [r.line, r.cells.reference])).toEqual([
      [2, 'A-1'],
      [4, 'A-2\r\nsecond line'],
      [6, 'A-3'],
    ]);
  });

  it('given a comma-separated file in Windows-1252, then it is decoded and split on commas', async () => {
    const latin1 = Uint8Array.from(
      [...`${FEED_COLUMNS.join(',')}\n11,A-1,used,renault,clio,TCe 90 `]
        .map((c) => c.charCodeAt(0))
        .concat([0xe9, 0x0a]),
    );
    const [record] = await readFeedFile(latin1, 'csv');
    expect(record?.cells.version).toBe('TCe 90 é');
  });

  it('given an XLSX, then numbers stay numbers, dates become YYYY-MM-DD, formulas give their result, rows keep their numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('stock');
    sheet.addRow([...FEED_COLUMNS]);
    sheet.addRow([]);
    const row = sheet.addRow([11, 'A-1', 'used']);
    row.getCell(FEED_COLUMNS.indexOf('first_registration') + 1).value = new Date(Date.UTC(2021, 3, 17));
    row.getCell(FEED_COLUMNS.indexOf('price') + 1).value = { formula: '1000*15', result: 15000 };
    const records = await readFeedFile(new Uint8Array(await workbook.xlsx.writeBuffer()), 'xlsx');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      line: 3,
      cells: { dealer_id: 11, reference: 'A-1', first_registration: '2021-04-17', price: 15000 },
    });
  });

  it.each([
    ['an empty file', new Uint8Array(), 'csv', /file: is empty/],
    ['blank lines only', bytes('\n \n'), 'csv', /no header line/],
    [
      'a binary file as CSV',
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]),
      'csv',
      /not a CSV text file/,
    ],
    ['text as XLSX', bytes(header), 'xlsx', /not an XLSX workbook/],
  ] as const)('given %s, then the file is refused', async (_label, content, format, message) => {
    const reading = readFeedFile(content, format);
    await expect(reading).rejects.toBeInstanceOf(ValidationError);
    await expect(readFeedFile(content, format)).rejects.toThrow(message);
  });
});
