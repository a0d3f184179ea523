/**
 * Consumer-credit terms per market: the borrowing rate, the arrangement fee, the amounts a lender finances,
 * and the thresholds of its online decision. Figures are typical of car loans offered online in 2024–25;
 * limits follow the law where it sets one (75 000 €: the EU Consumer Credit Directive's scope; 255 550 zł:
 * Poland's consumer credit act).
 */
import type { Currency, Locale } from '../markets.ts';

/** Loan durations offered, in months (12 to 84, step 12). */
export const FINANCE_DURATIONS = [12, 24, 36, 48, 60, 72, 84] as const;
export type FinanceDuration = (typeof FINANCE_DURATIONS)[number];

export interface FinanceTerms {
  readonly currency: Currency;
  /** Fixed annual borrowing rate (taux débiteur / Sollzins / TAN), as a fraction: 0.059 = 5.9 %. */
  readonly nominalRate: number;
  /** Arrangement fee paid at signature (not financed): a share of the amount financed plus a fixed part. */
  readonly fee: { readonly rate: number; readonly fixed: number };
  /** Smallest and largest amount financed, in minor units. */
  readonly minFinanced: number;
  readonly maxFinanced: number;
  /** Online decision thresholds (see decideFinance.ts). */
  readonly decision: {
    /** Debt ratio (all credit instalments ÷ net income) up to which the file is accepted online. */
    readonly acceptDebtRatio: number;
    /** Debt ratio above which the file is declined. Between the two: by-pass (manual study). */
    readonly declineDebtRatio: number;
    /** Income left each month after all instalments, below which the file is declined (reste à vivre). */
    readonly minResidualIncome: number;
    /** Amounts financed above this go to a manual study even when the ratios are fine. */
    readonly onlineLimit: number;
  };
}

const euro = (
  nominalRate: number,
  fee: FinanceTerms['fee'],
  minResidualIncome: number,
  acceptDebtRatio = 0.35,
): FinanceTerms => ({
  currency: 'EUR',
  nominalRate,
  fee,
  minFinanced: 300_000,
  maxFinanced: 7_500_000,
  decision: { acceptDebtRatio, declineDebtRatio: 0.45, minResidualIncome, onlineLimit: 5_000_000 },
});

export const FINANCE_TERMS: Readonly<Record<Locale, FinanceTerms>> = {
  at: euro(0.0599, { rate: 0.02, fixed: 0 }, 110_000),
  de: euro(0.0549, { rate: 0, fixed: 0 }, 110_000, 0.4),
  es: euro(0.0795, { rate: 0.02, fixed: 0 }, 70_000),
  fr: euro(0.059, { rate: 0, fixed: 0 }, 80_000),
  'fr-BE': euro(0.049, { rate: 0, fixed: 0 }, 90_000),
  it: euro(0.075, { rate: 0, fixed: 30_000 }, 75_000),
  'nl-BE': euro(0.049, { rate: 0, fixed: 0 }, 90_000),
  pl: {
    currency: 'PLN',
    nominalRate: 0.099,
    fee: { rate: 0.03, fixed: 0 },
    minFinanced: 1_200_000,
    maxFinanced: 25_555_000,
    decision: {
      acceptDebtRatio: 0.35,
      declineDebtRatio: 0.5,
      minResidualIncome: 250_000,
      onlineLimit: 20_000_000,
    },
  },
  pt: euro(0.089, { rate: 0.015, fixed: 0 }, 60_000),
};
