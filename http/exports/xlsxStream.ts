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

/** A character of text written as it is: ASCII, allowed in XML, nothing to escape (`escapeXml`). */
const asIs = (c: number) =>
  c < 0x80 && (c >= 0x20 ? c !== 34 && c !== 38 && c !== 60 && c !== 62 : c === 9 || c === 10 || c === 13);

/** A piece of XML that is ASCII, as bytes. */
const bytesOf = (ascii: string) => Uint8Array.from(ascii, (c) => c.charCodeAt(0));
// A cell's XML after its reference, by type (a header's text has the header's style).
const NUMBER = bytesOf('"><v>');
const BOOLEAN = bytesOf('" t="b"><v>');
const DATE = bytesOf(`" s="${STYLE_DATE}"><v>`);
const VALUE_END = bytesOf('</v></c>');
const TEXT = bytesOf('" t="inlineStr"><is><t xml:space="preserve">');
const TEXT_HEADER = bytesOf(`" s="${STYLE_HEADER}" t="inlineStr"><is><t xml:space="preserve">`);
const TEXT_END = bytesOf('</t></is></c>');
const ROW = bytesOf('<row r="');
const ROW_START_END = bytesOf('">');
const ROW_END = bytesOf('</row>');

/** Bytes a flush of the sheet's XML gathers (then handed to zlib, and a new buffer begun). */
const FLUSH_BYTES = 64 * 1024;

/** Room past a flush's bytes for the row that crosses it (a longer row grows the buffer). */
const ROW_ROOM = 16 * 1024;

/**
 * The sheet's XML written straight into UTF-8 bytes: constant pieces copied, text copied character by
 * character while it is ASCII with nothing to escape (else escaped and encoded as a whole), so a row
 * leaves hardly anything to collect but its numbers' digits (built as strings, the XML made ~7 KB of
 * garbage a row: 700 MB for the bench's 100,000 rows, 240 scavenges instead of 110).
 */
class SheetXml {
  private buffer = Buffer.allocUnsafeSlow(FLUSH_BYTES + ROW_ROOM);
  length = 0;
  private readonly refs: Uint8Array[];

  constructor(columns: number) {
    this.refs = Array.from({ length: columns }, (_, i) => bytesOf(`<c r="${columnLetters(i)}`));
  }

  /** The bytes written so far, and a new buffer for what follows (zlib reads them later). */
  take(): Buffer {
    const taken = this.buffer.subarray(0, this.length);
    this.buffer = Buffer.allocUnsafeSlow(FLUSH_BYTES + ROW_ROOM);
    this.length = 0;
    return taken;
  }

  /** Room for `bytes` more, the buffer grown if need be (a very long text). */
  private room(bytes: number) {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.length + bytes));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  private copy(piece: Uint8Array) {
    this.room(piece.length);
    const { buffer } = this;
    let at = this.length;
    for (let i = 0; i < piece.length; i++) buffer[at++] = piece[i]!;
    this.length = at;
  }

  /** ASCII with nothing to escape, as it is: markup, a number's `String()`. */
  markup(text: string) {
    this.room(text.length);
    const { buffer } = this;
    let at = this.length;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** A non-negative integer's digits. */
  private digits(n: number) {
    this.room(16);
    const { buffer } = this;
    let end = this.length;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) end++;
    this.length = end + 1;
    for (let rest = n; ; rest = Math.floor(rest / 10)) {
      buffer[end--] = 48 + (rest % 10);
      if (rest < 10) break;
    }
  }

  /** Text as XML character data: escaped, characters XML forbids removed, UTF-8. */
  text(value: string) {
    // A UTF-16 unit is at most 3 bytes of UTF-8; an escape at most 6.
    this.room(value.length * 6);
    const { buffer } = this;
    const start = this.length;
    let at = start;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (!asIs(c)) {
        // Something to escape, remove or encode: the whole text the slow way.
        this.length = start + buffer.write(escapeXml(value), start, 'utf8');
        return;
      }
      buffer[at++] = c;
    }
    this.length = at;
  }

  startRow(row: number) {
    this.copy(ROW);
    this.digits(row);
    this.copy(ROW_START_END);
  }

  endRow() {
    this.copy(ROW_END);
  }

  /** A header's cell (row 1): its text in the header's style. */
  header(column: number, text: string) {
    this.ref(column, 1);
    this.copy(TEXT_HEADER);
    this.text(text);
    this.copy(TEXT_END);
  }

  /** A cell's XML (nothing for an empty one, a number that is not finite or an invalid date). */
  cell(column: number, row: number, value: XlsxCell) {
    if (value === null || value === undefined) return;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return;
      this.ref(column, row);
      this.copy(NUMBER);
      // A whole number's digits as `String()` writes them, without making the string.
      if (Number.isSafeInteger(value)) {
        if (value < 0) this.markup('-');
        this.digits(Math.abs(value));
      } else this.markup(String(value));
      this.copy(VALUE_END);
    } else if (typeof value === 'boolean') {
      this.ref(column, row);
      this.copy(BOOLEAN);
      this.markup(value ? '1' : '0');
      this.copy(VALUE_END);
    } else if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) return;
      this.ref(column, row);
      this.copy(DATE);
      this.markup(String(serial(value)));
      this.copy(VALUE_END);
    } else {
      this.ref(column, row);
      this.copy(TEXT);
      this.text(value);
      this.copy(TEXT_END);
    }
  }

  private ref(column: number, row: number) {
    this.copy(this.refs[column] ?? bytesOf(`<c r="${columnLetters(column)}`));
    this.digits(row);
  }
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
  const widths = sheet.columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width}" customWidth="1"/>`)
    .join('');
  const xml = new SheetXml(sheet.columns.length);
  xml.markup(
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<cols>${widths}</cols><sheetData>`,
  );
  const flush = async (final: boolean) => {
    await part.push(xml.take(), final);
    if (failed) throw failed;
    if (out.writableNeedDrain) await drained(out);
  };
  let row = 1;
  xml.startRow(row);
  for (const [i, column] of sheet.columns.entries()) xml.header(i, column.header);
  xml.endRow();
  for await (const batch of sheet.batches) {
    for (const cells of batch) {
      row += 1;
      xml.startRow(row);
      for (let i = 0; i < cells.length; i++) xml.cell(i, row, cells[i]);
      xml.endRow();
      if (xml.length > FLUSH_BYTES) await flush(false);
    }
  }
  xml.markup('</sheetData></worksheet>');
  await flush(true);
  zip.end();
  if (failed) throw failed;
}
