import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../markets.ts';
import { defaultFinanceChoice, financeChoices } from './financeChoices.ts';
import { FINANCE_DURATIONS, FINANCE_TERMS } from './financeTerms.ts';
import { quoteFinance } from './quoteFinance.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });

describe('finance choices for a car', () => {
  it('given a 20 000 € car in France, then any down payment up to 17 000 € and 60 months with none first', () => {
    const choices = financeChoices(eur(2_000_000), FINANCE_TERMS.fr);
    expect(choices).toEqual({
      currency: 'EUR',
      durations: FINANCE_DURATIONS,
      minDownPayment: 0,
      maxDownPayment: 1_700_000,
    });
    expect(defaultFinanceChoice(choices!)).toEqual({ durationMonths: 60, downPayment: 0 });
  });

  it('given a car dearer than the largest loan, then the smallest down payment covers the difference, rounded up to 100 €', () => {
    const choices = financeChoices(eur(8_123_456), FINANCE_TERMS.de)!;
    expect(choices.minDownPayment).toBe(623_456);
    expect(defaultFinanceChoice(choices)).toEqual({ durationMonths: 60, downPayment: 630_000 });
  });

  it('given a car cheaper than the smallest loan or priced in another currency, then no finance is offered', () => {
    expect(financeChoices(eur(299_999), FINANCE_TERMS.fr)).toBeUndefined();
    expect(financeChoices(eur(2_000_000), FINANCE_TERMS.pl)).toBeUndefined();
    expect(financeChoices({ amount: 1_200_000, currency: 'PLN' }, FINANCE_TERMS.pl)).toMatchObject({
      currency: 'PLN',
      maxDownPayment: 0,
    });
  });

  it('given any price a loan is possible for, then the first choice and both ends of the range can be quoted', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.integer({ min: 0, max: 40_000_000 }), (market, amount) => {
        const terms = FINANCE_TERMS[market];
        const price = { amount, currency: terms.currency };
        const choices = financeChoices(price, terms);
        if (!choices) return;
        const first = defaultFinanceChoice(choices);
        expect(first.downPayment).toBeGreaterThanOrEqual(choices.minDownPayment);
        expect(first.downPayment).toBeLessThanOrEqual(choices.maxDownPayment);
        for (const downPayment of [choices.minDownPayment, choices.maxDownPayment, first.downPayment]) {
          const quote = quoteFinance({
            market,
            price,
            downPayment: { amount: downPayment, currency: terms.currency },
            durationMonths: first.durationMonths,
          });
          expect(quote.monthly.amount).toBeGreaterThan(0);
        }
      }),
    );
  });
});
