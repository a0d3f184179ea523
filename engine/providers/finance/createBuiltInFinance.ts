/**
 * The built-in consumer-credit provider: annuity quotes, APR and the documented decision rules of
 * domain/finance, computed in-process, no network. A real adapter implements the same port.
 */
import { decideFinance } from '../../../domain/finance/decideFinance.ts';
import { financeChoices } from '../../../domain/finance/financeChoices.ts';
import {
  financeApplicationSchema,
  financeQuoteRequestSchema,
} from '../../../domain/finance/financeSchemas.ts';
import { FINANCE_TERMS, type FinanceTerms } from '../../../domain/finance/financeTerms.ts';
import { quoteFinance } from '../../../domain/finance/quoteFinance.ts';
import type { Locale } from '../../../domain/markets.ts';
import { validate } from '../../../domain/validate.ts';
import { BUILT_IN_LENDERS } from './builtInLenders.ts';
import type { FinanceLender, FinanceProvider } from './financeProvider.ts';

export interface BuiltInFinanceOptions {
  /** Terms replacing the defaults of some markets (domain/finance/financeTerms.ts). */
  readonly terms?: Partial<Record<Locale, FinanceTerms>>;
  /** Lenders replacing the placeholder identities of some markets (builtInLenders.ts). */
  readonly lenders?: Partial<Record<Locale, FinanceLender>>;
}

export function createBuiltInFinance(options: BuiltInFinanceOptions = {}): FinanceProvider {
  const terms = { ...FINANCE_TERMS, ...options.terms };
  const lenders = { ...BUILT_IN_LENDERS, ...options.lenders };
  return {
    async quote(request) {
      const valid = validate(financeQuoteRequestSchema, request, 'finance request');
      return quoteFinance(valid, terms[valid.market]);
    },
    async decide(application) {
      const valid = validate(financeApplicationSchema, application, 'finance application');
      const quote = quoteFinance(valid, terms[valid.market]);
      return {
        applicationId: valid.applicationId,
        quote,
        ...decideFinance(quote, valid, terms[valid.market]),
      };
    },
    async choices(market, price) {
      return financeChoices(price, terms[market]);
    },
    async lender(market) {
      return lenders[market];
    },
  };
}
