/**
 * The purchase calls' request bodies and answers as zod schemas: Fastify validates the bodies with them
 * (400 with a message per field) and serialises the answers through them, and /api/docs shows both.
 * Provider answers (delivery quotes, covers, extras, finance quotes) are documented by their main
 * fields and passed on whole.
 */
import { z } from 'zod';
import { emailSchema } from '../../domain/customers/personalData.ts';
import { EXTRA_GROUPS } from '../../domain/insurance/extras.ts';
import { LOCALES } from '../../domain/markets.ts';
import {
  PURCHASE_COMMAND_SCHEMAS,
  PURCHASE_COMMAND_TYPES,
  REOPENABLE_STEPS,
} from '../../domain/purchase/commands.ts';
import { PURCHASE_EVENT_TYPES } from '../../domain/purchase/events.ts';
import { myInfosBodySchema } from '../../domain/purchase/myInfosForm.ts';
import { PURCHASE_STATUSES } from '../../domain/purchase/purchaseStatus.ts';
import { FINANCE_DECISIONS, PURCHASE_STEPS } from '../../domain/routes/index.ts';
import { tradeInVehicleSchema } from '../../domain/valuation/valuationSchemas.ts';
import { moneyOut } from './funnelHttp.ts';

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

/** An HTTP call the buyer may make now: which command it sends, how, where. */
export const callLink = z.object({ command: z.string(), method: z.enum(['GET', 'POST']), path: z.string() });

export const purchaseOut = z
  .object({
    purchaseId: z.string(),
    carId: z.string(),
    locale: z.enum(LOCALES),
    dealerId: z.string(),
    customerId: z.string().nullable(),
    fromBookingId: z.string().nullable(),
    step: z.enum(PURCHASE_STEPS).nullable().describe('The step the buyer is on (SPEC §4); null once ended'),
    status: z.enum(PURCHASE_STATUSES),
    allowedCommands: z.array(z.enum(PURCHASE_COMMAND_TYPES)),
    reopenableSteps: z.array(z.enum(REOPENABLE_STEPS)),
    summary: z.object({
      carPrice: moneyOut,
      deliveryPrice: moneyOut,
      extrasTotal: moneyOut,
      totalPrice: moneyOut,
      tradeInAmount: moneyOut,
      totalDue: moneyOut,
      tradeInSurplus: moneyOut,
      insuranceMonthly: moneyOut,
      funding: z.enum(['cash', 'finance']).nullable(),
      downPayment: moneyOut,
      financed: moneyOut,
      financeMonthly: moneyOut,
      advancePayment: moneyOut,
      advancePaid: moneyOut,
      bookingDeposit: moneyOut.describe('A converted booking’s deposit, counted toward the advance'),
      depositSurplus: moneyOut.describe('The part of that deposit beyond what is left to pay: paid back'),
      balanceAtDelivery: moneyOut,
    }),
    hold: nullable(z.object({ holdId: z.string(), until: z.string() })),
    account: z.object({
      termsAccepted: z.boolean(),
      marketingOptIn: z.boolean(),
      accountExists: z.boolean().nullable(),
    }),
    infos: nullable(
      z.object({ buyerType: z.enum(['private', 'business']), country: z.string(), postcodeArea: z.string() }),
    ),
    delivery: nullable(
      z.object({ mode: z.enum(['pickup', 'home']), price: moneyOut, distanceKm: z.number() }),
    ),
    tradeIn: z.object({
      offer: nullable(
        z.object({
          offerId: z.string(),
          amount: moneyOut,
          validUntil: z.string(),
          vehicle: z.object({
            brand: z.string(),
            model: z.string(),
            year: z.number(),
            mileageKm: z.number(),
          }),
        }),
      ),
      choice: z.enum(['accepted', 'skipped']).nullable(),
    }),
    insurance: nullable(
      z.union([z.object({ offerId: z.string(), monthlyPremium: moneyOut }), z.object({ offerId: z.null() })]),
    ),
    extras: nullable(
      z.object({ items: z.array(z.object({ extraId: z.string(), price: moneyOut })), total: moneyOut }),
    ),
    funding: nullable(
      z.discriminatedUnion('mode', [
        z.object({ mode: z.literal('cash'), total: moneyOut }),
        z.object({
          mode: z.literal('finance'),
          total: moneyOut,
          quote: z.object({
            monthly: moneyOut,
            durationMonths: z.number(),
            apr: z.number(),
            downPayment: moneyOut,
          }),
          applicationId: z.string().nullable(),
          decision: z.enum(['accepted', 'by-pass']).nullable(),
        }),
      ]),
    ),
    financeDecision: z.enum(FINANCE_DECISIONS).nullable(),
    financeRefused: z.boolean().describe('A lender declined: only cash from now on'),
    payments: z.array(
      z.object({
        paymentId: z.string(),
        amount: moneyOut,
        status: z.enum(['pending', 'failed', 'succeeded', 'voided', 'refunded']),
      }),
    ),
    checkoutUrl: z.string().nullable().describe('Where to send the buyer to pay, while a payment is pending'),
    withdrawalUntil: z
      .string()
      .nullable()
      .describe("Once the car is handed over: the end of the buyer's right of withdrawal (ISO 8601)"),
    version: z.number().int().describe('Events in the purchase stream'),
    snapshot: z
      .object({ value: z.unknown(), context: z.unknown() })
      .describe('The purchase machine’s snapshot at `version` (no personal data): the browser’s actor'),
    events: z
      .array(z.object({ type: z.enum(PURCHASE_EVENT_TYPES), data: z.unknown() }))
      .describe('The stream’s events (type and data) that advance that actor from an earlier version'),
    links: z.object({
      page: z.string().describe('The page the buyer belongs on now (form step or outcome page)'),
      purchase: z.string().describe('getcarpurchase/{id}'),
      calls: z.array(callLink).describe('The calls of the commands allowed now'),
    }),
  })
  .describe('A purchase (no personal data)');

export type PurchaseOut = z.input<typeof purchaseOut>;

const carOut = z.object({
  carId: z.string(),
  slug: z.string(),
  condition: z.string(),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  year: z.number(),
  price: moneyOut,
  dealerId: z.string(),
  availability: z.enum(['available', 'reserved', 'sold', 'withdrawn']),
  url: z.string(),
});

/** The purchase form and info pages of a car: the car, the market's terms, the buyer's purchase. */
export const purchasePageOut = z.object({
  car: carOut,
  terms: z.object({
    advancePayment: moneyOut,
    holdMinutes: z.number(),
    steps: z.array(z.enum(PURCHASE_STEPS)),
  }),
  signedIn: z.boolean(),
  purchase: purchaseOut.nullable(),
  booking: z
    .object({ bookingId: z.string(), screen: z.string(), page: z.string() })
    .nullable()
    .describe('The buyer’s booking holding this car (a purchase started now takes over its hold)'),
});

// Bodies.

export const startOrCancelBody = z
  .strictObject({
    action: z.enum(['start', 'cancel']).default('start'),
    reason: z.string().trim().min(1).max(500).optional().describe('Why the buyer cancels'),
  })
  .nullish()
  .describe('No body: start');

// The bodies of one command are its schema (domain/purchase/commands.ts) without the type.
const { ChooseFunding, ChooseExtras, ChooseInsurance, PassAccountStep } = PURCHASE_COMMAND_SCHEMAS;

export const addConsentBody = PassAccountStep.omit({ type: true }).extend({
  marketingOptIn: PassAccountStep.shape.marketingOptIn.default(false),
});

export const accountEmailBody = z.strictObject({ email: emailSchema });

/** A body that says nothing (none at all is fine too). */
export const emptyBody = z.strictObject({}).nullish();

export const myInfosBody = myInfosBodySchema;

export const deliveryBody = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('pickup') }),
  z.strictObject({
    mode: z.literal('home'),
    postcode: z.string().trim().min(2).max(10).optional().describe('Default: the address of my-infos'),
  }),
]);

export const tradeInBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('value'), vehicle: tradeInVehicleSchema }),
  z.strictObject({ action: z.literal('accept'), offerId: z.string().min(1).max(80) }),
  z.strictObject({ action: z.literal('skip') }),
  // A valuation of the buyer's made outside the purchase ("sell your car"): its offer, accepted.
  z.strictObject({
    action: z.literal('use'),
    valuationId: z.string().regex(/^sv_[a-f0-9]{32}$/, 'a valuation id'),
  }),
]);

export const insuranceBody = ChooseInsurance.omit({ type: true }).describe('offerId null: no cover from us');

export const extrasBody = ChooseExtras.omit({ type: true });

const finance = ChooseFunding.options[1].shape;
export const fundingBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('cash') }),
  z.strictObject({
    action: z.literal('finance'),
    durationMonths: finance.durationMonths,
    downPayment: finance.downPayment.describe('Minor units of the market’s currency'),
  }),
  z.strictObject({
    action: z.literal('apply'),
    netMonthlyIncome: z.number().int().min(0),
    existingMonthlyCredit: z.number().int().min(0),
  }),
]);

export const simulationQuery = z.object({
  durationMonths: z.coerce.number().int().min(12).max(84).optional(),
  downPayment: z.coerce.number().int().min(0).optional(),
});

/** A finance quote (the lender's annuity: domain/finance/quoteFinance.ts). */
export const financeQuoteOut = z.object({
  market: z.enum(LOCALES),
  price: moneyOut,
  downPayment: moneyOut,
  financed: moneyOut,
  durationMonths: z.number(),
  monthly: moneyOut,
  nominalRatePercent: z.number(),
  aprPercent: z.number(),
  fees: moneyOut,
  interest: moneyOut,
  totalCostOfCredit: moneyOut,
  totalPayable: moneyOut,
});

const destination = z.object({ postcode: z.string(), areaPrefix: z.string(), areaName: z.string() });

/** A delivery quote per delivery type (domain/delivery/quoteDelivery.ts). */
export const deliveryQuoteOut = z.discriminatedUnion('deliverable', [
  z.object({
    deliverable: z.literal(true),
    type: z.string(),
    price: moneyOut,
    distanceKm: z.number(),
    etaWorkingDays: z.number(),
    earliestDate: z.string(),
    destination: destination.optional(),
  }),
  z.object({
    deliverable: z.literal(false),
    type: z.string(),
    reason: z.string(),
    distanceKm: z.number().optional(),
    maxKm: z.number().optional(),
    destination,
  }),
]);

export const insuranceOfferOut = z.object({ id: z.string(), label: z.string(), monthlyPremium: moneyOut });
export const extraOfferOut = z.object({
  id: z.string(),
  label: z.string(),
  price: moneyOut,
  /** Its exclusive group: the screen offers a group's extras as one choice. */
  group: z.enum(EXTRA_GROUPS).optional(),
});

export const profilePrefillOut = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().optional(),
    birthDate: z.string().optional(),
    address: z
      .object({ lines: z.array(z.string()), postcode: z.string(), city: z.string(), country: z.string() })
      .optional(),
  })
  .nullable();
