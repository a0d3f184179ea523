/**
 * What a booking's events do on the car, the customer's booking ledger and at the provider, after the
 * append and again on a replay (README.md "Every command" step 8, "The rules that matter").
 */
import type { BookingSnapshot } from '../../domain/booking/bookingState.ts';
import type { BookingEvent } from '../../domain/booking/events.ts';
import type { BookingFacts } from '../../domain/booking/facts.ts';
import {
  bookingLedgerStream,
  bookingLimitOf,
  decideBookingLedger,
  evolveBookingLedger,
  initialBookingLedger,
  type SlotFreeReason,
} from '../../domain/booking/ledger.ts';
import type { RefundReason } from '../../domain/payment/payment.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { handleCommand } from '../handleCommand.ts';
import type { Payments } from '../providers/payment/payments.ts';
import type { CarHolds } from './carHolds.ts';
import { carMetadata, type ResolvedCall } from './funnelCall.ts';
import type { FunnelLog } from './funnelPorts.ts';
import { paymentFollowUps } from './paymentFollowUps.ts';

export interface BookingSideEffectsOptions {
  readonly store: EventStore;
  readonly cars: CarHolds;
  readonly payments: Payments;
  /** New event ids for the ledgers' streams. */
  readonly newId: () => string;
  readonly log?: FunnelLog;
}

const LEDGER = { initialState: initialBookingLedger, evolve: evolveBookingLedger };

export function bookingSideEffects(options: BookingSideEffectsOptions) {
  const { store, cars, newId } = options;
  const provider = paymentFollowUps(options.payments, options.log);

  /** What a booking's events make the car, the ledger and the provider do (idempotent). */
  async function after(
    state: BookingSnapshot,
    events: readonly BookingEvent[],
    call: ResolvedCall,
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
      open ? provider.cancelCheckout(open, reason) : Promise.resolve();
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
        case 'BookingHoldReleased':
          if (ctx.carId) {
            const release = {
              carId: ctx.carId,
              holdId: event.data.holdId,
              reason: 'car_unavailable' as const,
              at,
            };
            await cars.decide({ type: 'ReleaseHold', ...release }, meta);
          }
          await giveUpCheckout('booking-hold-released');
          await free('expired');
          break;
        case 'BookingConverted':
          await giveUpCheckout('booking-converted');
          await free('converted');
          break;
        case 'DepositRefunded': {
          await provider.refundInFull(event.data.paymentId, event.data.amount, refundReasonOf(state));
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

  /** A deposit paid to a booking that no longer takes it: what is left goes back. */
  const refundUnwanted = (paymentId: string) => provider.refundWhatIsLeft(paymentId, 'other');

  return { after, takeSlot, freeSlot, refundUnwanted };
}

/** Why a booking's deposit goes back, for the provider: how the booking ended, and by whom. */
function refundReasonOf(state: BookingSnapshot): RefundReason {
  const { ending, cancelledBy, released } = state.context;
  if (released === 'car_withdrawn') return 'car_not_available';
  if (released === 'released') return 'cancelled_by_staff';
  if (ending === 'expired') return 'expired';
  return cancelledBy === 'staff' ? 'cancelled_by_staff' : 'cancelled_by_buyer';
}
