/**
 * The pipeline every booking command goes through (bookingService.ts has one method per command on top
 * of it): load the booking (unknown or another buyer's → 404), answer a replayed idempotency key with
 * what it did then, dry-run `decideBooking` before any fact with a side effect is gathered, gather the
 * facts, append with handleFunnelCommand, then make the car, the customer's booking ledger and the money
 * follow (domain/booking/README.md "What the command handler does", step 9: every follow-up is
 * idempotent and runs again on a replayed key, so a crash in between is mended by the retry):
 *
 * - `BookingHoldRefused` → free the slot (`hold_refused`); `BookingExpired` → free it (`expired`);
 * - `BookingCancelled` → release the car (`cancelled`) and free the slot; `BookingConverted` → free it;
 * - an ending (expired, cancelled, converted) while a deposit checkout is open → `payments.cancel`: the
 *   buyer can no longer pay the old page (one paid meanwhile is refunded when its webhook comes);
 * - `DepositRefunded` → `payments.refund` with the refund id derived from the payment (once).
 */
import { type BookingSnapshot, bookingEvolver } from '../../domain/booking/bookingState.ts';
import type { BookingCommand } from '../../domain/booking/commands.ts';
import { decideBooking } from '../../domain/booking/decide.ts';
import { type BookingEvent, bookingStream } from '../../domain/booking/events.ts';
import type { BookingFacts } from '../../domain/booking/facts.ts';
import {
  bookingLedgerStream,
  bookingLimitOf,
  decideBookingLedger,
  evolveBookingLedger,
  initialBookingLedger,
  type SlotFreeReason,
} from '../../domain/booking/ledger.ts';
import { BOOKING_MACHINE_ID, BOOKING_MACHINE_VERSION } from '../../domain/booking/machine.ts';
import type { Money } from '../../domain/catalogue/car.ts';
import { isDomainError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { RefundReason } from '../../domain/payment/payment.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { handleCommand } from '../handleCommand.ts';
import type { Payments } from '../providers/payment/payments.ts';
import type { BookingView } from './bookingView.ts';
import { toBookingView } from './bookingView.ts';
import { cancelCheckout } from './cancelCheckout.ts';
import type { CarHolds } from './carHolds.ts';
import {
  carMetadata,
  checkCall,
  type FunnelCall,
  funnelMetadata,
  funnelNotFound,
  mayAccess,
  refundIdOf,
  starterOf,
} from './funnelCall.ts';
import type { FunnelLog } from './funnelPorts.ts';
import { eventsOfKey, handleFunnelCommand, type LoadedFunnel, loadFunnel } from './handleFunnelCommand.ts';

export interface BookingCoreOptions {
  readonly store: EventStore;
  readonly cars: CarHolds;
  readonly payments: Payments;
  readonly clock: () => Date;
  /** New event ids for the ledger's and the car's streams. */
  readonly newId: () => string;
  readonly log?: FunnelLog;
}

export interface OwnedBooking extends LoadedFunnel<BookingSnapshot> {
  readonly bookingId: string;
}

export type BookingGather = (booking: OwnedBooking, at: string) => Promise<Omit<BookingFacts, 'at'>>;

const MACHINE = { id: BOOKING_MACHINE_ID, version: BOOKING_MACHINE_VERSION };
const LEDGER = { initialState: initialBookingLedger, evolve: evolveBookingLedger };
export const BOOKING_ID = /^[1-9]\d{0,11}$/;

export function bookingCore(options: BookingCoreOptions) {
  const { store, cars, payments, newId, log } = options;
  const now = () => options.clock().toISOString();

  async function load(bookingId: string, actor: Actor): Promise<OwnedBooking> {
    if (!BOOKING_ID.test(bookingId)) throw funnelNotFound('booking', bookingId);
    const loaded = await loadFunnel(store, bookingStream(bookingId), bookingEvolver);
    if (loaded.recorded.length === 0) throw funnelNotFound('booking', bookingId);
    if (!mayAccess(actor, loaded.state.context.customerId, starterOf(loaded.recorded)))
      throw funnelNotFound('booking', bookingId);
    return { ...loaded, bookingId };
  }

  const view = (loaded: LoadedFunnel<BookingSnapshot>): BookingView =>
    toBookingView(loaded.state, loaded.recorded.length);

  async function run(
    bookingId: string,
    command: BookingCommand,
    call: FunnelCall,
    gather: BookingGather = async () => ({}),
    probe?: (booking: OwnedBooking) => Omit<BookingFacts, 'at'>,
  ): Promise<BookingView> {
    checkCall(call);
    const booking = await load(bookingId, call.actor);
    const at = now();
    const earlier = eventsOfKey<BookingEvent>(booking.recorded, call.idempotencyKey);
    if (earlier.length > 0) {
      await after(booking.state, earlier, call, at);
      return view(booking);
    }
    if (probe) decideBooking(command, booking.state, { at, ...probe(booking) });
    const facts: BookingFacts = { at, ...(await gather(booking, at)) };
    const result = await handleFunnelCommand(
      store,
      bookingStream(bookingId),
      bookingEvolver,
      (state) => decideBooking(command, state, facts),
      {
        idempotencyKey: call.idempotencyKey,
        metadata: funnelMetadata(MACHINE, bookingId, call, at),
        loaded: booking,
      },
    );
    await after(result.state, result.events, call, at);
    return toBookingView(result.state, Number(result.revision ?? -1n) + 1);
  }

  /** What a booking's events make the car, the ledger and the provider do (idempotent). */
  async function after(
    state: BookingSnapshot,
    events: readonly BookingEvent[],
    call: FunnelCall,
    at: string,
  ): Promise<void> {
    const ctx = state.context;
    const bookingId = ctx.bookingId ?? '';
    const meta = carMetadata('booking', bookingId, call, at);
    const free = (reason: Exclude<SlotFreeReason, 'lapsed'>) =>
      ctx.customerId ? freeSlot(ctx.customerId, bookingId, reason, at, meta) : Promise.resolve();
    // The deposit checkout still open when the booking ended (asked for, neither paid nor failed).
    const open =
      ctx.payment && !ctx.depositPaid && !ctx.failedPayments.includes(ctx.payment.paymentId)
        ? ctx.payment.paymentId
        : undefined;
    const giveUpCheckout = (reason: string) =>
      open ? cancelCheckout(payments, open, reason, log) : Promise.resolve();
    for (const event of events) {
      switch (event.type) {
        case 'BookingHoldRefused':
          await free('hold_refused');
          break;
        case 'BookingExpired':
          await giveUpCheckout('booking-expired');
          await free('expired');
          break;
        case 'BookingCancelled':
          if (ctx.hold && ctx.carId) {
            const release = { carId: ctx.carId, holdId: ctx.hold.holdId, reason: 'cancelled' as const, at };
            await cars.decide({ type: 'ReleaseHold', ...release }, meta);
          }
          await giveUpCheckout('booking-cancelled');
          await free('cancelled');
          break;
        case 'BookingConverted':
          await giveUpCheckout('booking-converted');
          await free('converted');
          break;
        case 'DepositRefunded': {
          const reason: RefundReason =
            ctx.ending === 'expired'
              ? 'expired'
              : ctx.cancelledBy === 'staff'
                ? 'cancelled_by_staff'
                : 'cancelled_by_buyer';
          await refund(event.data.paymentId, event.data.amount, reason);
          break;
        }
        default:
          break;
      }
    }
  }

  /** Takes a slot of the customer's ledger (expected-revision append): the `slot` fact of PlaceHold. */
  async function takeSlot(
    customerId: string,
    slot: { bookingId: string; limit: number; until: string; at: string },
    metadata: JsonObject,
  ): Promise<NonNullable<BookingFacts['slot']>> {
    try {
      await handleCommand(
        store,
        bookingLedgerStream(customerId),
        LEDGER,
        (ledger) => decideBookingLedger({ type: 'TakeBookingSlot', ...slot }, ledger),
        { newId, metadata, maxAttempts: 10 },
      );
      return { taken: true };
    } catch (error) {
      const limit = bookingLimitOf(error);
      if (limit) return limit;
      throw error;
    }
  }

  async function freeSlot(
    customerId: string,
    bookingId: string,
    reason: Exclude<SlotFreeReason, 'lapsed'>,
    at: string,
    metadata: JsonObject,
  ): Promise<void> {
    await handleCommand(
      store,
      bookingLedgerStream(customerId),
      LEDGER,
      (ledger) => decideBookingLedger({ type: 'FreeBookingSlot', bookingId, reason, at }, ledger),
      { newId, metadata, maxAttempts: 10 },
    );
  }

  async function refund(paymentId: string, amount: Money, reason: RefundReason): Promise<void> {
    try {
      await payments.refund(paymentId, amount, reason, { refundId: refundIdOf(paymentId) });
    } catch (error) {
      if (!isDomainError(error, 'illegal_state') && !isDomainError(error, 'not_found')) throw error;
      log?.warn({ paymentId, err: error }, 'refund not made: the provider refused it');
    }
  }

  /** A deposit paid to a booking that no longer takes it: what is left goes back. */
  async function refundUnwanted(paymentId: string): Promise<void> {
    const payment = await payments.get(paymentId);
    if (payment?.status !== 'succeeded') return;
    const left = payment.amount.amount - payment.refunded.amount;
    if (left > 0) await refund(paymentId, { amount: left, currency: payment.amount.currency }, 'other');
  }

  return { load, view, run, takeSlot, freeSlot, refundUnwanted, now };
}

export type BookingCore = ReturnType<typeof bookingCore>;
