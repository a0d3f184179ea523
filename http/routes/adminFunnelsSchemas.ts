/**
 * The zod schemas of the staff funnels API (adminFunnelsApi.ts): query strings (a bad filter is a 400
 * naming the field), path parameters and responses (listed in /api/docs).
 */
import { z } from 'zod';
import { LOCALES } from '../../domain/markets.ts';
import { PURCHASE_STATUSES } from '../../domain/purchase/purchaseStatus.ts';
import { PURCHASE_STEPS } from '../../domain/routes/paramRules.ts';
import { BOOKING_STATUSES } from '../../projections/funnels/bookingRow.ts';
import { HOLD_STATUSES } from '../../projections/funnels/carHoldsProjection.ts';
import { FUNNEL_LIST_SORTS } from '../../projections/funnels/funnelList.ts';
import { FUNNELS } from '../../projections/funnels/funnelSteps.ts';

export const MAX_PAGE_SIZE = 200;
/** The longest period the statistics answer at once (a year and a day: a whole leap year). */
export const MAX_STATISTICS_DAYS = 366;

const isDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a day (YYYY-MM-DD)')
  .refine(isDay, 'is not a real day');

export const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'digits') });

const filters = {
  sort: z.enum(FUNNEL_LIST_SORTS).optional(),
  market: z.enum(LOCALES).optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  customerId: z
    .string()
    .regex(/^cus_[0-9a-f]{32}$/, 'is not a customer id')
    .optional(),
  carId: z
    .string()
    .regex(/^\d{1,18}$/, 'digits')
    .optional(),
};
const paging = {
  page: z.coerce.number().int('is not a whole number').min(1, 'starts at 1').max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int('is not a whole number')
    .min(1, 'is at least 1')
    .max(MAX_PAGE_SIZE, `is at most ${MAX_PAGE_SIZE}`)
    .default(50),
};
const exportFormat = { format: z.enum(['xlsx', 'csv']).default('xlsx') };

const fromBeforeTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const periodRule = { message: 'is before from', path: ['to'] };

const bookingFilters = z.object({ ...filters, status: z.enum(BOOKING_STATUSES).optional() });
const purchaseFilters = z.object({
  ...filters,
  status: z.enum(PURCHASE_STATUSES).optional(),
  step: z.enum(PURCHASE_STEPS).optional(),
});

export const bookingListQuery = bookingFilters.extend(paging).refine(fromBeforeTo, periodRule);
export const bookingExportQuery = bookingFilters.extend(exportFormat).refine(fromBeforeTo, periodRule);
export const purchaseListQuery = purchaseFilters.extend(paging).refine(fromBeforeTo, periodRule);
export const purchaseExportQuery = purchaseFilters.extend(exportFormat).refine(fromBeforeTo, periodRule);

export const stateQuery = z.object({
  after: z.coerce.number().int('is not a whole number').min(0, 'is a revision, from 0').optional(),
});

export const statisticsQuery = z
  .object({
    funnel: z.enum(FUNNELS).default('purchase'),
    market: z.enum(LOCALES).optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
  })
  .refine(fromBeforeTo, periodRule);

export const carParams = z.object({ carId: z.string().regex(/^\d{1,18}$/, 'digits') });

// ---- responses

const money = z.object({ amount: z.number(), currency: z.string() });
const listCustomer = z
  .object({ id: z.string(), name: z.string().nullable(), erased: z.boolean() })
  .nullable();
const detailCustomer = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    erased: z.boolean(),
  })
  .nullable();

export const bookingItem = z.object({
  bookingId: z.string(),
  carId: z.string().nullable(),
  market: z.string().nullable(),
  customerId: z.string().nullable(),
  status: z.string(),
  screen: z.string(),
  active: z.boolean(),
  outcome: z.string().nullable(),
  deposit: money.nullable(),
  depositPaid: z.boolean(),
  depositRefunded: z.boolean(),
  holdId: z.string().nullable(),
  holdUntil: z.string().nullable(),
  purchaseId: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  events: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: listCustomer,
});

export const purchaseAmounts = z.object({
  currency: z.string(),
  carPrice: z.number(),
  delivery: z.number(),
  tradeIn: z.number(),
  extras: z.number(),
  totalPrice: z.number(),
  total: z.number(),
  advancePayment: z.number(),
  advancePaid: z.number(),
  financed: z.number(),
  balanceAtDelivery: z.number(),
  insuranceMonthly: z.number(),
});

export const purchaseItem = z.object({
  purchaseId: z.string(),
  carId: z.string(),
  dealerId: z.string(),
  market: z.string(),
  customerId: z.string().nullable(),
  step: z.string().nullable(),
  status: z.string(),
  funding: z.string().nullable(),
  financeDecision: z.string().nullable(),
  amounts: purchaseAmounts,
  fromBookingId: z.string().nullable(),
  holdId: z.string().nullable(),
  holdUntil: z.string().nullable(),
  events: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: listCustomer,
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    pages: z.number(),
  });
export const bookingPage = page(bookingItem);
export const purchasePage = page(purchaseItem);

const json = z.record(z.string(), z.unknown());

export const timelineEntry = z.object({
  revision: z.number(),
  type: z.string(),
  /** When it happened (the command's time), else when it was stored. */
  at: z.string(),
  recordedAt: z.string(),
  /** `buyer cus_…`, `staff st_3 (sales)`, `system hold-expiry`. */
  who: z.string(),
  actor: json.nullable(),
  /** The staff member's or the buyer's name (read at request time; null for the system, a visitor, or once erased). */
  actorName: z.string().nullable(),
  machine: z.string().nullable(),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  /** The reason a staff member gave for the command (the event metadata's `reason`), else null. */
  reason: z.string().nullable(),
  data: json,
  /** Where the funnel stood right after this event. */
  after: z.object({ step: z.string().nullable(), status: z.string() }),
});

export const carHold = z.object({
  holdId: z.string(),
  carId: z.string(),
  holder: z.object({ funnel: z.enum(['booking', 'purchase']), id: z.string() }),
  customerId: z.string().nullable(),
  heldAt: z.string(),
  until: z.string(),
  status: z.enum(HOLD_STATUSES),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  transferredTo: z.string().nullable(),
  purchaseId: z.string().nullable(),
});

const machine = z.object({ value: z.unknown(), context: json });
const eventRef = z.object({ revision: z.number(), type: z.string(), at: z.string() });

const bookingState = bookingItem.omit({ customer: true, events: true, createdAt: true, updatedAt: true });
export const bookingStateAfter = bookingState.extend({
  event: eventRef,
  allowedCommands: z.array(z.string()),
  machine,
});
export const bookingDetail = z.object({
  booking: bookingState.extend({ createdAt: z.string(), updatedAt: z.string(), events: z.number() }),
  customer: detailCustomer,
  hold: carHold.nullable(),
  allowedCommands: z.array(z.string()),
  timeline: z.array(timelineEntry),
});

const purchaseState = purchaseItem.omit({ customer: true, events: true, createdAt: true, updatedAt: true });
export const purchaseStateAfter = purchaseState.extend({
  event: eventRef,
  allowedCommands: z.array(z.string()),
  reopenableSteps: z.array(z.string()),
  machine,
});
export const purchaseDetail = z.object({
  purchase: purchaseState.extend({ createdAt: z.string(), updatedAt: z.string(), events: z.number() }),
  customer: detailCustomer,
  hold: carHold.nullable(),
  allowedCommands: z.array(z.string()),
  timeline: z.array(timelineEntry),
});

const stepCounts = z.object({ step: z.string(), entries: z.number(), exits: z.number() });
export const funnelStatistics = z.object({
  funnel: z.enum(FUNNELS),
  market: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  steps: z.array(stepCounts),
  days: z.array(stepCounts.extend({ day: z.string() })),
});

export const carAvailability = z.object({
  carId: z.string(),
  status: z.string().nullable(),
  activeHold: carHold.nullable(),
  holds: z.array(carHold),
});
