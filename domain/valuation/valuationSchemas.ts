/** zod schemas of trade-in valuation requests as they arrive from outside. */
import { z } from 'zod';
import { SLUG } from '../catalogue/car.ts';
import { FUELS } from '../catalogue/vocabulary.ts';
import { LOCALES } from '../markets.ts';
import { REVALUATION_REASONS, TRADE_IN_CONDITIONS } from './valuationRules.ts';

const vehicle = {
  brand: z.string().regex(SLUG, 'a slug'),
  model: z.string().regex(SLUG, 'a slug'),
  year: z.number().int().min(1990).max(2100),
  mileageKm: z.number().int().min(0).max(2_000_000),
  condition: z.enum(TRADE_IN_CONDITIONS),
  fuel: z.enum(FUELS),
};

export const tradeInVehicleSchema = z.object(vehicle);

export const valuationRequestSchema = z.object({
  /** Given by the caller (the command's new id), so a retried valuation is the same valuation. */
  valuationId: z.string().min(1).max(64),
  market: z.enum(LOCALES),
  ...vehicle,
  /** When the valuation is made (ISO 8601): the offer is valid 7 days from it. */
  valuedAt: z.iso.datetime({ offset: true }),
});

export const revaluationChangeSchema = z.object({
  revaluationId: z.string().min(1).max(64),
  revaluedAt: z.iso.datetime({ offset: true }),
  reason: z.enum(REVALUATION_REASONS),
  /** What the inspector or the seller said, kept with the revaluation. */
  note: z.string().max(500).optional(),
  year: vehicle.year.optional(),
  mileageKm: vehicle.mileageKm.optional(),
  condition: vehicle.condition.optional(),
  fuel: vehicle.fuel.optional(),
});
