/**
 * zod schemas of the booking's inputs: every command (decide parses it: bad input → 400 with field
 * messages) and the bodies and parameters the HTTP edge takes for them (SPEC §2 Booking, §7
 * `ajax-booking/*`). The server adds what the buyer does not send: the locale from the route, the
 * customer from the session, the time and the ids.
 */
import { z } from 'zod';
import { LOCALES } from '../markets.ts';
import type { BookingCommand } from './commands.ts';
import { CANCEL_REASONS, CONTACT_METHODS, PAYMENT_FAILURES } from './events.ts';

/** A car id or booking id: the SPEC's digits (a booking id 0 is the form of a new booking). */
export const carIdSchema = z.string().regex(/^[1-9]\d{0,11}$/, 'digits');
export const bookingIdSchema = z.string().regex(/^\d{1,12}$/, 'digits');
/** Ids made by the server (customers, payments, holds, purchases, refunds). */
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ (at most 64)');

const byWho = z.enum(['buyer', 'staff']);

export const bookingCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('StartBooking'), carId: carIdSchema, locale: z.enum(LOCALES) }),
  z.object({ type: z.literal('ConfirmContact'), customerId: idSchema, method: z.enum(CONTACT_METHODS) }),
  z.object({ type: z.literal('PlaceHold') }),
  z.object({ type: z.literal('RequestDepositPayment') }),
  z.discriminatedUnion('result', [
    z.object({
      type: z.literal('RecordDepositPayment'),
      paymentId: idSchema,
      result: z.literal('succeeded'),
    }),
    z.object({
      type: z.literal('RecordDepositPayment'),
      paymentId: idSchema,
      result: z.literal('failed'),
      reason: z.enum(PAYMENT_FAILURES),
    }),
  ]),
  z.object({ type: z.literal('ExpireBooking'), holdId: idSchema }),
  z.object({ type: z.literal('CancelBooking'), by: byWho, reason: z.enum(CANCEL_REASONS) }),
  z.object({ type: z.literal('RecordDepositRefund'), paymentId: idSchema, refundId: idSchema }),
  z.object({
    type: z.literal('ConvertBooking'),
    purchaseId: idSchema,
    customerId: idSchema,
    holdId: idSchema,
  }),
]) satisfies z.ZodType<BookingCommand>;

/** Path parameters of the booking screens (`/book-{id}/{slug}/{bookingId}`). */
export const bookingParamsSchema = z.object({ id: carIdSchema, bookingId: bookingIdSchema });

/** POST of the booking form: the car comes from the path, nothing else is needed to start. */
export const startBookingBodySchema = z.object({}).strict();

/** The buyer cancels their booking. */
export const cancelBookingBodySchema = z
  .object({ reason: z.enum(CANCEL_REASONS).default('changed_mind') })
  .strict();

/** Staff cancel a booking (back office): the reason is required. */
export const staffCancelBookingBodySchema = z.object({ reason: z.enum(CANCEL_REASONS) }).strict();

/** The buyer asks to pay the deposit (or to pay again after a failure). */
export const depositPaymentBodySchema = z.object({}).strict();
