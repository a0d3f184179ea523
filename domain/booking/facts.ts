/**
 * What the booking handler gathers before `decide`: the time, new ids, the market's terms and the
 * answers of the other streams and ports. `REQUIRED_FACTS` says which each command needs; the handler
 * gathers them only once `allowedCommands(snapshot)` lists the command, so no slot, hold or checkout is
 * taken for a command that would be refused.
 */
import type { CarUnavailableReason } from '../carHold/decide.ts';
import type { Money } from '../catalogue/car.ts';
import type { BookingCommandType } from './commands.ts';
import type { BookingTerms } from './events.ts';

export interface BookingFacts {
  /** Now (ISO 8601, UTC); never read from a clock inside the domain. */
  readonly at: string;
  /** StartBooking: the new booking's id (digits: the SPEC's `bookingId`). */
  readonly bookingId?: string;
  /** StartBooking: the market's terms now (bookingPolicy.ts). */
  readonly terms?: BookingTerms;
  /** PlaceHold: the customer's booking ledger took a slot, or the limit was reached (ledger.ts). */
  readonly slot?:
    | { readonly taken: true }
    | { readonly taken: false; readonly limit: number; readonly activeBookingIds: readonly string[] };
  /** PlaceHold, when a slot was taken: the car's hold (domain/carHold) won with its end, or why not. */
  readonly hold?:
    | { readonly held: true; readonly holdId: string; readonly until: string }
    | { readonly held: false; readonly reason: CarUnavailableReason };
  /** RequestDepositPayment: the checkout created at the payment provider for the deposit. */
  readonly payment?: { readonly paymentId: string; readonly amount: Money };
  /**
   * CancelBooking, ExpireBooking, ReleaseBookingHold: the paid deposit's refund, when the provider
   * refunded at once; RefundDeposit: the refund staff asked for.
   */
  readonly refund?: { readonly refundId: string };
}

type FactName = Exclude<keyof BookingFacts, 'at'>;

/** The facts each command needs besides `at` (refund: only when a deposit was paid, and optional). */
export const REQUIRED_FACTS: Readonly<Record<BookingCommandType, readonly FactName[]>> = {
  StartBooking: ['bookingId', 'terms'],
  ConfirmContact: [],
  PlaceHold: ['slot'], // and `hold` when the slot was taken
  RequestDepositPayment: ['payment'],
  RecordDepositPayment: [],
  ExpireBooking: [],
  CancelBooking: [],
  RecordDepositRefund: [],
  RefundDeposit: ['refund'],
  ExtendBookingHold: [],
  ReleaseBookingHold: [],
  ConvertBooking: [],
};

/** A fact `decide` needs and did not get: a bug in the handler, not the buyer's fault. */
export function need<K extends FactName>(facts: BookingFacts, name: K): NonNullable<BookingFacts[K]> {
  const value = facts[name];
  if (value === undefined || value === null) throw new Error(`booking: the fact "${name}" is missing`);
  return value as NonNullable<BookingFacts[K]>;
}
