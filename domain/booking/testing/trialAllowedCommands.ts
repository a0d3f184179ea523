/**
 * The test oracle of `allowedCommands` (../allowedCommands.ts): what a booking takes now, asked of
 * `decideBooking` itself by trial. Each command is tried with sample data and facts that fit the state,
 * at a time before any hold ends; a command is allowed when it would record something. Tests only.
 */
import { bookingTerms } from '../bookingPolicy.ts';
import type { BookingSnapshot } from '../bookingState.ts';
import { BOOKING_COMMAND_TYPES, type BookingCommand, type BookingCommandType } from '../commands.ts';
import { decideBooking } from '../decide.ts';
import type { BookingFacts } from '../facts.ts';

type Probe = readonly [BookingCommand, Omit<BookingFacts, 'at'>?];

function probes(snapshot: BookingSnapshot): Record<BookingCommandType, readonly Probe[]> {
  const ctx = snapshot.context;
  const paymentId = ctx.payment?.paymentId ?? 'probe';
  const holdId = ctx.hold?.holdId ?? 'probe';
  const deposit = ctx.terms?.deposit ?? { amount: 1, currency: 'EUR' as const };
  return {
    StartBooking: [
      [
        { type: 'StartBooking', carId: '1', locale: 'fr' },
        { bookingId: 'probe', terms: bookingTerms('fr') },
      ],
    ],
    ConfirmContact: [[{ type: 'ConfirmContact', customerId: 'probe', method: 'session' }]],
    PlaceHold: [
      [{ type: 'PlaceHold' }, { slot: { taken: true }, hold: { held: true, holdId: 'probe', until: LATER } }],
    ],
    RequestDepositPayment: [
      [{ type: 'RequestDepositPayment' }, { payment: { paymentId: 'probe', amount: deposit } }],
    ],
    RecordDepositPayment: [
      [{ type: 'RecordDepositPayment', paymentId, result: 'succeeded' }],
      [{ type: 'RecordDepositPayment', paymentId, result: 'failed', reason: 'declined' }],
    ],
    ExpireBooking: [[{ type: 'ExpireBooking', holdId }]],
    CancelBooking: [[{ type: 'CancelBooking', by: 'staff', reason: 'other' }]],
    RecordDepositRefund: [[{ type: 'RecordDepositRefund', paymentId, refundId: 'probe' }]],
    RefundDeposit: [[{ type: 'RefundDeposit' }, { refund: { refundId: 'probe' } }]],
    ExtendBookingHold: [[{ type: 'ExtendBookingHold', minutes: 1 }]],
    ReleaseBookingHold: [[{ type: 'ReleaseBookingHold', holdId, reason: 'released' }]],
    ConvertBooking: [
      [
        {
          type: 'ConvertBooking',
          purchaseId: 'probe',
          customerId: ctx.customerId ?? 'probe',
          holdId: 'probe',
        },
      ],
    ],
  };
}

/** Before any hold ends. */
const EARLY = '2000-01-01T00:00:00.000Z';
const LATER = '2000-01-02T00:00:00.000Z';

function records(snapshot: BookingSnapshot, [command, facts]: Probe): boolean {
  try {
    return decideBooking(command, snapshot, { ...facts, at: EARLY }).length > 0;
  } catch {
    return false;
  }
}

/** The commands that would record something now, by trial (in the order of BOOKING_COMMAND_TYPES). */
export function trialAllowedCommands(snapshot: BookingSnapshot): BookingCommandType[] {
  const all = probes(snapshot);
  return BOOKING_COMMAND_TYPES.filter((type) => all[type].some((probe) => records(snapshot, probe)));
}
