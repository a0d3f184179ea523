import { describe, expect, it } from 'vitest';
import { FINANCE_TERMS } from '../../domain/finance/financeTerms.ts';
import { quoteFinance } from '../../domain/finance/quoteFinance.ts';
import { LOCALES, MARKETS } from '../../domain/markets.ts';
import { BUILT_IN_LENDERS } from '../providers/finance/builtInLenders.ts';
import { type FinanceOfferDocument, renderFinanceOfferPdf } from './financeOfferPdf.ts';
import { FINANCE_OFFER_TEXTS, fill } from './financeOfferTexts.ts';

const offer = (locale: (typeof LOCALES)[number], date = '2026-11-25'): FinanceOfferDocument => {
  const currency = FINANCE_TERMS[locale].currency;
  return {
    locale,
    date,
    retailer: 'AutoNova',
    car: { name: 'Škoda Octavia 2.0 TDI', reference: 'AN-1', year: 2021, mileageKm: 34_000 },
    quote: quoteFinance({
      market: locale,
      price: { amount: 2_390_000, currency },
      downPayment: { amount: 300_000, currency },
      durationMonths: currency === 'PLN' ? 48 : 60,
    }),
    lender: BUILT_IN_LENDERS[locale],
  };
};

describe('the finance offer PDF', () => {
  it('given the same offer twice, then the bytes are the same; another day or quote gives another document', async () => {
    const first = await renderFinanceOfferPdf(offer('fr'));
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await renderFinanceOfferPdf(offer('fr'))).equals(first)).toBe(true);
    expect((await renderFinanceOfferPdf(offer('fr', '2026-11-26'))).equals(first)).toBe(false);
    expect((await renderFinanceOfferPdf(offer('fr-BE'))).equals(first)).toBe(false);
  });

  it('given each market, then one page in the market’s language, with the fonts embedded', async () => {
    for (const locale of LOCALES) {
      const text = (await renderFinanceOfferPdf(offer(locale))).toString('latin1');
      expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
      expect(text).toContain(`/Lang (${MARKETS[locale].language})`);
      expect(text).toMatch(/\/FontFile2 /);
      expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
    }
  });

  it('given every market’s texts, then each has every mention filled, and France and Belgium their required warnings', () => {
    for (const locale of LOCALES) {
      const texts = FINANCE_OFFER_TEXTS[locale];
      for (const name of ['price', 'credit', 'months', 'rate', 'monthly', 'apr', 'cost', 'due'])
        expect(texts.example, `${locale} example`).toContain(`{${name}}`);
      expect(texts.conditions).toMatch(/14/);
    }
    expect(FINANCE_OFFER_TEXTS.fr.warning).toContain('Vérifiez vos capacités de remboursement');
    expect(FINANCE_OFFER_TEXTS['fr-BE'].warning).toBe(
      'Attention, emprunter de l’argent coûte aussi de l’argent.',
    );
    expect(FINANCE_OFFER_TEXTS['nl-BE'].warning).toBe('Let op, geld lenen kost ook geld.');
    expect(FINANCE_OFFER_TEXTS.at.example).toContain('§ 5 VKrG');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
