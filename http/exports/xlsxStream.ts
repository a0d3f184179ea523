/**
 * A streaming XLSX writer for the staff exports: one sheet, the header row in bold and frozen, typed
 * cells (numbers, booleans, dates with a date format, inline strings), column widths; the sheet's XML is
 * deflated as it is written (Node's zlib, off the main thread, in fflate's streaming zip) and goes out
 * chunk by chunk, waiting while the client reads slower. exceljs's streaming writer, used before, took
 * 15–23 s for the bench's 100,000 purchases, most of it its own CPU (bench/RESULTS.md "backoffice").
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import { type AsyncFlateStreamHandler, strToU8, Zip, ZipDeflate, type ZipInputFile } from 'fflate';

export type XlsxCell = string | number | boolean | Date | null | undefined;

export interface XlsxSheet {
  readonly name: string;
  readonly columns: readonly { readonly header: string; readonly width: number }[];
  /** The rows' cells, a batch of rows at a time. */
  readonly batches: AsyncIterable<readonly (readonly XlsxCell[])[]>;
}

/** Characters XML 1.0 forbids (control characters but tab, line feed, carriage return). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string) =>
  text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Excel's serial date (days since 1899-12-30, UTC). */
const serial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

// Styles: 0 plain, 1 a date and time (built-in format 22), 2 the bold header.
const STYLE_DATE = 1;
const STYLE_HEADER = 2;

function cellXml(ref: string, value: XlsxCell, headerStyle = false): string {
  if (value === null || value === undefined) return '';
  const s = headerStyle ? ` s="${STYLE_HEADER}"` : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : `<c r="${ref}" s="${STYLE_DATE}"><v>${serial(value)}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const staticParts = (sheetName: string): Record<string, string> => ({
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
});

/** A zip entry deflated by Node's zlib (native, in the thread pool; fflate's own deflate is JavaScript). */
class NativeDeflate implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  ondata: AsyncFlateStreamHandler = () => {};
  // Level 3: on the bench's 113 MB of sheet XML, 0.4 s of CPU for 11.0 MB, where level 6 took 0.9 s
  // for 9.5 MB and level 1 0.3 s for 12.1 MB.
  private readonly deflate = createDeflateRaw({ level: 3 });
  constructor(readonly filename: string) {
    this.deflate.on('data', (chunk: Buffer) => this.ondata(null, new Uint8Array(chunk), false));
    this.deflate.on('end', () => this.ondata(null, new Uint8Array(0), true));
    this.deflate.on('error', (error) => this.ondata(error as never, new Uint8Array(0), true));
  }
  /** Adds `data`; resolves once zlib has room for more. */
  async push(data: Uint8Array, final: boolean): Promise<void> {
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    const room = this.deflate.write(data);
    if (final) {
      this.deflate.end();
      await once(this.deflate, 'end');
    } else if (!room) await once(this.deflate, 'drain');
  }
  terminate() {
    this.deflate.destroy();
  }
}

/** Until `out` drains; a download cut meanwhile (the client went away) stops the export. */
export async function drained(out: Writable): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([
      once(out, 'drain', { signal: done.signal }),
      once(out, 'close', { signal: done.signal }).then(() => {
        throw new Error('the download was cut');
      }),
    ]);
  } finally {
    done.abort();
  }
}

/** Writes the workbook to `out` (ended when complete; a failing row source rejects and leaves it open). */
export async function writeXlsx(sheet: XlsxSheet, out: Writable): Promise<void> {
  let failed: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failed = error;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  for (const [name, text] of Object.entries(staticParts(sheet.name))) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const part = new NativeDeflate('xl/worksheets/sheet1.xml');
  zip.add(part);
  const letters = sheet.columns.map((_column, index) => columnLetters(index));
  const widths = sheet.columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width}" customWidth="1"/>`)
    .join('');
  const header = sheet.columns.map((column, i) => cellXml(`${letters[i]}1`, column.header, true)).join('');
  let xml =
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${widths}</cols><sheetData><row r="1">${header}</row>`;
  let row = 1;
  const flush = async (final: boolean) => {
    await part.push(Buffer.from(xml), final);
    xml = '';
    if (failed) throw failed;
    if (out.writableNeedDrain) await drained(out);
  };
  for await (const batch of sheet.batches) {
    for (const cells of batch) {
      row += 1;
      let line = `<row r="${row}">`;
      for (let i = 0; i < cells.length; i++) line += cellXml(`${letters[i]}${row}`, cells[i]);
      xml += `${line}</row>`;
      // Small flushes: each piece of XML, flattened to be encoded, stays under V8's large-object size
      // (128 KB) and dies in the young heap instead of the large-object space.
      if (xml.length > 64 * 1024) await flush(false);
    }
  }
  xml += '</sheetData></worksheet>';
  await flush(true);
  zip.end();
  if (failed) throw failed;
}
