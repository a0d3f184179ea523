/**
 * The commands a booking's state takes now, asked of the machine itself: each command is tried as the
 * events it can decide (built from the context, so guards on the current hold or payment pass), and is
 * allowed if the snapshot can take one of them. The 409 of a refused command lists these, and the
 * handler gathers a command's facts only when it is listed.
 */
import type { Money } from '../catalogue/car.ts';
import type { BookingSnapshot } from './bookingState.ts';
import { BOOKING_COMMAND_TYPES, type BookingCommandType } from './commands.ts';
import type { BookingEvent } from './events.ts';

const NONE: Money = { amount: 0, currency: 'EUR' };
/** A hold's end later than any: an extension is allowed when the state takes one at all. */
const FAR = '9999-12-31T00:00:00.000Z';

function probes(snapshot: BookingSnapshot, type: BookingCommandType): BookingEvent[] {
  const ctx = snapshot.context;
  const paymentId = ctx.payment?.paymentId ?? 'probe';
  switch (type) {
    case 'StartBooking':
      return [
        {
          type: 'BookingStarted',
          data: {
            bookingId: 'probe',
            carId: 'probe',
            locale: 'fr',
            terms: { holdHours: 1, deposit: null, depositWindowMinutes: null, maxActiveBookings: 1 },
          },
        },
      ];
    case 'ConfirmContact':
      return [{ type: 'ContactChecked', data: { customerId: 'probe', method: 'session' } }];
    case 'PlaceHold':
      return [
        { type: 'BookingHeld', data: { holdId: 'probe', until: 'probe', paidUntil: null } },
        { type: 'BookingHoldRefused', data: { reason: 'held' } },
        { type: 'BookingLimitReached', data: { limit: 0, activeBookingIds: [] } },
      ];
    case 'RequestDepositPayment':
      return [
        { type: 'DepositPaymentRequested', data: { paymentId: 'probe', amount: ctx.terms?.deposit ?? NONE } },
      ];
    case 'RecordDepositPayment':
      return [
        { type: 'DepositPaid', data: { paymentId } },
        { type: 'DepositPaymentFailed', data: { paymentId, reason: 'declined' } },
      ];
    case 'ExpireBooking':
      return [{ type: 'BookingExpired', data: { holdId: ctx.hold?.holdId ?? 'probe' } }];
    case 'CancelBooking':
      return [{ type: 'BookingCancelled', data: { by: 'buyer', reason: 'other' } }];
    case 'RecordDepositRefund':
      return [
        {
          type: 'DepositRefunded',
          data: { paymentId, refundId: 'probe', amount: ctx.payment?.amount ?? NONE },
        },
      ];
    case 'RefundDeposit':
      return ctx.payment && ctx.depositPaid
        ? [{ type: 'DepositRefunded', data: { paymentId, refundId: 'probe', amount: ctx.payment.amount } }]
        : [];
    case 'ExtendBookingHold':
      return ctx.hold ? [{ type: 'BookingHoldExtended', data: { holdId: ctx.hold.holdId, until: FAR } }] : [];
    case 'ReleaseBookingHold':
      return ctx.hold
        ? [{ type: 'BookingHoldReleased', data: { holdId: ctx.hold.holdId, reason: 'released' } }]
        : [];
    case 'ConvertBooking':
      return [
        {
          type: 'BookingConverted',
          data: { purchaseId: 'probe', holdId: 'probe', deposit: ctx.depositPaid ? ctx.payment : null },
        },
      ];
    default: {
      const never: never = type;
      throw new Error(`unknown booking command ${String(never)}`);
    }
  }
}

export function allowedCommands(snapshot: BookingSnapshot): BookingCommandType[] {
  return BOOKING_COMMAND_TYPES.filter((type) => probes(snapshot, type).some((e) => snapshot.can(e)));
}
