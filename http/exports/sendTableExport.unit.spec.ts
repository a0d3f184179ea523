/**
 * Exports round-trip: what the staff download (XLSX or CSV) reads back as the rows given, with types
 * kept in XLSX and formulas defused in CSV; a failing row source cuts the download.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, type ExportColumn, type ExportFormat, sendTableExport } from './sendTableExport.ts';

interface Row {
  id: number;
  customer: string;
  amount: number;
  at: Date;
}
const ROWS: Row[] = [
  { id: 1, customer: 'cus_1', amount: 1234.5, at: new Date('2026-11-01T10:00:00Z') },
  { id: 2, customer: '=HYPERLINK("x")', amount: 0, at: new Date('2026-11-02T10:00:00Z') },
];
const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Id', value: (row) => row.id },
  { header: 'Customer', value: (row) => row.customer },
  { header: 'Amount', value: (row) => row.amount },
  { header: 'At', value: (row) => row.at },
];

async function* rows(failAfter?: number) {
  for (const [index, row] of ROWS.entries()) {
    if (failAfter !== undefined && index >= failAfter) throw new Error('database went away');
    yield [row];
  }
}

describe('sendTableExport', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.get<{ Params: { format: ExportFormat }; Querystring: { fail?: string } }>(
      '/export/:format',
      (request, reply) =>
        sendTableExport(reply, {
          format: request.params.format,
          fileName: 'purchases-2026-11',
          columns: COLUMNS,
          batches: rows(request.query.fail ? 1 : undefined),
        }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('given rows, when exported as XLSX, then the workbook holds the header and the rows with their types', async () => {
    const response = await app.inject('/export/xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="purchases-2026-11.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Id', 'Customer', 'Amount', 'At']);
    expect(sheet?.getRow(2).values).toEqual([undefined, 1, 'cus_1', 1234.5, ROWS[0]?.at]);
    expect(sheet?.rowCount).toBe(3);
  });

  it('given rows, when exported as CSV, then it reads back with ; and a BOM, formulas defused', async () => {
    const response = await app.inject('/export/csv');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parse(response.rawPayload, { bom: true, delimiter: ';' });
    expect(records).toEqual([
      ['Id', 'Customer', 'Amount', 'At'],
      ['1', 'cus_1', '1234.5', '2026-11-01T10:00:00.000Z'],
      ['2', `'=HYPERLINK("x")`, '0', '2026-11-02T10:00:00.000Z'],
    ]);
  });

  it('given a row source that fails half-way, then the download is cut (never a complete-looking file)', async () => {
    await expect(app.inject('/export/csv?fail=1')).rejects.toThrow();
  });

  it('csvCell leaves numbers alone and defuses text formulas', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell(null)).toBe('');
  });
});
