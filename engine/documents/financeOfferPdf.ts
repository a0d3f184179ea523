/**
 * The finance offer of a car as a one-page A4 PDF (pdfkit): the car, the simulation's figures, the
 * representative example and the legal mentions of the market (financeOfferTexts.ts), in its language
 * and currency. Deterministic: the same offer gives the same bytes (the document's dates are the
 * simulation's day, pdfkit's file id is a hash of the document info, font subsets are named from the
 * font's id), so a download can be checked and cached by its inputs.
 */
import type { Money } from '../../domain/catalogue/car.ts';
import type { FinanceQuote } from '../../domain/finance/quoteFinance.ts';
import { type Locale, marketOf } from '../../domain/markets.ts';
import type { FinanceLender } from '../providers/finance/financeProvider.ts';
import { FINANCE_OFFER_TEXTS, fill } from './financeOfferTexts.ts';
import { openPdfPage, PDF_COLOURS } from './pdfPage.ts';

export interface FinanceOfferDocument {
  /** The language, formats and legal mentions. */
  readonly locale: Locale;
  /** The day of the simulation (`YYYY-MM-DD`), printed and used as the document's date. */
  readonly date: string;
  /** The retailer, as credit intermediary. */
  readonly retailer: string;
  readonly car: {
    readonly name: string;
    readonly reference: string;
    readonly year: number;
    readonly mileageKm: number;
  };
  readonly quote: FinanceQuote;
  readonly lender: FinanceLender;
}

const { ink: INK, muted: MUTED, accent: ACCENT } = PDF_COLOURS;

function formats(locale: Locale) {
  const { language } = marketOf(locale);
  const money = (value: Money) =>
    new Intl.NumberFormat(language, {
      style: 'currency',
      currency: value.currency,
      minimumFractionDigits: value.amount % 100 === 0 ? 0 : 2,
    }).format(value.amount / 100);
  const percent = (value: number) =>
    new Intl.NumberFormat(language, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value / 100);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const km = (value: number) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 }).format(
      value,
    );
  return { money, percent, date, km };
}

/** Renders the offer; resolves with the PDF's bytes. */
export async function renderFinanceOfferPdf(offer: FinanceOfferDocument): Promise<Buffer> {
  const texts = FINANCE_OFFER_TEXTS[offer.locale];
  const f = formats(offer.locale);
  const { quote } = offer;
  // What the borrower pays back on the credit itself: the amount financed and its total cost.
  const due = f.money({ ...quote.financed, amount: quote.financed.amount + quote.totalCostOfCredit.amount });
  const day = new Date(`${offer.date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`not a date: ${offer.date}`);
  const { doc, left, width, rule, finish } = await openPdfPage({
    locale: offer.locale,
    title: `${texts.title} – ${offer.car.name}`,
    author: offer.retailer,
    subject: texts.subtitle,
    at: day,
  });

  // Heading.
  doc.font('bold').fontSize(20).fillColor(INK).text(texts.title, left, doc.y, { width });
  doc.font('text').fontSize(10.5).fillColor(MUTED).text(texts.subtitle, { width });
  doc.moveDown(0.3).text(fill(texts.dated, { date: f.date(offer.date) }), { width });
  doc.moveDown(1);

  // The car.
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(ACCENT)
    .text(texts.vehicle.toUpperCase(), { width, characterSpacing: 0.6 });
  doc.moveDown(0.2).font('bold').fontSize(13).fillColor(INK).text(offer.car.name, { width });
  doc
    .font('text')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      fill(texts.vehicleLine, {
        reference: offer.car.reference,
        year: offer.car.year,
        mileage: f.km(offer.car.mileageKm),
      }),
      { width },
    );
  doc.moveDown(1);

  // The figures: the APR as prominent as the instalment (the directive wants no rate more prominent).
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(ACCENT)
    .text(texts.figures.toUpperCase(), { width, characterSpacing: 0.6 });
  doc.moveDown(0.4);
  const rows: [label: string, value: string, strong: boolean][] = [
    [texts.cashPrice, f.money(quote.price), false],
    [texts.downPayment, f.money(quote.downPayment), false],
    [texts.creditAmount, f.money(quote.financed), false],
    [texts.duration, fill(texts.durationValue, { months: quote.durationMonths }), false],
    [
      texts.monthly,
      fill(texts.monthlyValue, { months: quote.durationMonths, amount: f.money(quote.monthly) }),
      true,
    ],
    [texts.apr, f.percent(quote.aprPercent), true],
    [texts.nominalRate, f.percent(quote.nominalRatePercent), false],
    [texts.fees, f.money(quote.fees), false],
    [texts.interest, f.money(quote.interest), false],
    [texts.totalCost, f.money(quote.totalCostOfCredit), true],
    [texts.totalDue, due, true],
    [texts.totalPurchase, f.money(quote.totalPayable), false],
  ];
  rule();
  for (const [label, value, strong] of rows) {
    const top = doc.y + 6;
    doc
      .font(strong ? 'bold' : 'text')
      .fontSize(10.5)
      .fillColor(INK);
    doc.text(label, left, top, { width: width * 0.55 });
    const labelBottom = doc.y;
    doc.text(value, left + width * 0.55, top, { width: width * 0.45, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 6;
    rule();
  }
  doc.moveDown(1);

  // The representative example, in one paragraph, boxed.
  const example = fill(texts.example, {
    price: f.money(quote.price),
    downPayment: f.money(quote.downPayment),
    credit: f.money(quote.financed),
    months: quote.durationMonths,
    rate: f.percent(quote.nominalRatePercent),
    monthly: f.money(quote.monthly),
    apr: f.percent(quote.aprPercent),
    fees: f.money(quote.fees),
    cost: f.money(quote.totalCostOfCredit),
    due,
  });
  doc.font('text').fontSize(10);
  const boxTop = doc.y;
  const boxHeight = doc.heightOfString(example, { width: width - 24 }) + 20;
  doc.rect(left, boxTop, width, boxHeight).fillColor('#eef3fa').fill();
  doc.fillColor(INK).text(example, left + 12, boxTop + 10, { width: width - 24 });
  doc.y = boxTop + boxHeight + 12;
  if (texts.warning) {
    doc.font('bold').fontSize(11).fillColor(INK).text(texts.warning, left, doc.y, { width });
    doc.moveDown(0.8);
  }

  // Who lends, and the conditions.
  doc.font('bold').fontSize(10).fillColor(INK).text(texts.lender, left, doc.y, { width, continued: true });
  doc.font('text').text(offer.lender.name);
  doc.font('text').fontSize(9).fillColor(MUTED).text(offer.lender.address, { width });
  doc.text(offer.lender.registration, { width });
  doc.moveDown(0.6);
  doc.text(fill(texts.intermediary, { retailer: offer.retailer }), { width });
  doc.moveDown(0.4).text(texts.conditions, { width });
  doc.moveDown(0.4).text(fill(texts.validity, { date: f.date(offer.date) }), { width });
  return finish();
}
