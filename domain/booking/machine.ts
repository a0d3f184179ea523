/**
 * The booking funnel as an XState machine (README "Steps"): its events are the persisted booking
 * events, so the machine is the evolve function and `snapshot.can(event)` is the rule book `decide`
 * checks. Guards read only the context and the event; one `record` action (bookingContext.ts) stores
 * what an event says. No clock, no ids, no I/O: replay is deterministic.
 *
 * Bump BOOKING_MACHINE_VERSION on any change of rules; events carry it in their metadata.
 */
import { and, assign, setup } from 'xstate';
import { type BookingContext, initialBookingContext, recordBookingEvent } from './bookingContext.ts';
import type { BookingEvent } from './events.ts';

export const BOOKING_MACHINE_ID = 'booking';
/**
 * Recorded in every event's metadata. 2: staff extend a booking's hold (`BookingHoldExtended`) and end
 * it before its time (`BookingHoldReleased`, also when the car is withdrawn), which ends the booking
 * like an expiry; version-1 streams have neither and replay as before.
 */
export const BOOKING_MACHINE_VERSION = 2;

export const bookingMachine = setup({
  types: { context: {} as BookingContext, events: {} as BookingEvent },
  guards: {
    depositRequired: ({ context }) => context.terms?.deposit != null,
    /** The expiry is of this booking's hold (an old timer of another hold changes nothing). */
    currentHold: ({ context, event }) =>
      (event.type === 'BookingExpired' || event.type === 'BookingHoldReleased') &&
      event.data.holdId === context.hold?.holdId,
    /** An extension of this booking's hold to a later end. */
    extendsHold: ({ context, event }) =>
      event.type === 'BookingHoldExtended' &&
      context.hold !== null &&
      event.data.holdId === context.hold.holdId &&
      Date.parse(event.data.until) > Date.parse(context.hold.until),
    /** The payment answer is about the payment in flight. */
    currentPayment: ({ context, event }) =>
      (event.type === 'DepositPaid' || event.type === 'DepositPaymentFailed') &&
      event.data.paymentId === context.payment?.paymentId,
    /** The payment asked for is the market's deposit, in its currency. */
    depositAmount: ({ context, event }) =>
      event.type === 'DepositPaymentRequested' &&
      event.data.amount.amount === context.terms?.deposit?.amount &&
      event.data.amount.currency === context.terms.deposit.currency,
    depositPaid: ({ context }) => context.depositPaid,
    /** The refund is of the paid deposit, in full. */
    refundsDeposit: ({ context, event }) =>
      event.type === 'DepositRefunded' &&
      event.data.paymentId === context.payment?.paymentId &&
      event.data.amount.amount === context.payment.amount.amount,
    endedByExpiry: ({ context }) => context.ending === 'expired',
    /** A conversion carries the paid deposit (it counts toward the purchase), or none if unpaid. */
    carriesDeposit: ({ context, event }) =>
      event.type === 'BookingConverted' &&
      (context.depositPaid && context.payment
        ? event.data.deposit?.paymentId === context.payment.paymentId &&
          event.data.deposit.amount.amount === context.payment.amount.amount
        : event.data.deposit === null),
  },
  actions: {
    record: assign(({ context, event }) => recordBookingEvent(context, event)),
  },
}).createMachine({
  id: BOOKING_MACHINE_ID,
  context: initialBookingContext,
  initial: 'form',
  states: {
    form: {
      description: '`car_booking_form`: nothing stored yet (bookingId 0).',
      on: { BookingStarted: { target: 'contactCheck', actions: 'record' } },
    },
    contactCheck: {
      description: '`car_booking_check_contact`: known email → sign in; otherwise create the account.',
      on: {
        ContactChecked: { target: 'holding', actions: 'record' },
        BookingCancelled: { target: 'cancelled', actions: 'record' },
      },
    },
    holding: {
      description: 'Contact checked: a booking slot and the car’s hold are being taken.',
      on: {
        BookingHeld: [
          { guard: 'depositRequired', target: 'awaitingDeposit', actions: 'record' },
          { target: 'confirmed', actions: 'record' },
        ],
        BookingHoldRefused: { target: 'ko', actions: 'record' },
        BookingLimitReached: { target: 'limit', actions: 'record' },
        BookingCancelled: { target: 'cancelled', actions: 'record' },
        // The hold was won but not recorded here (a crash in between) and its timer ended it.
        BookingExpired: { target: 'expired', actions: 'record' },
      },
    },
    awaitingDeposit: {
      description: 'Held for the payment window; the deposit is to be paid.',
      on: {
        DepositPaymentRequested: { guard: 'depositAmount', target: 'paying', actions: 'record' },
        BookingExpired: { guard: 'currentHold', target: 'expired', actions: 'record' },
        BookingHoldExtended: { guard: 'extendsHold', actions: 'record' },
        BookingHoldReleased: { guard: 'currentHold', target: 'expired', actions: 'record' },
        BookingCancelled: { target: 'cancelled', actions: 'record' },
        BookingConverted: { guard: 'carriesDeposit', target: 'converted', actions: 'record' },
      },
    },
    paying: {
      description:
        'At the payment provider’s checkout: wait for its answer (no cancelling with money in flight).',
      on: {
        DepositPaid: { guard: 'currentPayment', target: 'confirmed', actions: 'record' },
        DepositPaymentFailed: { guard: 'currentPayment', target: 'paymentKo', actions: 'record' },
        BookingExpired: { guard: 'currentHold', target: 'expired', actions: 'record' },
        BookingHoldExtended: { guard: 'extendsHold', actions: 'record' },
        // Staff may end the hold with money in flight, as its timer may: a late payment is refunded.
        BookingHoldReleased: { guard: 'currentHold', target: 'expired', actions: 'record' },
      },
    },
    paymentKo: {
      description: '`car_book_payment_ko`: the buyer may pay again while the car is held.',
      on: {
        DepositPaymentRequested: { guard: 'depositAmount', target: 'paying', actions: 'record' },
        BookingExpired: { guard: 'currentHold', target: 'expired', actions: 'record' },
        BookingHoldExtended: { guard: 'extendsHold', actions: 'record' },
        BookingHoldReleased: { guard: 'currentHold', target: 'expired', actions: 'record' },
        BookingCancelled: { target: 'cancelled', actions: 'record' },
        BookingConverted: { guard: 'carriesDeposit', target: 'converted', actions: 'record' },
      },
    },
    confirmed: {
      description: '`car_book_ok`: booked (free, or deposit paid) until the hold ends.',
      on: {
        BookingExpired: [
          { guard: and(['currentHold', 'depositPaid']), target: 'refunding', actions: 'record' },
          { guard: 'currentHold', target: 'expired', actions: 'record' },
        ],
        BookingHoldExtended: { guard: 'extendsHold', actions: 'record' },
        BookingHoldReleased: [
          { guard: and(['currentHold', 'depositPaid']), target: 'refunding', actions: 'record' },
          { guard: 'currentHold', target: 'expired', actions: 'record' },
        ],
        BookingCancelled: [
          { guard: 'depositPaid', target: 'refunding', actions: 'record' },
          { target: 'cancelled', actions: 'record' },
        ],
        BookingConverted: { guard: 'carriesDeposit', target: 'converted', actions: 'record' },
      },
    },
    refunding: {
      description: 'Ended (expired or cancelled) with a paid deposit: its refund is due.',
      on: {
        DepositRefunded: [
          { guard: and(['refundsDeposit', 'endedByExpiry']), target: 'expired', actions: 'record' },
          { guard: 'refundsDeposit', target: 'cancelled', actions: 'record' },
        ],
      },
    },
    ko: { description: '`car_book_ko`: the car could not be held.', type: 'final' },
    limit: { description: 'The booking limit page.', type: 'final' },
    expired: { type: 'final' },
    cancelled: { type: 'final' },
    converted: { description: 'Bought: the hold passed to the purchase.', type: 'final' },
  },
});

export type BookingMachine = typeof bookingMachine;
