import { describe, expect, it } from 'vitest';
import { BILL_DOCUMENT_KINDS, type BillDocument } from '../../domain/bills/billDocuments.ts';
import { LOCALES, MARKETS } from '../../domain/markets.ts';
import { type BillDocumentPdfInput, billDocumentContent, renderBillDocumentPdf } from './billDocumentPdf.ts';
import { BILL_DOCUMENT_TEXTS } from './billDocumentTexts.ts';

const order: BillDocument = {
  documentId: 'order-p12-9',
  kind: 'order',
  funnel: 'purchase',
  funnelId: '12',
  revision: 9,
  number: 'OC-2026-P12-9',
  at: '2026-11-25T10:00:00.000Z',
  date: '2026-11-25',
  market: 'fr',
  carId: '345',
  amount: { amount: 2_390_000, currency: 'EUR' },
  order: {
    funding: 'cash',
    totalDue: { amount: 2_390_000, currency: 'EUR' },
    advancePaid: { amount: 50_000, currency: 'EUR' },
    balanceAtDelivery: { amount: 2_340_000, currency: 'EUR' },
  },
};

const input = (locale: (typeof LOCALES)[number], document: BillDocument = order): BillDocumentPdfInput => ({
  locale,
  retailer: 'AutoNova',
  document,
  car: { name: 'Škoda Octavia 2.0 TDI', reference: 'AN-1', year: 2021 },
  customer: { name: 'Łucja Żółć', addressLines: ['12 rue Oberkampf', '75011 Paris', 'FR'] },
});

describe('the documents we issue as PDFs', () => {
  it('given an order confirmation, then its words, number, day and figures in the buyer’s language', () => {
    const fr = billDocumentContent(input('fr'));
    expect(fr.title).toBe('Confirmation de commande');
    expect(fr.meta).toContainEqual(['N°', 'OC-2026-P12-9']);
    expect(fr.meta).toContainEqual(['Date', '25 novembre 2026']);
    expect(fr.customer).toEqual(['Łucja Żółć', '12 rue Oberkampf', '75011 Paris', 'FR']);
    expect(fr.vehicle[0]).toBe('Škoda Octavia 2.0 TDI');
    expect(fr.amounts.map(([label, value]) => `${label}: ${value}`.replace(/\s/g, ' '))).toEqual([
      'Prix total: 23 900 €',
      'Acompte payé: 500 €',
      'Reste à payer à la livraison: 23 400 €',
      'Financement: Comptant',
    ]);
    const de = billDocumentContent(input('de'));
    expect(de.title).toBe('Auftragsbestätigung');
    expect(de.meta).toContainEqual(['Datum', '25. November 2026']);
  });

  it('given a deposit receipt in Poland, then the amount in złoty', () => {
    const deposit: BillDocument = {
      ...order,
      documentId: 'deposit-b8-2',
      kind: 'deposit',
      funnel: 'booking',
      funnelId: '8',
      number: 'DR-2026-B8-2',
      market: 'pl',
      amount: { amount: 100_000, currency: 'PLN' },
      order: null,
    };
    const pl = billDocumentContent(input('pl', deposit));
    expect(pl.title).toBe('Potwierdzenie wpłaty zadatku za rezerwację');
    expect(pl.meta).toContainEqual(['', 'Rezerwacja nr 8']);
    expect(pl.amounts.map(([label, value]) => `${label}: ${value}`.replace(/\s/g, ' '))).toEqual([
      'Kwota zapłacona: 1000 zł',
    ]);
  });

  it('given every locale and kind, then a one-page PDF in that language with the fonts embedded, the same bytes for the same input', async () => {
    for (const kind of BILL_DOCUMENT_KINDS)
      for (const locale of LOCALES)
        expect(BILL_DOCUMENT_TEXTS[locale].titles[kind], `${locale} ${kind}`).toBeTruthy();
    for (const locale of LOCALES) {
      const bytes = await renderBillDocumentPdf(input(locale));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = bytes.toString('latin1');
      expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
      expect(text).toContain(`/Lang (${MARKETS[locale].language})`);
      expect(text).toMatch(/\/FontFile2 /);
    }
    const first = await renderBillDocumentPdf(input('fr'));
    expect((await renderBillDocumentPdf(input('fr'))).equals(first)).toBe(true);
    expect((await renderBillDocumentPdf(input('fr-BE'))).equals(first)).toBe(false);
  });
});
