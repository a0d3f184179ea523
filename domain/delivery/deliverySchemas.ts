/** zod schemas of a delivery request as it arrives from outside (HTTP, a provider adapter's caller). */
import { z } from 'zod';
import { countrySchema } from '../catalogue/car.ts';
import { CONDITIONS } from '../catalogue/vocabulary.ts';
import { LOCALES } from '../markets.ts';
import { DELIVERY_TYPES } from './deliveryTariffs.ts';

export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const deliveryOriginSchema = z.object({
  coordinates: latLngSchema,
  postcode: z.string().trim().min(3).max(12),
  country: countrySchema,
});

/** Everything but the type: what `quoteAll` takes. */
export const deliveryDestinationRequestSchema = z.object({
  market: z.enum(LOCALES),
  dealer: deliveryOriginSchema,
  postcode: z.string().trim().min(1).max(12).optional(),
  carCondition: z.enum(CONDITIONS),
  orderedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
});

export const deliveryRequestSchema = deliveryDestinationRequestSchema.extend({
  type: z.enum(DELIVERY_TYPES),
});
