/**
 * A consumer-credit quote: the monthly instalment of an annuity loan, its total cost and its APR (TAEG),
 * computed the way the EU Consumer Credit Directive defines them. Pure arithmetic on minor units.
 */
import type { z } from 'zod';
import type { Money } from '../catalogue/car.ts';
import { ValidationError } from '../errors.ts';
import type { financeQuoteRequestSchema } from './financeSchemas.ts';
import { FINANCE_TERMS, type FinanceTerms } from './financeTerms.ts';

export type FinanceQuoteRequest = z.output<typeof financeQuoteRequestSchema>;

export interface FinanceQuote {
  readonly market: FinanceQuoteRequest['market'];
  readonly price: Money;
  readonly downPayment: Money;
  readonly financed: Money;
  readonly durationMonths: number;
  readonly monthly: Money;
  /** Fixed annual borrowing rate in percent (5.9 = 5.9 %). */
  readonly nominalRatePercent: number;
  /** Annual percentage rate of charge (TAEG / effektiver Jahreszins / RRSO) in percent, 2 decimals. */
  readonly aprPercent: number;
  /** Arrangement fee paid at signature. */
  readonly fees: Money;
  /** monthly × duration − financed. */
  readonly interest: Money;
  /** Interest + fees: what the credit costs. */
  readonly totalCostOfCredit: Money;
  /** Down payment + every instalment + fees. */
  readonly totalPayable: Money;
}

/**
 * The annuity instalment of `principal` over `months` at `monthlyRate`, in minor units, rounded up to the
 * minor unit: the smallest whole instalment that repays the loan (so the lender is never short by the
 * rounding; the few cents over are in the interest and the APR).
 */
export function annuityInstalment(principal: number, monthlyRate: number, months: number): number {
  const exact =
    monthlyRate === 0 ? principal / months : (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
  // Tolerance for floating-point noise: 1234.0000000001 must not become 1235.
  return Math.ceil(exact - 1e-7);
}

/**
 * The APR as the EU directive defines it: the yearly rate `a` at which the present value of the
 * instalments, each discounted by (1 + a)^(k/12), equals what the borrower receives (the amount financed
 * less the fees paid at signature). Solved by bisection to 1e-10, returned in percent with 2 decimals.
 */
export function annualPercentageRate(received: number, instalment: number, months: number): number {
  const presentValue = (a: number) => {
    let sum = 0;
    for (let k = 1; k <= months; k++) sum += instalment / (1 + a) ** (k / 12);
    return sum;
  };
  let low = 0;
  let high = 10;
  if (presentValue(0) <= received) return 0;
  while (high - low > 1e-10) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > received) low = mid;
    else high = mid;
  }
  return Math.round(low * 10_000) / 100;
}

/**
 * The quote for a price, down payment and duration in a market. A currency other than the market's, a
 * down payment above the price, or an amount to finance outside the lender's limits → ValidationError.
 */
export function quoteFinance(
  request: FinanceQuoteRequest,
  terms: FinanceTerms = FINANCE_TERMS[request.market],
): FinanceQuote {
  const { currency } = terms;
  const fields: Record<string, string[]> = {};
  if (request.price.currency !== currency) fields['price.currency'] = [`must be ${currency}`];
  if (request.downPayment.currency !== currency) fields['downPayment.currency'] = [`must be ${currency}`];
  if (Object.keys(fields).length > 0) throw new ValidationError('the finance request is not valid', fields);
  const financed = request.price.amount - request.downPayment.amount;
  const money = (amount: number): Money => ({ amount, currency });
  if (financed < terms.minFinanced) {
    throw ValidationError.field(
      'downPayment',
      `leaves less than the minimum to finance (${terms.minFinanced} minor units)`,
    );
  }
  if (financed > terms.maxFinanced) {
    const needed = request.price.amount - terms.maxFinanced;
    throw ValidationError.field(
      'downPayment',
      `must be at least ${needed} minor units (maximum financed ${terms.maxFinanced})`,
    );
  }
  const months = request.durationMonths;
  const monthly = annuityInstalment(financed, terms.nominalRate / 12, months);
  const fees = Math.round(financed * terms.fee.rate) + terms.fee.fixed;
  const repaid = monthly * months;
  return {
    market: request.market,
    price: request.price,
    downPayment: request.downPayment,
    financed: money(financed),
    durationMonths: months,
    monthly: money(monthly),
    nominalRatePercent: Math.round(terms.nominalRate * 10_000) / 100,
    aprPercent: annualPercentageRate(financed - fees, monthly, months),
    fees: money(fees),
    interest: money(repaid - financed),
    totalCostOfCredit: money(repaid - financed + fees),
    totalPayable: money(request.downPayment.amount + repaid + fees),
  };
}
