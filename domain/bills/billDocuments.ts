/**
 * The documents we issue to a buyer (the account's "my bills"), derived from the stored events of
 * their own purchases and bookings: an order confirmation (PurchaseConfirmed), an advance-payment
 * receipt (a purchase's PaymentSucceeded), a deposit receipt (a booking's DepositPaid) and a refund
 * note (DepositRefunded of either). Pure: the same events always give the same documents, with ids
 * made of the funnel and the event's revision, so a list and a later download agree.
 */
import { z } from 'zod';
import type { BookingEvent } from '../booking/events.ts';
import { type Money, moneySchema } from '../catalogue/car.ts';
import { LOCALES, type Locale, marketOf } from '../markets.ts';
import type { PurchaseEvent } from '../purchase/events.ts';

export const BILL_DOCUMENT_KINDS = ['order', 'deposit', 'advance', 'refund'] as const;
export type BillDocumentKind = (typeof BILL_DOCUMENT_KINDS)[number];

/** The printed number's prefix per kind (order confirmation, deposit receipt, advance receipt, refund note). */
const NUMBER_PREFIX: Readonly<Record<BillDocumentKind, string>> = {
  order: 'OC',
  deposit: 'DR',
  advance: 'AR',
  refund: 'RN',
};

/** A stored event with what the documents need: its revision in its stream and when it happened. */
export interface DatedEvent<E> {
  readonly revision: number;
  /** ISO 8601 (the command's time). */
  readonly at: string;
  readonly event: E;
}

export const billDocumentSchema = z.object({
  /** `{kind}-{p|b}{funnelId}-{revision}`: stable across requests (routes' DOCUMENT_ID). */
  documentId: z.string(),
  kind: z.enum(BILL_DOCUMENT_KINDS),
  funnel: z.enum(['purchase', 'booking']),
  funnelId: z.string(),
  revision: z.number().int(),
  /** The printed number, e.g. `AR-2026-P12-9`. */
  number: z.string(),
  /** ISO 8601 instant of the event. */
  at: z.string(),
  /** Its day (`YYYY-MM-DD`) in the market's time zone. */
  date: z.string(),
  /** The funnel's market (time zone, currency). */
  market: z.enum(LOCALES),
  carId: z.string(),
  /** What the document is about: the order's total, the amount paid or refunded. */
  amount: moneySchema,
  /** An order confirmation's figures. */
  order: z
    .object({
      funding: z.string(),
      totalDue: moneySchema,
      advancePaid: moneySchema,
      balanceAtDelivery: moneySchema,
    })
    .nullable(),
});
export type BillDocument = z.output<typeof billDocumentSchema>;

const ID = /^(order|deposit|advance|refund)-([pb])(\d{1,12})-(\d{1,6})$/;

/** The parts of a document id, or undefined when it is none. */
export function parseDocumentId(
  documentId: string,
):
  | { kind: BillDocumentKind; funnel: 'purchase' | 'booking'; funnelId: string; revision: number }
  | undefined {
  const m = ID.exec(documentId);
  if (!m) return undefined;
  return {
    kind: m[1] as BillDocumentKind,
    funnel: m[2] === 'p' ? 'purchase' : 'booking',
    funnelId: m[3]!,
    revision: Number(m[4]),
  };
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function dayIn(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function documentOf(
  kind: BillDocumentKind,
  funnel: 'purchase' | 'booking',
  funnelId: string,
  market: Locale,
  carId: string,
  dated: { revision: number; at: string },
  amount: Money,
  order: BillDocument['order'] = null,
): BillDocument {
  const date = dayIn(dated.at, marketOf(market).timeZone);
  const letter = funnel === 'purchase' ? 'p' : 'b';
  return {
    documentId: `${kind}-${letter}${funnelId}-${dated.revision}`,
    kind,
    funnel,
    funnelId,
    revision: dated.revision,
    number: `${NUMBER_PREFIX[kind]}-${date.slice(0, 4)}-${letter.toUpperCase()}${funnelId}-${dated.revision}`,
    at: dated.at,
    date,
    market,
    carId,
    amount,
    order,
  };
}

/** A purchase's documents, oldest first: its advance-payment receipts, refund notes, order confirmation. */
export function purchaseDocuments(
  purchaseId: string,
  events: readonly DatedEvent<PurchaseEvent>[],
): BillDocument[] {
  let market: Locale | undefined;
  let carId = '';
  const documents: BillDocument[] = [];
  for (const dated of events) {
    const { event } = dated;
    switch (event.type) {
      case 'PurchaseStarted':
        market = event.data.locale;
        carId = event.data.carId;
        break;
      case 'PaymentSucceeded':
        if (market)
          documents.push(
            documentOf('advance', 'purchase', purchaseId, market, carId, dated, event.data.amount),
          );
        break;
      case 'DepositRefunded':
        if (market)
          documents.push(
            documentOf('refund', 'purchase', purchaseId, market, carId, dated, event.data.amount),
          );
        break;
      case 'PurchaseConfirmed':
        if (market)
          documents.push(
            documentOf('order', 'purchase', purchaseId, market, carId, dated, event.data.totalDue, {
              funding: event.data.funding,
              totalDue: event.data.totalDue,
              advancePaid: event.data.advancePaid,
              balanceAtDelivery: event.data.balanceAtDelivery,
            }),
          );
        break;
      default:
        break;
    }
  }
  return documents;
}

/** A booking's documents, oldest first: its deposit receipt and, if given back, its refund note. */
export function bookingDocuments(
  bookingId: string,
  events: readonly DatedEvent<BookingEvent>[],
): BillDocument[] {
  let market: Locale | undefined;
  let carId = '';
  const asked = new Map<string, Money>();
  const documents: BillDocument[] = [];
  for (const dated of events) {
    const { event } = dated;
    switch (event.type) {
      case 'BookingStarted':
        market = event.data.locale;
        carId = event.data.carId;
        break;
      case 'DepositPaymentRequested':
        asked.set(event.data.paymentId, event.data.amount);
        break;
      case 'DepositPaid': {
        const amount = asked.get(event.data.paymentId);
        if (market && amount)
          documents.push(documentOf('deposit', 'booking', bookingId, market, carId, dated, amount));
        break;
      }
      case 'DepositRefunded':
        if (market)
          documents.push(documentOf('refund', 'booking', bookingId, market, carId, dated, event.data.amount));
        break;
      default:
        break;
    }
  }
  return documents;
}

/** Newest first (then by id, so the order is the same on every request). */
export function newestDocumentsFirst(documents: readonly BillDocument[]): BillDocument[] {
  return [...documents].sort((a, b) => b.at.localeCompare(a.at) || a.documentId.localeCompare(b.documentId));
}

/** The file name of a document's PDF: its number. */
export const documentFileName = (document: Pick<BillDocument, 'number'>) => `${document.number}.pdf`;
