/** zod schemas of finance requests as they arrive from outside. */
import { z } from 'zod';
import { moneySchema } from '../catalogue/car.ts';
import { LOCALES } from '../markets.ts';
import { FINANCE_DURATIONS } from './financeTerms.ts';

export const financeQuoteRequestSchema = z.object({
  market: z.enum(LOCALES),
  /** The total due: the car, delivery and extras, less an accepted trade-in. */
  price: moneySchema,
  downPayment: moneySchema,
  durationMonths: z
    .number()
    .int()
    .refine((n) => (FINANCE_DURATIONS as readonly number[]).includes(n), {
      message: `one of ${FINANCE_DURATIONS.join(', ')}`,
    }),
});

export const financeApplicationSchema = financeQuoteRequestSchema.extend({
  /** The caller's new id for the application (the decision is stored under it). */
  applicationId: z.string().min(1).max(64),
  /** Declared by the buyer: net income per month and existing credit instalments per month. */
  netMonthlyIncome: moneySchema,
  existingMonthlyCredit: moneySchema,
});
