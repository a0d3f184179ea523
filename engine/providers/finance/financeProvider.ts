/**
 * Consumer-credit port: a finance quote (monthly instalment, APR, total cost) and the lender's online
 * decision on an application (the SPEC's `validate`: accepted, declined, by-pass). Stands for a
 * consumer-credit partner such as Volean (the SPEC's `get-car-financement`, `url-pdf-volean`,
 * `connect/ajax/funding/{id}`, `connect/ajax/validate/finance/offer/{id}/{validate}`). See README.md.
 */
import type { FinanceDecisionReason, FinanceDecisionResult } from '../../../domain/finance/decideFinance.ts';
import type { FinanceQuote, FinanceQuoteRequest } from '../../../domain/finance/quoteFinance.ts';

export type { FinanceDecisionReason, FinanceQuote, FinanceQuoteRequest };

/** A finance application: the loan asked for and what the buyer declared. */
export interface FinanceApplication extends FinanceQuoteRequest {
  readonly applicationId: string;
  readonly netMonthlyIncome: FinanceQuote['price'];
  readonly existingMonthlyCredit: FinanceQuote['price'];
}

/** The lender's answer: the decision with its reasons, on the quote it was made for. */
export interface FinanceApplicationResult extends FinanceDecisionResult {
  readonly applicationId: string;
  readonly quote: FinanceQuote;
}

export interface FinanceProvider {
  /**
   * The quote for a price, down payment and duration (12–84 months, step 12). Bad input (currency other
   * than the market's, a duration not offered, an amount to finance outside the lender's limits) →
   * ValidationError with the field.
   */
  quote(request: FinanceQuoteRequest): Promise<FinanceQuote>;
  /**
   * Files an application and returns the online decision. The instalment is quoted again from the loan's
   * terms (a client-sent instalment is never trusted). `by-pass`: the lender could not decide online and
   * studies the file by hand; its final answer comes later (the funnel records it as a decision then).
   */
  decide(application: FinanceApplication): Promise<FinanceApplicationResult>;
}
