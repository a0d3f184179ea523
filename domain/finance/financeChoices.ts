/**
 * What a buyer may choose when simulating a loan for a car of a given price: the durations offered and
 * the range of down payments that leaves an amount the lender finances, and the choice shown before
 * they pick (the car page's first quote). Pure: the price and the market's terms come in.
 */
import type { Money } from '../catalogue/car.ts';
import { FINANCE_DURATIONS, type FinanceDuration, type FinanceTerms } from './financeTerms.ts';

/** The choices open for one price, all amounts in minor units of the terms' currency. */
export interface FinanceChoices {
  readonly currency: FinanceTerms['currency'];
  readonly durations: readonly FinanceDuration[];
  /** The smallest down payment: what leaves at most the largest amount financed (0 for most cars). */
  readonly minDownPayment: number;
  /** The largest down payment: what still leaves the smallest amount financed. */
  readonly maxDownPayment: number;
}

/** The duration shown first: five years, the most common term of a car loan bought online. */
export const DEFAULT_FINANCE_DURATION: FinanceDuration = 60;

/**
 * The choices for a car at `price`, or undefined when no down payment can bring the amount financed
 * within the lender's limits (a car cheaper than the smallest loan) or the price is in another currency.
 */
export function financeChoices(price: Money, terms: FinanceTerms): FinanceChoices | undefined {
  if (price.currency !== terms.currency) return undefined;
  const maxDownPayment = price.amount - terms.minFinanced;
  if (maxDownPayment < 0) return undefined;
  return {
    currency: terms.currency,
    durations: FINANCE_DURATIONS,
    minDownPayment: Math.max(0, price.amount - terms.maxFinanced),
    maxDownPayment,
  };
}

/**
 * The first choice shown: {@link DEFAULT_FINANCE_DURATION} and the smallest down payment, rounded up to a
 * hundred units of the currency (a round figure a buyer would type) while it stays within the range.
 */
export function defaultFinanceChoice(choices: FinanceChoices): {
  durationMonths: FinanceDuration;
  downPayment: number;
} {
  const rounded = Math.ceil(choices.minDownPayment / 10_000) * 10_000;
  return {
    durationMonths: DEFAULT_FINANCE_DURATION,
    downPayment: rounded <= choices.maxDownPayment ? rounded : choices.minDownPayment,
  };
}
