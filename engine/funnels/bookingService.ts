/**
 * The booking funnel's application service: one method per command of domain/booking (its README,
 * "What the command handler does", steps 1–9), each answering the booking's view. Inputs validated with
 * the domain's zod schemas (→ 400), an unknown or foreign booking → 404, a command the state does not
 * take → 409 with the allowed commands.
 *
 * The booking limit is enforced by the append of a slot on the customer's ledger stream
 * (`customer-bookings-<customerId>`, expected revision), never by a read model. The car is held with
 * an expected-revision append on its stream, the expiry timer scheduled first.
 */
import { z } from 'zod';
import { allowedCommands } from '../../domain/booking/allowedCommands.ts';
import { bookingHoldTimes, bookingTerms } from '../../domain/booking/bookingPolicy.ts';
import { bookingEvolver, initialBookingState } from '../../domain/booking/bookingState.ts';
import type { BookingCommand } from '../../domain/booking/commands.ts';
import { decideBooking } from '../../domain/booking/decide.ts';
import {
  bookingHoldId,
  bookingStream,
  CANCEL_REASONS,
  PAYMENT_FAILURES,
} from '../../domain/booking/events.ts';
import { BOOKING_MACHINE_ID, BOOKING_MACHINE_VERSION } from '../../domain/booking/machine.ts';
import { bookingCommandSchema } from '../../domain/booking/schemas.ts';
import { unavailableReasonOf } from '../../domain/carHold/decide.ts';
import type { Money } from '../../domain/catalogue/car.ts';
import { IllegalStateError, isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { paymentDescription } from '../../domain/payment/paymentDescription.ts';
import { validate } from '../../domain/validate.ts';
import { type BookingCoreOptions, bookingCore, type OwnedBooking } from './bookingCore.ts';
import { type BookingView, toBookingView } from './bookingView.ts';
import {
  carMetadata,
  checkCall,
  derivedId,
  type FunnelCall,
  funnelMetadata,
  funnelNotFound,
  mayAccess,
  refundIdOf,
  starterOf,
  subCall,
} from './funnelCall.ts';
import { readTimeline, type TimelineEntry } from './funnelHistory.ts';
import type { FunnelIds } from './funnelIds.ts';
import type { FunnelTimers, ReturnUrls } from './funnelPorts.ts';
import { handleFunnelCommand, loadFunnel } from './handleFunnelCommand.ts';
import { cancelHoldExpiry, scheduleHoldExpiry } from './holdExpiry.ts';
import type { BookingConversions } from './purchaseSideEffects.ts';

export interface BookingServiceOptions extends BookingCoreOptions {
  readonly ids: FunnelIds;
  readonly timers: FunnelTimers;
  readonly returnUrls: ReturnUrls;
}

const command = (input: object): BookingCommand =>
  validate(bookingCommandSchema, input, 'command') as BookingCommand;
const FAR = '2999-01-01T00:00:00.000Z';
const MACHINE = { id: BOOKING_MACHINE_ID, version: BOOKING_MACHINE_VERSION };

const paymentResultSchema = z.discriminatedUnion('result', [
  z.object({ paymentId: z.string(), result: z.literal('succeeded') }),
  z.object({ paymentId: z.string(), result: z.literal('failed'), reason: z.enum(PAYMENT_FAILURES) }),
]);

export function createBookingService(options: BookingServiceOptions) {
  const { store, cars, timers, payments } = options;
  const core = bookingCore(options);
  const { run, load, view } = core;

  /** The refund fact of a booking ending with a paid deposit (refunded after the append). */
  const refundFact = (booking: OwnedBooking) => {
    const { depositPaid, payment } = booking.state.context;
    return depositPaid && payment ? { refund: { refundId: refundIdOf(payment.paymentId) } } : {};
  };

  /** PlaceHold: a ledger slot, then the car (timer first); a refused car frees the slot again. */
  async function placeHold(bookingId: string, call: FunnelCall): Promise<BookingView> {
    const probe = () => ({
      slot: { taken: true } as const,
      hold: { held: true as const, holdId: 'probe', until: FAR },
    });
    return run(
      bookingId,
      command({ type: 'PlaceHold' }),
      call,
      async (booking, at) => {
        const ctx = booking.state.context;
        if (ctx.hold || ctx.refusal || ctx.limit || !ctx.customerId || !ctx.terms || !ctx.carId) return {};
        const { until, slotUntil } = bookingHoldTimes(ctx.terms, at);
        const meta = carMetadata('booking', bookingId, call, at);
        const slotRequest = { bookingId, limit: ctx.terms.maxActiveBookings, until: slotUntil, at };
        const slot = await core.takeSlot(ctx.customerId, slotRequest, meta);
        if (!slot.taken) return { slot };
        const holdId = bookingHoldId(bookingId);
        const holder = { funnel: 'booking' as const, id: bookingId };
        await scheduleHoldExpiry(timers, { carId: ctx.carId, holdId, holder, until });
        try {
          const hold = { holdId, holder, customerId: ctx.customerId, until, at };
          await cars.decide({ type: 'HoldCar', carId: ctx.carId, ...hold }, meta);
        } catch (error) {
          const reason = unavailableReasonOf(error);
          if (reason === undefined) throw error;
          await cancelHoldExpiry(timers, { holdId, until });
          await core.freeSlot(ctx.customerId, bookingId, 'hold_refused', at, meta);
          return { slot, hold: { held: false, reason } };
        }
        const active = (await cars.read(ctx.carId))?.hold.activeHold;
        return {
          slot,
          hold: { held: true, holdId, until: active?.holdId === holdId ? active.until : until },
        };
      },
      probe,
    );
  }

  /** ContactChecked for the session's customer, then the hold in the same request. */
  async function confirmContact(bookingId: string, input: { method: string }, call: FunnelCall) {
    const customerId = call.actor.kind === 'buyer' ? call.actor.customerId : undefined;
    if (!customerId) throw ValidationError.field('customerId', 'sign in or sign up first');
    const checked = await run(
      bookingId,
      command({ type: 'ConfirmContact', customerId, method: input.method }),
      call,
    );
    if (!checked.allowedCommands.includes('PlaceHold')) return checked;
    return placeHold(bookingId, subCall(call, 'hold'));
  }

  /** The deposit's checkout; answers the booking and where to send the buyer. */
  async function requestDepositPayment(
    bookingId: string,
    call: FunnelCall,
  ): Promise<{ booking: BookingView; checkoutUrl: string | null }> {
    checkCall(call);
    const paymentId = derivedId('dep', bookingId, call.idempotencyKey);
    const newPayment = async (booking: OwnedBooking) => {
      const ctx = booking.state.context;
      const car = (await cars.read(ctx.carId ?? ''))?.facts;
      if (!ctx.terms?.deposit || !ctx.locale || !car) throw new IllegalStateError('no deposit to pay');
      return {
        paymentId,
        amount: ctx.terms.deposit,
        description: paymentDescription('deposit', ctx.locale, bookingId),
        ...options.returnUrls({ funnel: 'booking', id: bookingId, locale: ctx.locale, car }),
        metadata: { funnel: 'booking', bookingId, locale: ctx.locale },
      };
    };
    let checkoutUrl: string | null = null;
    const probe = (booking: OwnedBooking) => ({
      payment: {
        paymentId,
        amount: booking.state.context.terms?.deposit ?? { amount: 0, currency: 'EUR' as const },
      },
    });
    const booking = await run(
      bookingId,
      command({ type: 'RequestDepositPayment' }),
      call,
      async (owned) => {
        const payment = await newPayment(owned);
        checkoutUrl = (await payments.createPayment(payment)).checkoutUrl;
        return { payment: { paymentId, amount: payment.amount } };
      },
      probe,
    );
    if (checkoutUrl === null && booking.state === 'paying' && booking.payment?.paymentId === paymentId) {
      // A retried request: the same payment id answers the same checkout.
      checkoutUrl = (await payments.createPayment(await newPayment(await load(bookingId, call.actor))))
        .checkoutUrl;
    }
    return { booking, checkoutUrl };
  }

  /**
   * The provider's answer (webhook, system). A success first extends the car's hold to the paid end
   * (its timer first); when the car says the hold is gone, the booking records its expiry before the
   * payment is looked at. A payment the booking no longer takes is refunded at the provider.
   */
  async function recordDepositPayment(
    bookingId: string,
    input: unknown,
    call: FunnelCall,
  ): Promise<BookingView> {
    const answer = validate(paymentResultSchema, input, 'payment');
    const cmd = command({ type: 'RecordDepositPayment', ...answer });
    if (answer.result === 'succeeded') {
      const booking = await load(bookingId, call.actor);
      const ctx = booking.state.context;
      const { hold, carId } = ctx;
      if (hold?.paidUntil && carId && ctx.payment?.paymentId === answer.paymentId && !ctx.depositPaid) {
        const at = core.now();
        const holder = { funnel: 'booking' as const, id: bookingId };
        await scheduleHoldExpiry(timers, { carId, holdId: hold.holdId, holder, until: hold.paidUntil });
        try {
          const extend = { carId, holdId: hold.holdId, until: hold.paidUntil, at };
          await cars.decide({ type: 'ExtendHold', ...extend }, carMetadata('booking', bookingId, call, at));
        } catch (error) {
          if (unavailableReasonOf(error) === undefined) throw error;
          const car = await cars.read(carId);
          if (car?.endings[hold.holdId] === 'expired')
            await expire(bookingId, hold.holdId, subCall(call, 'expired'));
        }
      }
    }
    try {
      return await run(bookingId, cmd, call);
    } catch (error) {
      if (answer.result !== 'succeeded' || !isDomainError(error, 'illegal_state')) throw error;
      await core.refundUnwanted(answer.paymentId);
      return view(await load(bookingId, call.actor));
    }
  }

  /** The hold's timer ended it (system): expired, a paid deposit refunded, the slot freed. */
  async function expire(bookingId: string, holdId: string, call: FunnelCall): Promise<BookingView> {
    return run(bookingId, command({ type: 'ExpireBooking', holdId }), call, async (b) => refundFact(b));
  }

  return {
    /**
     * The booking form (bookingId 0): a new booking of `carId`. A signed-in buyer goes straight on: the
     * contact check (`session`) and the hold in the same request.
     */
    async start(input: { carId: string; locale: string }, call: FunnelCall): Promise<BookingView> {
      checkCall(call);
      const cmd = command({ type: 'StartBooking', carId: input.carId, locale: input.locale });
      if (cmd.type !== 'StartBooking') throw new Error('unreachable');
      if (call.actor.kind !== 'buyer') throw new IllegalStateError('only a buyer books a car');
      const car = await cars.read(cmd.carId);
      if (!car?.facts) throw new NotFoundError(`no car ${cmd.carId}`, { carId: cmd.carId });
      const owner = call.actor.customerId ?? call.actor.visitorId ?? 'anonymous';
      const bookingId = await options.ids.allocate('booking', `${owner}:${call.idempotencyKey}`);
      const stream = bookingStream(bookingId);
      const loaded = await loadFunnel(store, stream, bookingEvolver);
      if (
        loaded.recorded.length > 0 &&
        !mayAccess(call.actor, loaded.state.context.customerId, starterOf(loaded.recorded))
      )
        throw funnelNotFound('booking', bookingId);
      const at = core.now();
      const facts = { at, bookingId, terms: bookingTerms(cmd.locale) };
      decideBooking(cmd, initialBookingState(), facts);
      const result = await handleFunnelCommand(
        store,
        stream,
        bookingEvolver,
        (state) => decideBooking(cmd, state, facts),
        {
          idempotencyKey: call.idempotencyKey,
          metadata: funnelMetadata(MACHINE, bookingId, call, at),
          loaded,
        },
      );
      const started = toBookingView(result.state, Number(result.revision ?? -1n) + 1);
      if (!call.actor.customerId || !started.allowedCommands.includes('ConfirmContact')) return started;
      return confirmContact(bookingId, { method: 'session' }, subCall(call, 'contact'));
    },

    /** The booking for its buyer, or staff. */
    async get(bookingId: string, actor: Actor): Promise<BookingView> {
      return view(await load(bookingId, actor));
    },

    /** Staff: every event with who, what, when. */
    async timeline(bookingId: string): Promise<TimelineEntry[]> {
      if (!/^[1-9]\d{0,11}$/.test(bookingId)) throw funnelNotFound('booking', bookingId);
      return readTimeline(store, bookingStream(bookingId));
    },

    /** Staff: the booking as it was right after the event at `revision` (0-based). */
    async stateAfter(bookingId: string, revision: number): Promise<BookingView> {
      const loaded = await load(bookingId, { kind: 'system', name: 'staff-read' });
      if (!Number.isInteger(revision) || revision < 0 || revision >= loaded.recorded.length)
        throw new NotFoundError(`booking ${bookingId} has no event ${revision}`, {
          events: loaded.recorded.length,
        });
      let state = initialBookingState();
      for (const event of loaded.recorded.slice(0, revision + 1))
        state = bookingEvolver.evolve(state, { type: event.type, data: event.data } as never);
      return toBookingView(state, revision + 1);
    },

    /** The contact check passed (after `ajax-booking/check-email` and sign-in or sign-up). */
    confirmContact,
    /** Take a slot and hold the car (normally done by `start`/`confirmContact`; a retry may call it). */
    placeHold,
    requestDepositPayment,
    recordDepositPayment,
    expire,

    /** Cancel (the buyer, or staff): a paid deposit refunded, the car released, the slot freed. */
    async cancel(bookingId: string, input: { reason?: string }, call: FunnelCall): Promise<BookingView> {
      const by = call.actor.kind === 'staff' ? 'staff' : 'buyer';
      const reason = validate(
        z.enum(CANCEL_REASONS),
        input.reason ?? (by === 'buyer' ? 'changed_mind' : undefined),
        'reason',
      );
      return run(bookingId, command({ type: 'CancelBooking', by, reason }), call, async (b) => refundFact(b));
    },

    /** A refund the provider confirmed later (its webhook, system). */
    async recordDepositRefund(
      bookingId: string,
      input: { paymentId: string; refundId: string },
      call: FunnelCall,
    ) {
      return run(bookingId, command({ type: 'RecordDepositRefund', ...input }), call);
    },

    /** For the purchase service: this buyer's convertible booking of this car; its hold id. */
    async conversionOf(
      bookingId: string,
      buyer: { customerId: string; visitorId?: string },
      carId: string,
    ): Promise<{ holdId: string; deposit: { paymentId: string; amount: Money } | null }> {
      // With the session's visitor id too: a booking started before signing in is theirs (then 409, not 404).
      const booking = await load(bookingId, { kind: 'buyer', ...buyer });
      const ctx = booking.state.context;
      if (ctx.carId !== carId) throw ValidationError.field('fromBookingId', 'is a booking of another car');
      if (!ctx.hold || !allowedCommands(booking.state).includes('ConvertBooking'))
        throw new IllegalStateError(`booking ${bookingId} cannot be bought now`, { bookingId });
      // The deposit as ConvertBooking will carry it (paid, not refunded): it passes to the purchase.
      const deposit =
        ctx.depositPaid && ctx.payment
          ? { paymentId: ctx.payment.paymentId, amount: ctx.payment.amount }
          : null;
      return { holdId: ctx.hold.holdId, deposit };
    },

    /** For the purchase service: the booking became `purchaseId` (the hold passed over). */
    async convert(
      bookingId: string,
      conversion: { purchaseId: string; customerId: string; holdId: string },
      call: FunnelCall,
    ): Promise<BookingView> {
      return run(bookingId, command({ type: 'ConvertBooking', ...conversion }), call);
    },
  } satisfies BookingConversions & Record<string, unknown>;
}

export type BookingService = ReturnType<typeof createBookingService>;
