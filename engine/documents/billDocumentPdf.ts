/**
 * The documents we issue to a buyer (domain/bills/billDocuments.ts) as one-page A4 PDFs (pdfkit, DejaVu
 * fonts as financeOfferPdf.ts): the title and number, the day in the market's time zone, the issuer, the
 * buyer's name and address (from the vault, given by the caller, never stored), the car and the amounts
 * in the funnel's currency, in the buyer's language. Deterministic: the same input gives the same bytes.
 */
import type { BillDocument } from '../../domain/bills/billDocuments.ts';
import type { Money } from '../../domain/catalogue/car.ts';
import { type Locale, marketOf } from '../../domain/markets.ts';
import { BILL_DOCUMENT_TEXTS } from './billDocumentTexts.ts';
import { fill } from './financeOfferTexts.ts';
import { openPdfPage, PDF_COLOURS } from './pdfPage.ts';

export interface BillDocumentPdfInput {
  /** The buyer's language. */
  readonly locale: Locale;
  readonly retailer: string;
  readonly document: BillDocument;
  readonly car: { readonly name: string; readonly reference: string; readonly year: number };
  /** From the vault at the time of the request. */
  readonly customer: { readonly name: string; readonly addressLines: readonly string[] };
}

/** What the document says, in reading order (the renderer lays it out; tests read it). */
export interface BillDocumentContent {
  readonly title: string;
  readonly statement: string;
  readonly meta: readonly (readonly [label: string, value: string])[];
  readonly customer: readonly string[];
  readonly vehicle: readonly string[];
  readonly amounts: readonly (readonly [label: string, value: string, strong: boolean])[];
  readonly footer: string;
}

export function billDocumentContent(input: BillDocumentPdfInput): BillDocumentContent {
  const texts = BILL_DOCUMENT_TEXTS[input.locale];
  const { language } = marketOf(input.locale);
  const { document } = input;
  const money = (value: Money) =>
    new Intl.NumberFormat(language, {
      style: 'currency',
      currency: value.currency,
      minimumFractionDigits: value.amount % 100 === 0 ? 0 : 2,
    }).format(value.amount / 100);
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${document.date}T00:00:00Z`),
  );
  const ref = fill(document.funnel === 'purchase' ? texts.purchaseRef : texts.bookingRef, {
    id: document.funnelId,
  });
  const amounts: [string, string, boolean][] = document.order
    ? [
        [texts.totalPrice, money(document.order.totalDue), true],
        [texts.advancePaid, money(document.order.advancePaid), false],
        [texts.balance, money(document.order.balanceAtDelivery), true],
        [texts.funding, texts.fundingModes[document.order.funding] ?? document.order.funding, false],
      ]
    : [[document.kind === 'refund' ? texts.amountRefunded : texts.amountPaid, money(document.amount), true]];
  return {
    title: texts.titles[document.kind],
    statement: texts.statements[document.kind],
    meta: [
      [texts.number, document.number],
      [texts.date, day],
      [texts.issuedBy, input.retailer],
      ['', ref],
    ],
    customer: [input.customer.name, ...input.customer.addressLines],
    vehicle: [
      input.car.name,
      fill(texts.vehicleLine, { year: input.car.year, reference: input.car.reference }),
    ],
    amounts,
    footer: fill(texts.footer, { retailer: input.retailer }),
  };
}

const { ink: INK, muted: MUTED, accent: ACCENT } = PDF_COLOURS;

/** Renders the document; resolves with the PDF's bytes. */
export async function renderBillDocumentPdf(input: BillDocumentPdfInput): Promise<Buffer> {
  const content = billDocumentContent(input);
  const at = new Date(input.document.at);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${input.document.at}`);
  const { doc, left, width, rule, finish } = await openPdfPage({
    locale: input.locale,
    title: `${content.title} ${input.document.number}`,
    author: input.retailer,
    subject: content.title,
    at: at,
  });
  const heading = (text: string) => {
    doc.font('bold').fontSize(9).fillColor(ACCENT).text(text.toUpperCase(), left, doc.y, {
      width,
      characterSpacing: 0.6,
    });
    doc.moveDown(0.3);
  };
  const texts = BILL_DOCUMENT_TEXTS[input.locale];

  // The issuer and the title.
  doc.font('bold').fontSize(14).fillColor(ACCENT).text(input.retailer, left, doc.y, { width });
  doc.moveDown(0.6);
  doc.font('bold').fontSize(20).fillColor(INK).text(content.title, { width });
  doc.moveDown(0.3);
  for (const [label, value] of content.meta) {
    doc
      .font('text')
      .fontSize(10.5)
      .fillColor(MUTED)
      .text(label ? `${label} ${value}` : value, { width });
  }
  doc.moveDown(1);

  // The buyer.
  heading(texts.customer);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(content.customer[0] ?? '', { width });
  doc.font('text').fontSize(10.5);
  for (const line of content.customer.slice(1)) doc.text(line, { width });
  doc.moveDown(1);

  // The car.
  heading(texts.vehicle);
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(content.vehicle[0] ?? '', { width });
  doc
    .font('text')
    .fontSize(10)
    .fillColor(MUTED)
    .text(content.vehicle[1] ?? '', { width });
  doc.moveDown(1);

  // What it certifies, and the amounts.
  doc.font('text').fontSize(11).fillColor(INK).text(content.statement, { width });
  doc.moveDown(0.8);
  heading(texts.amounts);
  rule();
  for (const [label, value, strong] of content.amounts) {
    const top = doc.y + 6;
    doc
      .font(strong ? 'bold' : 'text')
      .fontSize(11)
      .fillColor(INK);
    doc.text(label, left, top, { width: width * 0.6 });
    const labelBottom = doc.y;
    doc.text(value, left + width * 0.6, top, { width: width * 0.4, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 6;
    rule();
  }
  doc.moveDown(2);
  doc.font('text').fontSize(9).fillColor(MUTED).text(content.footer, left, doc.y, { width });
  return finish();
}
