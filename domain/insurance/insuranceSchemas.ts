/** zod schemas of insurance and extras requests as they arrive from outside. */
import { z } from 'zod';
import { moneySchema } from '../catalogue/car.ts';
import { CONDITIONS, FUELS } from '../catalogue/vocabulary.ts';
import { LOCALES } from '../markets.ts';

/** The car the offers are for. */
export const coverRequestSchema = z.object({
  market: z.enum(LOCALES),
  carPrice: moneySchema,
  fuel: z.enum(FUELS),
  carCondition: z.enum(CONDITIONS),
});

/** The buyer's choice: a cover (or none: the buyer insures elsewhere) and extras by id. */
export const selectionSchema = coverRequestSchema.extend({
  insuranceId: z.string().max(64).nullable(),
  extraIds: z.array(z.string().max(64)).max(20),
});
