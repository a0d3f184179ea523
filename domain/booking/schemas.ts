/**
 * zod schemas of the bodies and parameters the HTTP edge takes for the booking's commands (SPEC §2
 * Booking, §7 `ajax-booking/*`; the commands' own schemas: commands.ts). The server adds what the buyer
 * does not send: the locale from the route, the customer from the session, the time and the ids.
 */
import { z } from 'zod';
import { bookingIdSchema, carIdSchema } from './commands.ts';
import { CANCEL_REASONS } from './events.ts';

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
