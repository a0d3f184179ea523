/**
 * A car listing: the facts the catalogue records when a car is listed and that feeds and staff may
 * correct later. Money is integer minor units with its currency (EUR; PLN in Poland).
 */
import { z } from 'zod';
import { BODIES, COLOURS, CONDITIONS, EQUIPMENT, FUELS, GEARBOXES } from './vocabulary.ts';

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const moneySchema = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.enum(['EUR', 'PLN']),
});
export type Money = z.output<typeof moneySchema>;

export const countrySchema = z.enum(['AT', 'BE', 'DE', 'ES', 'FR', 'IT', 'PL', 'PT']);

/** The facts of a listing. `carId` is the SPEC's numeric `id`; `reference` the dealer's stock number. */
export const carFactsSchema = z.object({
  carId: z.string().regex(/^[1-9]\d{0,11}$/, 'digits'),
  reference: z.string().min(1).max(40),
  condition: z.enum(CONDITIONS),
  country: countrySchema,
  dealerId: z.string().regex(/^\d{1,12}$/, 'digits'),
  brand: z.string().regex(SLUG, 'a slug'),
  model: z.string().regex(SLUG, 'a slug'),
  version: z.string().min(1).max(120),
  year: z.number().int().min(1990).max(2100),
  /** First registration `YYYY-MM`; absent for new cars. */
  firstRegistration: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
    .optional(),
  mileageKm: z.number().int().min(0).max(2_000_000),
  fuel: z.enum(FUELS),
  gearbox: z.enum(GEARBOXES),
  body: z.enum(BODIES),
  colour: z.enum(COLOURS),
  powerKw: z.number().int().min(1).max(1500),
  doors: z.number().int().min(2).max(6),
  seats: z.number().int().min(1).max(9),
  /** g/km (WLTP); 0 for electric cars. */
  co2: z.number().int().min(0).max(600),
  equipment: z.array(z.enum(EQUIPMENT)).max(EQUIPMENT.length),
  price: moneySchema,
});
export type CarFacts = z.output<typeof carFactsSchema>;

/** Where a car stands for buyers: on sale, held by a funnel, bought, or taken off the site. */
export const CAR_STATUSES = ['available', 'reserved', 'sold', 'withdrawn'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

/** The stream of a car: its catalogue facts and, later, the holds of the funnels. */
export function carStream(carId: string): string {
  return `car-${carId}`;
}

/** The URL slug of a car (SPEC `slug`: word characters and hyphens). */
export function carSlug(car: Pick<CarFacts, 'brand' | 'model' | 'version'>): string {
  const version = car.version
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return [car.brand, car.model, version].filter(Boolean).join('-').slice(0, 100).replace(/-+$/, '');
}
