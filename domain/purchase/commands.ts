/**
 * Purchase commands (imperatives), one zod schema each; the types are derived from them. They carry
 * what the buyer, staff or a webhook asked for; everything from outside (the time, new ids, the car's
 * hold, quotes, decisions, payment sessions) comes in `facts` (facts.ts), gathered by the command
 * handler before `decide`. The HTTP edge parses its bodies with these schemas once; `decide` trusts
 * its input's shape and checks the rules. Personal data never enters a command: the edge stores it in
 * the customer vault and passes on the ids and the coarse facts (schemas.ts `toSubmitInfos`).
 */
import { z } from 'zod';
import { countrySchema } from '../catalogue/car.ts';
import { LOCALES } from '../markets.ts';
import { FINANCE_DECISIONS } from '../routes/paramRules.ts';
import { tradeInVehicleSchema } from '../valuation/valuationSchemas.ts';
import { PURCHASE_COMMAND_TYPES, type PurchaseCommandType, REOPENABLE_STEPS } from './commandNames.ts';
import { MAX_HOLD_EXTENSION_MINUTES } from './purchasePolicy.ts';

export { PURCHASE_COMMAND_TYPES, type PurchaseCommandType, REOPENABLE_STEPS };

const digits = z.string().regex(/^[1-9]\d{0,11}$/, 'digits');
/** Opaque ids from our ports (customers, offers, applications, payments, holds). */
const ref = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,79}$/, 'an id (letters, digits, _ . : -)');
const reason = z.string().trim().min(1).max(500);

const reopenableStepSchema = z.enum(REOPENABLE_STEPS);

const command = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const PURCHASE_COMMAND_SCHEMAS = {
  /** Buy a car (also: a booked car bought by its booker, `fromBookingId`). */
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
  /** The buyer typed an email: facts.accountExists says whether it has an account. */
  CheckAccountEmail: command('CheckAccountEmail', {}),
  /** The HTTP layer authenticated the buyer (password or `login/{type}`); this records it. */
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
  /** The car offered in part-exchange, as the purchase records it (the valuation also takes its condition and fuel). */
  ValueTradeIn: command('ValueTradeIn', {
    vehicle: tradeInVehicleSchema.pick({ brand: true, model: true, year: true, mileageKm: true }),
  }),
  AcceptTradeIn: command('AcceptTradeIn', { offerId: ref }),
  SkipTradeIn: command('SkipTradeIn', {}),
  /** `offerId: null`: no insurance from us (the buyer has their own). */
  ChooseInsurance: command('ChooseInsurance', { offerId: ref.nullable() }),
  /** The extras wanted (possibly none), by id; prices come from facts.extras. */
  ChooseExtras: command('ChooseExtras', {
    extraIds: z
      .array(ref)
      .max(20)
      .refine((ids) => new Set(ids).size === ids.length, 'each extra once'),
  }),
  /** Cash, or a finance simulation: downPayment in minor units of the market's currency. */
  ChooseFunding: z.discriminatedUnion('mode', [
    command('ChooseFunding', { mode: z.literal('cash') }),
    command('ChooseFunding', {
      mode: z.literal('finance'),
      durationMonths: z.number().int().min(12).max(84),
      downPayment: z.number().int().min(0),
    }),
  ]),
  ApplyForFinance: command('ApplyForFinance', {}),
  /** The lender's answer (webhook, or staff after a manual study): SPEC `validate`. */
  RecordFinanceDecision: command('RecordFinanceDecision', {
    applicationId: ref,
    decision: z.enum(FINANCE_DECISIONS),
  }),
  RequestAdvancePayment: command('RequestAdvancePayment', {}),
  /** The payment provider's answer (signed webhook). */
  RecordPaymentResult: command('RecordPaymentResult', {
    paymentId: ref,
    result: z.enum(['succeeded', 'failed']),
    reason: reason.optional(),
  }),
  /** Go back to a completed step. */
  ReopenStep: command('ReopenStep', { step: reopenableStepSchema }),
  CancelPurchase: command('CancelPurchase', { by: z.enum(['buyer', 'staff']), reason }),
  /**
   * The hold's timer fired (`expired`), the car left the catalogue (`car_withdrawn`), or staff let the
   * car go (`released`).
   */
  LoseHold: command('LoseHold', {
    holdId: ref,
    reason: z.enum(['expired', 'car_withdrawn', 'released']),
  }),
  /** Staff keep the car longer: the hold's end moves `minutes` later (purchasePolicy's limits). */
  ExtendHold: command('ExtendHold', {
    minutes: z.number().int().min(1).max(MAX_HOLD_EXTENSION_MINUTES),
  }),
  /** Staff record that the buyer took the car (a confirmed purchase): the withdrawal period starts. */
  RecordHandover: command('RecordHandover', {}),
} satisfies Record<PurchaseCommandType, z.ZodType>;

export type PurchaseCommand = z.output<(typeof PURCHASE_COMMAND_SCHEMAS)[PurchaseCommandType]>;
export type PurchaseCommandOf<T extends PurchaseCommandType> = Extract<PurchaseCommand, { type: T }>;

/** Any purchase command (a discriminated union on `type`), for an edge that takes several. */
export const purchaseCommandSchema = z.discriminatedUnion(
  'type',
  Object.values(PURCHASE_COMMAND_SCHEMAS) as [
    (typeof PURCHASE_COMMAND_SCHEMAS)[PurchaseCommandType],
    ...(typeof PURCHASE_COMMAND_SCHEMAS)[PurchaseCommandType][],
  ],
);
