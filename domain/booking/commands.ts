/**
 * Booking commands (imperatives), one zod schema each; the types are derived from them. They carry
 * what the buyer, staff, a webhook or a timer asked for; the time, new ids, the market's terms and the
 * answers of other streams (the customer's booking ledger, the car's hold, the payment provider) come
 * in `facts` (facts.ts), gathered by the handler before deciding. The edge parses its input once;
 * `decideBooking` trusts the shape. No personal data: the contact check's sign-in or sign-up happens at
 * the HTTP edge (engine/customers) and only the customer id comes here.
 */
import { z } from 'zod';
import { LOCALES } from '../markets.ts';
import { MAX_BOOKING_HOLD_EXTENSION_MINUTES } from './bookingPolicy.ts';
import { CANCEL_REASONS, CONTACT_METHODS, HOLD_RELEASE_REASONS, PAYMENT_FAILURES } from './events.ts';

/** A car id or booking id: the SPEC's digits (a booking id 0 is the form of a new booking). */
export const carIdSchema = z.string().regex(/^[1-9]\d{0,11}$/, 'digits');
export const bookingIdSchema = z.string().regex(/^\d{1,12}$/, 'digits');
/** Ids made by the server (customers, payments, holds, purchases, refunds). */
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ (at most 64)');

const command = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

export const BOOKING_COMMAND_SCHEMAS = {
  /** The booking form (`car_booking_form`, bookingId 0) submitted for a car. */
  StartBooking: command('StartBooking', { carId: carIdSchema, locale: z.enum(LOCALES) }),
  /** The contact check passed (`car_booking_check_contact`): signed in, signed up, or already in session. */
  ConfirmContact: command('ConfirmContact', { customerId: idSchema, method: z.enum(CONTACT_METHODS) }),
  /** Take a booking slot and hold the car (facts.slot, facts.hold). */
  PlaceHold: command('PlaceHold', {}),
  /** Pay the deposit (markets with one): facts.payment is the checkout created for it. */
  RequestDepositPayment: command('RequestDepositPayment', {}),
  /** The payment provider's answer (signed webhook). */
  RecordDepositPayment: z.discriminatedUnion('result', [
    command('RecordDepositPayment', { paymentId: idSchema, result: z.literal('succeeded') }),
    command('RecordDepositPayment', {
      paymentId: idSchema,
      result: z.literal('failed'),
      reason: z.enum(PAYMENT_FAILURES),
    }),
  ]),
  /** The car's hold ended by its timer (the car stream's `CarHoldReleased(expired)`). */
  ExpireBooking: command('ExpireBooking', { holdId: idSchema }),
  CancelBooking: command('CancelBooking', { by: z.enum(['buyer', 'staff']), reason: z.enum(CANCEL_REASONS) }),
  /** A deposit refund the payment provider confirmed later (when it was not immediate). */
  RecordDepositRefund: command('RecordDepositRefund', { paymentId: idSchema, refundId: idSchema }),
  /** Staff give back the deposit a booking that ended owes (facts.refund: the refund made at the provider). */
  RefundDeposit: command('RefundDeposit', {}),
  /** Staff keep the car longer: the hold ends `minutes` later (at most a day at a time). */
  ExtendBookingHold: command('ExtendBookingHold', {
    minutes: z.number().int().min(1).max(MAX_BOOKING_HOLD_EXTENSION_MINUTES),
  }),
  /** The hold ends now: staff let the car go (`released`), or the car left the sale (`car_withdrawn`). */
  ReleaseBookingHold: command('ReleaseBookingHold', {
    holdId: idSchema,
    reason: z.enum(HOLD_RELEASE_REASONS),
  }),
  /** The buyer started a purchase of the booked car (`PurchaseStarted.fromBookingId`). */
  ConvertBooking: command('ConvertBooking', {
    purchaseId: idSchema,
    customerId: idSchema,
    holdId: idSchema,
  }),
};

export type BookingCommandType = keyof typeof BOOKING_COMMAND_SCHEMAS;
export type BookingCommand = z.output<(typeof BOOKING_COMMAND_SCHEMAS)[BookingCommandType]>;
export type BookingCommandOf<T extends BookingCommandType> = Extract<BookingCommand, { type: T }>;

export const BOOKING_COMMAND_TYPES = Object.keys(BOOKING_COMMAND_SCHEMAS) as BookingCommandType[];
