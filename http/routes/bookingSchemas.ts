/** The booking screens' bodies and answers as zod schemas (validation, serialisation, /api/docs). */
import { z } from 'zod';
import { BOOKING_COMMAND_TYPES } from '../../domain/booking/commands.ts';
import { CANCEL_REASONS } from '../../domain/booking/events.ts';
import { BOOKING_SCREENS } from '../../domain/booking/screens.ts';
import { LOCALES } from '../../domain/markets.ts';
import { moneyOut } from './funnelHttp.ts';
import { callLink, financeQuoteOut } from './purchaseSchemas.ts';

const BOOKING_STATES = [
  'form',
  'contactCheck',
  'holding',
  'awaitingDeposit',
  'paying',
  'paymentKo',
  'confirmed',
  'refunding',
  'ko',
  'limit',
  'expired',
  'cancelled',
  'converted',
] as const;

const termsOut = z.object({
  holdHours: z.number(),
  deposit: moneyOut.nullable().describe('null: booking online is free'),
  depositWindowMinutes: z.number().nullable(),
  maxActiveBookings: z.number(),
});

export const bookingOut = z
  .object({
    bookingId: z.string(),
    carId: z.string(),
    locale: z.enum(LOCALES),
    state: z.enum(BOOKING_STATES),
    screen: z.enum(BOOKING_SCREENS).describe('The SPEC screen of this state'),
    active: z.boolean().describe('Holds (or is taking) its car: counts toward the booking limit'),
    allowedCommands: z.array(z.enum(BOOKING_COMMAND_TYPES)),
    terms: termsOut.nullable(),
    customerId: z.string().nullable(),
    hold: z.object({ holdId: z.string(), until: z.string(), paidUntil: z.string().nullable() }).nullable(),
    payment: z.object({ paymentId: z.string(), amount: moneyOut }).nullable(),
    depositPaid: z.boolean(),
    refund: z.object({ refundId: z.string() }).nullable(),
    ending: z.enum(['expired', 'cancelled']).nullable(),
    cancelledBy: z.enum(['buyer', 'staff']).nullable(),
    refusal: z.string().nullable().describe('Why the car could not be held (the ko page)'),
    limit: z.object({ limit: z.number(), activeBookingIds: z.array(z.string()) }).nullable(),
    purchaseId: z.string().nullable().describe('Converted: the purchase it became'),
    version: z.number().int(),
    links: z.object({ page: z.string(), calls: z.array(callLink) }),
  })
  .describe('A booking (no personal data)');

export type BookingOut = z.input<typeof bookingOut>;

export const bookingCarOut = z.object({
  carId: z.string(),
  slug: z.string(),
  condition: z.enum(['new', 'used']),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  year: z.number().int(),
  price: moneyOut,
  availability: z.enum(['available', 'reserved', 'sold', 'withdrawn']),
  url: z.string(),
});

/** The booking form of a car with no booking of this buyer yet (bookingId 0), or with it. */
export const bookingPageOut = z.object({
  car: bookingCarOut,
  terms: termsOut,
  signedIn: z.boolean(),
  booking: bookingOut.nullable(),
  purchase: z
    .object({ purchaseId: z.string(), page: z.string() })
    .nullable()
    .describe('The buyer’s purchase holding (or having bought) this car, and its page'),
});

/** POST on the booking form: bookingId 0 starts (or resumes), a booking's own form pays or cancels. */
export const bookingFormBody = z
  .discriminatedUnion('action', [
    z.strictObject({ action: z.literal('start') }),
    z.strictObject({ action: z.literal('pay-deposit') }),
    z.strictObject({ action: z.literal('cancel'), reason: z.enum(CANCEL_REASONS).default('changed_mind') }),
  ])
  .nullish()
  .describe('No body: start');

export const checkContactBody = z
  .strictObject({
    method: z
      .enum(['signed_in', 'signed_up'])
      .default('signed_in')
      .describe('How the buyer passed the contact check (ajax-booking/login/sign-in or sign-up)'),
  })
  .nullish()
  .describe('No body: signed_in');

export const depositAnswerOut = bookingOut.extend({
  checkoutUrl: z.string().nullable().describe('The hosted checkout of the deposit'),
});

export const limitPageOut = z.object({
  car: bookingCarOut,
  terms: termsOut.describe('The market’s terms for a new booking'),
  limit: z.number(),
  activeBookings: z.array(bookingOut.extend({ car: bookingCarOut.describe('The car it holds') })),
});

export const bookingFundingOut = z.object({
  booking: bookingOut,
  simulation: financeQuoteOut.nullable(),
});
