/**
 * What the documents we print share (the finance offer, the bills): an A4 page with our margins in the
 * buyer's language, the DejaVu fonts, the house colours and a thin rule across the text; `finish` ends
 * the document and resolves with its bytes. pdfkit (with fontkit and its fonts' decoders, ~10 MB of heap) is
 * loaded on the first document, not at start.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Locale, marketOf } from '../../domain/markets.ts';

export const PDF_COLOURS = { ink: '#1a1f36', muted: '#4a5068', rule: '#c9cdd8', accent: '#0b4f9c' } as const;

// DejaVu covers every letter of the nine markets' languages (ł, ő, ç, ñ, …), which PDF's built-in
// Helvetica does not; the fonts come with the dejavu-fonts-ttf package.
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The DejaVu regular and bold fonts (read once). */
function dejaVu() {
  if (!fonts) {
    const folder = join(
      dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    fonts = {
      regular: readFileSync(join(folder, 'DejaVuSans.ttf')),
      bold: readFileSync(join(folder, 'DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
}

export interface PdfPage {
  readonly doc: PDFKit.PDFDocument;
  /** The text's left edge and width. */
  readonly left: number;
  readonly width: number;
  /** A thin rule across the text at the current line. */
  rule(): void;
  /** Ends the document: its bytes. */
  finish(): Promise<Buffer>;
}

/** A new document with fonts `text` and `bold` registered; `at` dates it (the same input, the same bytes). */
export async function openPdfPage(options: {
  readonly locale: Locale;
  readonly title: string;
  readonly author: string;
  readonly subject: string;
  readonly at: Date;
}): Promise<PdfPage> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 48, left: 56, right: 56 },
    lang: marketOf(options.locale).language,
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject,
      Creator: options.author,
      CreationDate: options.at,
      ModDate: options.at,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = dejaVu();
  doc.registerFont('text', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return {
    doc,
    left,
    width,
    rule() {
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .lineWidth(0.5)
        .strokeColor(PDF_COLOURS.rule)
        .stroke();
    },
    finish() {
      doc.end();
      return done;
    },
  };
}
