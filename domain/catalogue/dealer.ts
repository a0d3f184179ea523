/** A dealer (SPEC `idApi`, `slug`, hubs `nameHub`): where cars stand, are picked up and bought. */
import { z } from 'zod';
import { countrySchema, SLUG } from './car.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const openingHoursSchema = z.array(
  z.object({ day: z.enum(WEEKDAYS), opens: time, closes: time }).refine((h) => h.opens < h.closes, {
    message: 'opens before it closes',
  }),
);

export const dealerSchema = z.object({
  dealerId: z.string().regex(/^\d{1,12}$/, 'digits'),
  name: z.string().min(1).max(120),
  /** URL slug; the route table allows slashes (region/city) in dealer slugs. */
  slug: z.string().regex(/^[a-z0-9]+(?:[-/][a-z0-9]+)*$/, 'a slug'),
  /** The hub (SPEC `nameHub`) the dealer belongs to: a slug that never ends in `-digits`. */
  hub: z
    .string()
    .regex(SLUG, 'a slug')
    .refine((v) => !/-\d+$/.test(v), 'must not end with a hyphen and digits'),
  brands: z.array(z.string().regex(SLUG)).min(1),
  address: z.object({
    street: z.string().min(1),
    postcode: z.string().min(3).max(10),
    city: z.string().min(1),
    country: countrySchema,
  }),
  coordinates: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  phone: z.string().min(6).max(30),
  email: z.string().email(),
  openingHours: openingHoursSchema,
});
export type Dealer = z.output<typeof dealerSchema>;

export function dealerStream(dealerId: string): string {
  return `dealer-${dealerId}`;
}
