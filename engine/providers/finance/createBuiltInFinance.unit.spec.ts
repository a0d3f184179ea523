import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../domain/errors.ts';
import { FINANCE_TERMS } from '../../../domain/finance/financeTerms.ts';
import { createBuiltInFinance } from './createBuiltInFinance.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const loan = { market: 'it' as const, price: eur(2_590_000), downPayment: eur(590_000), durationMonths: 60 };

describe('built-in finance', () => {
  it('given an Italian loan, then the quote carries the fixed arrangement fee and an APR above the rate', async () => {
    const quote = await createBuiltInFinance().quote(loan);
    expect(quote.financed).toEqual(eur(2_000_000));
    expect(quote.fees).toEqual(eur(30_000));
    expect(quote.aprPercent).toBeGreaterThan(quote.nominalRatePercent);
  });

  it('given an application, then the decision comes with the quote it was made on and the application id', async () => {
    const result = await createBuiltInFinance().decide({
      ...loan,
      applicationId: 'fa-1',
      netMonthlyIncome: eur(280_000),
      existingMonthlyCredit: eur(0),
    });
    expect(result).toMatchObject({ applicationId: 'fa-1', decision: 'accepted', reasons: ['within_limits'] });
    expect(result.quote.monthly.amount).toBeGreaterThan(0);
  });

  it('given market terms of its own, then quotes use them', async () => {
    const finance = createBuiltInFinance({
      terms: { it: { ...FINANCE_TERMS.it, nominalRate: 0, fee: { rate: 0, fixed: 0 } } },
    });
    expect((await finance.quote(loan)).monthly).toEqual(eur(33_334));
  });

  it('given a duration that is not offered and a negative income, then a validation error names both fields', async () => {
    const error = await createBuiltInFinance()
      .decide({
        ...loan,
        durationMonths: 30,
        applicationId: 'fa-2',
        netMonthlyIncome: eur(-5),
        existingMonthlyCredit: eur(0),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details.fields).toMatchObject({
      durationMonths: ['one of 12, 24, 36, 48, 60, 72, 84'],
      'netMonthlyIncome.amount': [expect.any(String)],
    });
  });

  it('given a car price, then the choices are the market’s durations and the down payments it finances, and the lender is named', async () => {
    const finance = createBuiltInFinance();
    expect(await finance.choices('pl', { amount: 5_000_000, currency: 'PLN' })).toMatchObject({
      currency: 'PLN',
      minDownPayment: 0,
      maxDownPayment: 3_800_000,
    });
    expect(await finance.choices('fr', eur(100_000))).toBeUndefined();
    expect((await finance.lender('nl-BE')).registration).toContain('FSMA');
    const own = { name: 'Prêteur SA', address: '1 rue A, 75001 Paris', registration: 'ACPR' };
    expect(await createBuiltInFinance({ lenders: { fr: own } }).lender('fr')).toEqual(own);
  });
});
