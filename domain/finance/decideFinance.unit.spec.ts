import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { decideFinance } from './decideFinance.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const quote = (monthly: number, financed = 1_500_000) => ({
  market: 'fr' as const,
  monthly: eur(monthly),
  financed: eur(financed),
});
const declared = (income: number, existing = 0) => ({
  netMonthlyIncome: eur(income),
  existingMonthlyCredit: eur(existing),
});

describe('finance decision', () => {
  it('given 2 500 € income, no other credit and a 352 € instalment, then accepted (14 % debt ratio)', () => {
    expect(decideFinance(quote(35_159), declared(250_000))).toEqual({
      decision: 'accepted',
      reasons: ['within_limits'],
      debtRatio: 0.1406,
      residualIncome: eur(250_000 - 35_159),
    });
  });

  it('given a debt ratio of 40 %, between the accept and decline ratios, then by-pass for a manual study', () => {
    expect(decideFinance(quote(40_000), declared(250_000, 60_000))).toMatchObject({
      decision: 'by-pass',
      reasons: ['debt_ratio_needs_review'],
      debtRatio: 0.4,
    });
  });

  it('given a large amount with fine ratios, then by-pass too', () => {
    expect(decideFinance(quote(120_000, 5_500_000), declared(800_000))).toMatchObject({
      decision: 'by-pass',
      reasons: ['amount_needs_review'],
    });
  });

  it('given a debt ratio above 45 % and little left to live on, then declined with both reasons', () => {
    expect(decideFinance(quote(50_000), declared(150_000, 30_000))).toMatchObject({
      decision: 'declined',
      reasons: ['debt_ratio_too_high', 'residual_income_too_low'],
      residualIncome: eur(70_000),
    });
  });

  it('given a low income with a low ratio but under the minimum left to live on, then declined for the residual income', () => {
    expect(decideFinance(quote(20_000), declared(95_000))).toMatchObject({
      decision: 'declined',
      reasons: ['residual_income_too_low'],
    });
  });

  it('given no income, then declined for it and no ratio', () => {
    expect(decideFinance(quote(20_000), declared(0))).toMatchObject({
      decision: 'declined',
      reasons: ['no_income'],
      debtRatio: null,
    });
  });

  it('given an income in złoty in a euro market, then it is a validation error on the currency', () => {
    expect(() =>
      decideFinance(quote(20_000), {
        ...declared(0),
        netMonthlyIncome: { amount: 900_000, currency: 'PLN' },
      }),
    ).toThrow(ValidationError);
  });

  it('more income never makes the decision worse, more existing credit never makes it better', () => {
    const rank = { declined: 0, 'by-pass': 1, accepted: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 10_000, max: 150_000 }),
        fc.integer({ min: 1, max: 500_000 }),
        (income, existing, monthly, more) => {
          const base = rank[decideFinance(quote(monthly), declared(income, existing)).decision];
          expect(
            rank[decideFinance(quote(monthly), declared(income + more, existing)).decision],
          ).toBeGreaterThanOrEqual(base);
          expect(
            rank[decideFinance(quote(monthly), declared(income, existing + more)).decision],
          ).toBeLessThanOrEqual(base);
        },
      ),
    );
  });
});
