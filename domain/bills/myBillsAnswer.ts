/**
 * What the account's bills page reads (`GET {locale}/ajax/my-bills`, http/routes/billsCalls.ts): the
 * documents we issued to the buyer, the bills they added for their cars, those cars, the limits, and a
 * bundle's progress (SPEC §7 `my-bills/check-progress-download`'s answer).
 */
import { z } from 'zod';
import { moneySchema } from '../catalogue/car.ts';
import { billDocumentSchema } from './billDocuments.ts';
import { myBillViewSchema } from './myBills.ts';

export const bundleProgressSchema = z.object({
  bundleId: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  ready: z.boolean(),
  failed: z.boolean(),
  /** Once ready: the ZIP's URL. */
  downloadUrl: z.string().optional(),
});
export type BundleProgressAnswer = z.output<typeof bundleProgressSchema>;

export const myBillsAnswerSchema = z.object({
  documents: z.array(
    billDocumentSchema.extend({
      car: z.object({ carId: z.string(), name: z.string(), year: z.number().int() }).nullable(),
      /** The PDF's URL. */
      url: z.string(),
    }),
  ),
  bills: z.array(myBillViewSchema.extend({ url: z.string() })),
  cars: z.array(
    z.object({ carId: z.string(), brand: z.string(), model: z.string(), year: z.number().int() }),
  ),
  /** The market's currency: a bill's amount is typed in it. */
  currency: moneySchema.shape.currency,
  maxBytes: z.number().int(),
  max: z.number().int(),
  bundle: bundleProgressSchema.nullable(),
});
export type MyBillsAnswer = z.output<typeof myBillsAnswerSchema>;
