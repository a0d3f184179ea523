/**
 * The account area's list of a buyer's own purchases and bookings (`GET /api/account/funnels`,
 * http/routes/accountCalls.ts): each with its car, where it stands, its amounts, the links of what the
 * buyer may do now and its timeline (buyerTimeline.ts). The answer's schema and the page's types.
 */
import { z } from 'zod';
import type { BookingStateName } from '../booking/bookingState.ts';
import { moneySchema } from '../catalogue/car.ts';
import { PURCHASE_STATUSES } from '../purchase/purchaseStatus.ts';
import { PURCHASE_STEPS } from '../routes/paramRules.ts';
import { buyerTimelineItemSchema } from './buyerTimeline.ts';

const STATES: Readonly<Record<BookingStateName, true>> = {
  form: true,
  contactCheck: true,
  holding: true,
  awaitingDeposit: true,
  paying: true,
  paymentKo: true,
  confirmed: true,
  refunding: true,
  ko: true,
  limit: true,
  expired: true,
  cancelled: true,
  converted: true,
};
const BOOKING_STATES = Object.keys(STATES) as [BookingStateName, ...BookingStateName[]];

/** The car of a funnel, as the list shows it. */
export const funnelCarSchema = z.object({
  carId: z.string(),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  condition: z.enum(['used', 'new']),
  price: moneySchema,
});

/** A command the buyer may send now, and where (the funnels' `links.calls`). */
export const callLinkSchema = z.object({
  command: z.string(),
  method: z.enum(['GET', 'POST']),
  path: z.string(),
});

const purchaseItems = z.array(buyerTimelineItemSchema.options[0]);
const bookingItems = z.array(buyerTimelineItemSchema.options[1]);

export const accountPurchaseSchema = z.object({
  purchaseId: z.string(),
  /** ISO 8601: its first event. */
  startedAt: z.string(),
  car: funnelCarSchema,
  status: z.enum(PURCHASE_STATUSES),
  step: z.enum(PURCHASE_STEPS).nullable(),
  funding: z.enum(['cash', 'finance']).nullable(),
  amounts: z.object({
    total: moneySchema,
    advance: moneySchema,
    paid: moneySchema,
    balance: moneySchema,
    financeMonthly: moneySchema,
  }),
  holdUntil: z.string().nullable(),
  /** `page`: the screen the buyer belongs on (a step, or an outcome page); `calls`: what they may send. */
  links: z.object({ page: z.string(), calls: z.array(callLinkSchema) }),
  timeline: purchaseItems,
});

export const accountBookingSchema = z.object({
  bookingId: z.string(),
  startedAt: z.string(),
  car: funnelCarSchema,
  state: z.enum(BOOKING_STATES),
  /** Holds (or is taking) its car. */
  active: z.boolean(),
  deposit: moneySchema.nullable(),
  depositPaid: z.boolean(),
  holdUntil: z.string().nullable(),
  /** The purchase it became. */
  purchaseId: z.string().nullable(),
  /** `page`: the booking's screen; `buy`: the car's purchase form while the booking holds it. */
  links: z.object({ page: z.string(), calls: z.array(callLinkSchema), buy: z.string().nullable() }),
  timeline: bookingItems,
});

export const accountFunnelsSchema = z.object({
  /** Newest first. */
  purchases: z.array(accountPurchaseSchema),
  bookings: z.array(accountBookingSchema),
});

export type AccountPurchase = z.output<typeof accountPurchaseSchema>;
export type AccountBooking = z.output<typeof accountBookingSchema>;
export type AccountFunnels = z.output<typeof accountFunnelsSchema>;
