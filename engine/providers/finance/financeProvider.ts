/**
 * Consumer-credit port: a finance quote (monthly instalment, APR, total cost) and the lender's online
 * decision on an application (the SPEC's `validate`: accepted, declined, by-pass). Stands for a
 * consumer-credit partner such as Volean (the SPEC's `get-car-financement`, `url-pdf-volean`,
 * `connect/ajax/funding/{id}`, `connect/ajax/validate/finance/offer/{id}/{validate}`). See README.md.
 */
import type { Money } from '../../../domain/catalogue/car.ts';
import type { FinanceDecisionReason, FinanceDecisionResult } from '../../../domain/finance/decideFinance.ts';
import type { FinanceChoices } from '../../../domain/finance/financeChoices.ts';
import type { FinanceQuote, FinanceQuoteRequest } from '../../../domain/finance/quoteFinance.ts';
import type { Locale } from '../../../domain/markets.ts';

export type { FinanceChoices, FinanceDecisionReason, FinanceQuote, FinanceQuoteRequest };

/** Who lends: printed on every offer, as the EU Consumer Credit Directive requires of credit advertising. */
export interface FinanceLender {
  /** The lender's name and legal form. */
  readonly name: string;
  /** Its registered address, on one line. */
  readonly address: string;
  /** Its registration and the authority supervising it, as its own documents print them. */
  readonly registration: string;
}

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
  /**
   * What a buyer may choose for a car at `price` in `market`: the durations and the range of down
   * payments the lender finances; undefined when it finances no loan for that price.
   */
  choices(market: Locale, price: Money): Promise<FinanceChoices | undefined>;
  /** The lender of `market`'s loans. */
  lender(market: Locale): Promise<FinanceLender>;
}
