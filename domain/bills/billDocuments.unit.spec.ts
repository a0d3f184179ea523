import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '../booking/events.ts';
import type { Money } from '../catalogue/car.ts';
import type { PurchaseEvent } from '../purchase/events.ts';
import {
  bookingDocuments,
  type DatedEvent,
  dayIn,
  newestDocumentsFirst,
  parseDocumentId,
  purchaseDocuments,
} from './billDocuments.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const pln = (amount: number) => ({ amount, currency: 'PLN' as const });

function stream<E>(events: [at: string, event: E][]): DatedEvent<E>[] {
  return events.map(([at, event], revision) => ({ revision, at, event }));
}

const started = (locale: 'fr' | 'pl', price: Money = eur(2_000_000)): PurchaseEvent => ({
  type: 'PurchaseStarted',
  data: {
    purchaseId: '12',
    carId: '345',
    locale,
    dealerId: '7',
    carPrice: price,
    advancePayment: eur(50_000),
    customerId: 'cus_1',
    hold: { holdId: 'h1', until: '2026-11-25T12:00:00Z' },
    fromBookingId: null,
  },
});

describe('the documents of a buyer, from their funnels’ events', () => {
  it('given a purchase paid then confirmed, then an advance receipt and an order confirmation, dated in the market’s time zone', () => {
    const documents = purchaseDocuments(
      '12',
      stream<PurchaseEvent>([
        ['2026-12-31T22:00:00Z', started('fr')],
        [
          '2026-12-31T22:10:00Z',
          {
            type: 'AdvancePaymentRequested',
            data: { paymentId: 'p1', amount: eur(50_000) },
          } as PurchaseEvent,
        ],
        [
          '2026-12-31T23:30:00Z',
          { type: 'PaymentSucceeded', data: { paymentId: 'p1', amount: eur(50_000) } },
        ],
        [
          '2026-12-31T23:30:01Z',
          {
            type: 'PurchaseConfirmed',
            data: {
              funding: 'cash',
              totalDue: eur(2_000_000),
              advancePaid: eur(50_000),
              balanceAtDelivery: eur(1_950_000),
            },
          },
        ],
      ]),
    );
    expect(documents.map((d) => [d.documentId, d.kind, d.number, d.date])).toEqual([
      // 23:30 UTC on New Year's Eve is already 2027 in Paris.
      ['advance-p12-2', 'advance', 'AR-2027-P12-2', '2027-01-01'],
      ['order-p12-3', 'order', 'OC-2027-P12-3', '2027-01-01'],
    ]);
    expect(documents[0]).toMatchObject({ amount: eur(50_000), market: 'fr', carId: '345', order: null });
    expect(documents[1]!.order).toEqual({
      funding: 'cash',
      totalDue: eur(2_000_000),
      advancePaid: eur(50_000),
      balanceAtDelivery: eur(1_950_000),
    });
  });

  it('given a purchase in progress or whose payment failed, then no document', () => {
    expect(
      purchaseDocuments(
        '3',
        stream<PurchaseEvent>([
          ['2026-11-25T10:00:00Z', started('fr')],
          ['2026-11-25T10:05:00Z', { type: 'PaymentFailed', data: { paymentId: 'p', reason: 'declined' } }],
        ]),
      ),
    ).toEqual([]);
  });

  it('given a refund on a purchase, then a refund note', () => {
    const [refund] = purchaseDocuments(
      '4',
      stream<PurchaseEvent>([
        ['2026-11-25T10:00:00Z', started('pl', pln(9_000_000))],
        [
          '2026-11-26T10:00:00Z',
          {
            type: 'DepositRefunded',
            data: { paymentId: 'p', amount: pln(200_000), reason: 'finance_declined' },
          } as PurchaseEvent,
        ],
      ]),
    );
    expect(refund).toMatchObject({
      documentId: 'refund-p4-1',
      kind: 'refund',
      amount: pln(200_000),
      market: 'pl',
    });
  });

  it('given a booking whose deposit was paid then refunded, then a deposit receipt with the amount asked, and a refund note', () => {
    const documents = bookingDocuments(
      '8',
      stream<BookingEvent>([
        [
          '2026-11-20T09:00:00Z',
          {
            type: 'BookingStarted',
            data: {
              bookingId: '8',
              carId: '99',
              locale: 'pl',
              terms: { holdHours: 72, deposit: pln(100_000), depositWindowMinutes: 30, maxActiveBookings: 2 },
            },
          } as BookingEvent,
        ],
        [
          '2026-11-20T09:01:00Z',
          { type: 'DepositPaymentRequested', data: { paymentId: 'd1', amount: pln(100_000) } },
        ],
        ['2026-11-20T09:02:00Z', { type: 'DepositPaid', data: { paymentId: 'd1' } }],
        ['2026-11-21T09:00:00Z', { type: 'BookingCancelled', data: { by: 'buyer', reason: 'changed_mind' } }],
        [
          '2026-11-21T09:00:01Z',
          { type: 'DepositRefunded', data: { paymentId: 'd1', refundId: 'r1', amount: pln(100_000) } },
        ],
      ]),
    );
    expect(documents.map((d) => [d.documentId, d.number, d.amount])).toEqual([
      ['deposit-b8-2', 'DR-2026-B8-2', pln(100_000)],
      ['refund-b8-4', 'RN-2026-B8-4', pln(100_000)],
    ]);
    expect(newestDocumentsFirst(documents).map((d) => d.kind)).toEqual(['refund', 'deposit']);
  });

  it('given a document id, then its parts; anything else is none', () => {
    expect(parseDocumentId('order-p12-3')).toEqual({
      kind: 'order',
      funnel: 'purchase',
      funnelId: '12',
      revision: 3,
    });
    expect(parseDocumentId('deposit-b8-2')).toMatchObject({ funnel: 'booking', funnelId: '8' });
    expect(parseDocumentId('invoice-p1-1')).toBeUndefined();
    expect(parseDocumentId('order-p12')).toBeUndefined();
    expect(dayIn('2026-06-30T22:30:00Z', 'Europe/Lisbon')).toBe('2026-06-30');
    expect(dayIn('2026-06-30T22:30:00Z', 'Europe/Warsaw')).toBe('2026-07-01');
  });
});
