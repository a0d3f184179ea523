/**
 * The lender's online decision on a finance application (the SPEC's `validate`: accepted, declined,
 * by-pass), from the buyer's declared net monthly income and existing credit and the new instalment.
 *
 * Rules, all checked so every reason is given:
 * - no income → declined (`no_income`);
 * - debt ratio (existing credit + instalment) ÷ income above the market's decline ratio (45 %; PL 50 %)
 *   → declined (`debt_ratio_too_high`);
 * - income left after all instalments below the market's minimum → declined (`residual_income_too_low`);
 * - otherwise, a debt ratio above the accept ratio (35 %; DE 40 %) → by-pass (`debt_ratio_needs_review`),
 *   and an amount financed above the online limit → by-pass (`amount_needs_review`): the partner cannot
 *   decide online and passes the file to a manual study; the funnel may proceed;
 * - otherwise accepted (`within_limits`).
 */
import type { Money } from '../catalogue/car.ts';
import { ValidationError } from '../errors.ts';
import type { FinanceDecision } from '../routes/paramRules.ts';
import { FINANCE_TERMS, type FinanceTerms } from './financeTerms.ts';
import type { FinanceQuote } from './quoteFinance.ts';

export type FinanceDecisionReason =
  | 'no_income'
  | 'debt_ratio_too_high'
  | 'residual_income_too_low'
  | 'debt_ratio_needs_review'
  | 'amount_needs_review'
  | 'within_limits';

export interface FinanceDeclaration {
  readonly netMonthlyIncome: Money;
  readonly existingMonthlyCredit: Money;
}

export interface FinanceDecisionResult {
  readonly decision: FinanceDecision;
  readonly reasons: readonly FinanceDecisionReason[];
  /** (existing credit + instalment) ÷ income, 4 decimals; null without income. */
  readonly debtRatio: number | null;
  /** Income − existing credit − instalment (may be negative). */
  readonly residualIncome: { readonly amount: number; readonly currency: Money['currency'] };
}

/** Decides on the quote's instalment for what the buyer declared. */
export function decideFinance(
  quote: Pick<FinanceQuote, 'market' | 'monthly' | 'financed'>,
  declaration: FinanceDeclaration,
  terms: FinanceTerms = FINANCE_TERMS[quote.market],
): FinanceDecisionResult {
  const { currency, decision: rules } = terms;
  const fields: Record<string, string[]> = {};
  if (declaration.netMonthlyIncome.currency !== currency)
    fields['netMonthlyIncome.currency'] = [`must be ${currency}`];
  if (declaration.existingMonthlyCredit.currency !== currency) {
    fields['existingMonthlyCredit.currency'] = [`must be ${currency}`];
  }
  if (Object.keys(fields).length > 0)
    throw new ValidationError('the finance declaration is not valid', fields);

  const income = declaration.netMonthlyIncome.amount;
  const commitments = declaration.existingMonthlyCredit.amount + quote.monthly.amount;
  const residualIncome = { amount: income - commitments, currency };
  if (income <= 0) return { decision: 'declined', reasons: ['no_income'], debtRatio: null, residualIncome };

  const debtRatio = Math.round((commitments / income) * 10_000) / 10_000;
  const declines: FinanceDecisionReason[] = [];
  if (commitments / income > rules.declineDebtRatio) declines.push('debt_ratio_too_high');
  if (residualIncome.amount < rules.minResidualIncome) declines.push('residual_income_too_low');
  if (declines.length > 0) return { decision: 'declined', reasons: declines, debtRatio, residualIncome };

  const reviews: FinanceDecisionReason[] = [];
  if (commitments / income > rules.acceptDebtRatio) reviews.push('debt_ratio_needs_review');
  if (quote.financed.amount > rules.onlineLimit) reviews.push('amount_needs_review');
  if (reviews.length > 0) return { decision: 'by-pass', reasons: reviews, debtRatio, residualIncome };
  return { decision: 'accepted', reasons: ['within_limits'], debtRatio, residualIncome };
}
