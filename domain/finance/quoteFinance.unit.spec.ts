import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { LOCALES, MARKETS } from '../markets.ts';
import { FINANCE_DURATIONS, FINANCE_TERMS } from './financeTerms.ts';
import {
  annualPercentageRate,
  annuityInstalment,
  type FinanceQuoteRequest,
  quoteFinance,
} from './quoteFinance.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const request = (overrides: Partial<FinanceQuoteRequest> = {}): FinanceQuoteRequest => ({
  market: 'fr',
  price: eur(2_000_000),
  downPayment: eur(500_000),
  durationMonths: 48,
  ...overrides,
});

describe('finance quote', () => {
  it('given 15 000 € financed over 48 months at 5.9 % in France, then 351.59 € a month, APR 6.06 %, and the totals', () => {
    expect(quoteFinance(request())).toEqual({
      market: 'fr',
      price: eur(2_000_000),
      downPayment: eur(500_000),
      financed: eur(1_500_000),
      durationMonths: 48,
      monthly: eur(35_159),
      nominalRatePercent: 5.9,
      // Without fees the APR is the effective yearly rate of 5.9 % a year paid monthly: (1 + 0.059/12)^12 − 1.
      aprPercent: 6.06,
      fees: eur(0),
      interest: eur(35_159 * 48 - 1_500_000),
      totalCostOfCredit: eur(35_159 * 48 - 1_500_000),
      totalPayable: eur(500_000 + 35_159 * 48),
    });
  });

  it('given a Polish loan with a 3 % arrangement fee, then the fee raises the APR well above the borrowing rate', () => {
    const quote = quoteFinance({
      market: 'pl',
      price: { amount: 8_990_000, currency: 'PLN' },
      downPayment: { amount: 0, currency: 'PLN' },
      durationMonths: 60,
    });
    expect(quote.fees).toEqual({ amount: 269_700, currency: 'PLN' });
    expect(quote.nominalRatePercent).toBe(9.9);
    expect(quote.aprPercent).toBeGreaterThan(11);
    expect(quote.totalCostOfCredit.amount).toBe(quote.interest.amount + 269_700);
  });

  it('given a down payment that leaves too little or too much to finance, then it is a validation error on the down payment', () => {
    expect(() => quoteFinance(request({ downPayment: eur(1_800_000) }))).toThrow(
      /downPayment: leaves less than the minimum/,
    );
    expect(() => quoteFinance(request({ price: eur(10_000_000), downPayment: eur(0) }))).toThrow(
      /downPayment: must be at least 2500000/,
    );
    expect(() => quoteFinance(request({ downPayment: eur(2_100_000) }))).toThrow(ValidationError);
  });

  it('given amounts in złoty in a euro market, then it is a validation error on each currency', () => {
    try {
      quoteFinance(
        request({
          price: { amount: 2_000_000, currency: 'PLN' },
          downPayment: { amount: 0, currency: 'PLN' },
        }),
      );
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).details.fields).toEqual({
        'price.currency': ['must be EUR'],
        'downPayment.currency': ['must be EUR'],
      });
    }
  });

  it('given a zero rate, then the instalment is the principal split evenly, rounded up, and the APR is 0', () => {
    expect(annuityInstalment(1_000_000, 0, 12)).toBe(83_334);
    expect(annualPercentageRate(1_000_000, 83_333, 12)).toBe(0);
  });

  it('the instalment is the smallest whole amount that repays the loan: one minor unit less leaves a balance', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.integer({ min: 300_000, max: 7_500_000 }),
        fc.constantFrom(...FINANCE_DURATIONS),
        (market, principal, months) => {
          const rate = FINANCE_TERMS[market].nominalRate / 12;
          const balanceAfter = (instalment: number) => {
            let balance = principal;
            for (let k = 0; k < months; k++) balance = balance * (1 + rate) - instalment;
            return balance;
          };
          const instalment = annuityInstalment(principal, rate, months);
          expect(balanceAfter(instalment)).toBeLessThanOrEqual(1e-3);
          expect(balanceAfter(instalment - 1)).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('for every quote: APR ≥ the borrowing rate, totals add up, and a longer loan costs less a month but more in all', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.integer({ min: 500_000, max: 6_000_000 }),
        fc.integer({ min: 0, max: 5 }),
        (market, price, i) => {
          const currency = MARKETS[market].currency;
          const base = {
            market,
            price: { amount: price * (currency === 'PLN' ? 4 : 1), currency },
            downPayment: { amount: 0, currency },
          };
          const short = quoteFinance({ ...base, durationMonths: FINANCE_DURATIONS[i]! });
          const long = quoteFinance({ ...base, durationMonths: FINANCE_DURATIONS[i + 1]! });
          expect(short.aprPercent).toBeGreaterThanOrEqual(short.nominalRatePercent);
          expect(short.totalPayable.amount).toBe(
            short.monthly.amount * short.durationMonths + short.fees.amount,
          );
          expect(long.monthly.amount).toBeLessThan(short.monthly.amount);
          expect(long.totalCostOfCredit.amount).toBeGreaterThan(short.totalCostOfCredit.amount);
        },
      ),
    );
  });
});
