/**
 * The my-infos form (SPEC `checkMyInfoStep/{id}`): its personal fields go to the customer vault, and
 * `toSubmitInfos` keeps only what the purchase stream may hold. The commands' schemas: commands.ts.
 */
import { z } from 'zod';
import { countrySchema } from '../catalogue/car.ts';
import type { PurchaseCommandOf } from './commands.ts';

const POSTCODES: Readonly<Record<z.output<typeof countrySchema>, RegExp>> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  DE: /^\d{5}$/,
  ES: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
};

/** The my-infos form (SPEC `checkMyInfoStep/{id}`): personal data, for the vault only. */
export const myInfosBodySchema = z
  .object({
    buyerType: z.enum(['private', 'business']),
    civility: z.enum(['mr', 'ms', 'other']).optional(),
    firstName: z.string().trim().min(1).max(80),
    lastName: z.string().trim().min(1).max(80),
    phone: z.string().regex(/^\+?[0-9 ().-]{6,20}$/, 'a phone number'),
    birthDate: z.iso.date().optional(),
    company: z
      .object({ name: z.string().trim().min(1).max(120), vatNumber: z.string().trim().max(20) })
      .optional(),
    address: z.object({
      line1: z.string().trim().min(1).max(120),
      line2: z.string().trim().max(120).optional(),
      postcode: z.string().trim(),
      city: z.string().trim().min(1).max(80),
      country: countrySchema,
    }),
  })
  .superRefine((body, ctx) => {
    if (!POSTCODES[body.address.country].test(body.address.postcode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['address', 'postcode'],
        message: 'not a postcode of this country',
      });
    }
    if (body.buyerType === 'business' && body.company === undefined) {
      ctx.addIssue({ code: 'custom', path: ['company'], message: 'required for a business buyer' });
    }
  });

export type MyInfosBody = z.output<typeof myInfosBodySchema>;

/**
 * A coarse area, never an address: the country and the first two digits of the postcode (the French
 * département, the German Leitregion, the Spanish or Italian province, the Polish or Portuguese
 * district). Enough to tell that a home-delivery quote went stale.
 */
export function postcodeAreaOf(country: string, postcode: string): string {
  return `${country}-${postcode.replace(/\D/g, '').slice(0, 2)}`;
}

/** The domain command of a my-infos form, once its personal fields are in the vault. */
export function toSubmitInfos(body: MyInfosBody): PurchaseCommandOf<'SubmitInfos'> {
  return {
    type: 'SubmitInfos',
    buyerType: body.buyerType,
    country: body.address.country,
    postcodeArea: postcodeAreaOf(body.address.country, body.address.postcode),
  };
}
