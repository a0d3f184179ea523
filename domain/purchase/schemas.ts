/**
 * zod schemas of the purchase commands, for the HTTP edge (SPEC §7 calls) and for `decide`, which
 * parses every command it gets (bad input → ValidationError with a message per field → 400).
 * `myInfosBodySchema` is the my-infos form: its personal fields go to the customer vault, and
 * `toSubmitInfos` keeps only what the purchase stream may hold.
 */
import { z } from 'zod';
import { countrySchema } from '../catalogue/car.ts';
import { LOCALES } from '../markets.ts';
import { FINANCE_DECISIONS } from '../routes/paramRules.ts';
import type { PurchaseCommand, PurchaseCommandType } from './commands.ts';

const digits = z.string().regex(/^[1-9]\d{0,11}$/, 'digits');
/** Opaque ids from our ports (customers, offers, applications, payments, holds). */
const ref = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,79}$/, 'an id (letters, digits, _ . : -)');
const reason = z.string().trim().min(1).max(500);

export const REOPENABLE_STEPS = [
  'my-account',
  'sign-in-sign-up',
  'my-infos',
  'delivery',
  'recovery',
  'insurance',
  'additional-optional',
  'funding',
] as const;

export const tradeInVehicleSchema = z.object({
  brand: z.string().trim().min(1).max(40),
  model: z.string().trim().min(1).max(60),
  year: z.number().int().min(1950).max(2100),
  mileageKm: z.number().int().min(0).max(2_000_000),
});

const command = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const PURCHASE_COMMAND_SCHEMAS = {
  StartPurchase: command('StartPurchase', {
    carId: digits,
    locale: z.enum(LOCALES),
    customerId: ref.nullable(),
    fromBookingId: digits.nullable(),
  }),
  PassAccountStep: command('PassAccountStep', {
    termsAccepted: z.literal(true, 'the terms of sale must be accepted'),
    marketingOptIn: z.boolean(),
  }),
  CheckAccountEmail: command('CheckAccountEmail', {}),
  RecordSignIn: command('RecordSignIn', {
    customerId: ref,
    method: z.string().regex(/^[a-z][a-z0-9-]{0,19}$/),
  }),
  RecordSignUp: command('RecordSignUp', { customerId: ref }),
  SubmitInfos: command('SubmitInfos', {
    buyerType: z.enum(['private', 'business']),
    country: countrySchema,
    postcodeArea: z.string().regex(/^[A-Z]{2}-[0-9A-Z]{2}$/, 'a postcode area such as FR-75'),
  }),
  ChooseDelivery: command('ChooseDelivery', { mode: z.enum(['pickup', 'home']) }),
  ValueTradeIn: command('ValueTradeIn', { vehicle: tradeInVehicleSchema }),
  AcceptTradeIn: command('AcceptTradeIn', { offerId: ref }),
  SkipTradeIn: command('SkipTradeIn', {}),
  ChooseInsurance: command('ChooseInsurance', { offerId: ref.nullable() }),
  ChooseExtras: command('ChooseExtras', {
    extraIds: z
      .array(ref)
      .max(20)
      .refine((ids) => new Set(ids).size === ids.length, 'each extra once'),
  }),
  ChooseFunding: z.discriminatedUnion('mode', [
    command('ChooseFunding', { mode: z.literal('cash') }),
    command('ChooseFunding', {
      mode: z.literal('finance'),
      durationMonths: z.number().int().min(12).max(84),
      downPayment: z.number().int().min(0),
    }),
  ]),
  ApplyForFinance: command('ApplyForFinance', {}),
  RecordFinanceDecision: command('RecordFinanceDecision', {
    applicationId: ref,
    decision: z.enum(FINANCE_DECISIONS),
  }),
  RequestAdvancePayment: command('RequestAdvancePayment', {}),
  RecordPaymentResult: command('RecordPaymentResult', {
    paymentId: ref,
    result: z.enum(['succeeded', 'failed']),
    reason: reason.optional(),
  }),
  ReopenStep: command('ReopenStep', { step: z.enum(REOPENABLE_STEPS) }),
  CancelPurchase: command('CancelPurchase', { by: z.enum(['buyer', 'staff']), reason }),
  LoseHold: command('LoseHold', { holdId: ref, reason: z.enum(['expired', 'car-withdrawn']) }),
} satisfies Record<PurchaseCommandType, z.ZodType>;

const options = Object.values(PURCHASE_COMMAND_SCHEMAS);
export const purchaseCommandSchema: z.ZodType<PurchaseCommand> = z.discriminatedUnion(
  'type',
  options as unknown as [(typeof options)[number], ...(typeof options)[number][]],
) as unknown as z.ZodType<PurchaseCommand>;

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
export function toSubmitInfos(body: MyInfosBody): Extract<PurchaseCommand, { type: 'SubmitInfos' }> {
  return {
    type: 'SubmitInfos',
    buyerType: body.buyerType,
    country: body.address.country,
    postcodeArea: postcodeAreaOf(body.address.country, body.address.postcode),
  };
}
