/** The booking funnel's service: one method per command, each read top to bottom (README.md "Every command", "API"). */
import { allowedCommands } from '../../domain/booking/allowedCommands.ts';
import { bookingHoldTimes, bookingTerms } from '../../domain/booking/bookingPolicy.ts';
import { type BookingSnapshot, bookingEvolver, stateOf } from '../../domain/booking/bookingState.ts';
import type { BookingCommand, BookingCommandOf } from '../../domain/booking/commands.ts';
import { decideBooking } from '../../domain/booking/decide.ts';
import {
  type BookingEvent,
  type BookingHoldReleaseReason,
  bookingHoldId,
  bookingStream,
  type CancelReason,
  type PaymentFailure,
} from '../../domain/booking/events.ts';
import type { BookingFacts } from '../../domain/booking/facts.ts';
import { BOOKING_MACHINE_ID, BOOKING_MACHINE_VERSION } from '../../domain/booking/machine.ts';
import { unavailableReasonOf } from '../../domain/carHold/decide.ts';
import type { Money } from '../../domain/catalogue/car.ts';
import { IllegalStateError, isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Locale } from '../../domain/markets.ts';
import { paymentDescription } from '../../domain/payment/paymentDescription.ts';
import type { EventStore } from '../eventStore.ts';
import type { AggregateStream } from '../handleCommand.ts';
import type { Payments } from '../providers/payment/payments.ts';
import { bookingSideEffects } from './bookingSideEffects.ts';
import { type BookingView, toBookingView } from './bookingView.ts';
import type { CarHolds } from './carHolds.ts';
import {
  carMetadata,
  derivedId,
  type FunnelCall,
  funnelNotFound,
  mayAccess,
  refundIdOf,
  resolveCall,
  starterOf,
  subCall,
} from './funnelCall.ts';
import { funnelCore, type OpenFunnel } from './funnelCore.ts';
import type { FunnelIds } from './funnelIds.ts';
import type { FunnelLog, FunnelTimers, ReturnUrls } from './funnelPorts.ts';
import { cancelHoldExpiry, scheduleHoldExpiry } from './holdExpiry.ts';
import type { BookingConversions } from './purchaseSideEffects.ts';

export interface BookingServiceOptions {
  readonly store: EventStore;
  readonly cars: CarHolds;
  readonly payments: Payments;
  readonly ids: FunnelIds;
  readonly timers: FunnelTimers;
  readonly clock: () => Date;
  readonly returnUrls: ReturnUrls;
  /** New event ids for the ledgers' streams. */
  readonly newId: () => string;
  readonly log?: FunnelLog;
}

/** The payment provider's answer on a deposit (its webhook). */
export type DepositPaymentResult =
  | { readonly paymentId: string; readonly result: 'succeeded' }
  | { readonly paymentId: string; readonly result: 'failed'; readonly reason: PaymentFailure };

type OpenBooking = OpenFunnel<BookingSnapshot, BookingEvent>;
type Gathered = Omit<BookingFacts, 'at'>;

const MACHINE = { id: BOOKING_MACHINE_ID, version: BOOKING_MACHINE_VERSION };

/** The booking funnel as the shared core runs it. */
const BOOKING_FUNNEL = {
  kind: 'booking',
  machine: MACHINE,
  stream: bookingStream,
  evolver: bookingEvolver,
  customerOf: (state: BookingSnapshot) => state.context.customerId,
  allowedCommands,
  describe: stateOf,
} as const;

export function createBookingService(options: BookingServiceOptions) {
  const { store, cars, timers, payments } = options;
  const effects = bookingSideEffects(options);
  const view = (stream: AggregateStream<BookingSnapshot, BookingEvent>): BookingView =>
    toBookingView(stream.state, stream.events.length);
  const core = funnelCore(BOOKING_FUNNEL, { store, clock: options.clock, view, after: effects.after });
  /** Opens the booking for a command (engine/funnels/README.md "Every command" 1–3); `done`: a replayed key's answer. */
  const open = core.open;

  /** Decides once on the booking as opened, appends (decided again only after a conflict), follows up. */
  async function execute(booking: OpenBooking, command: BookingCommand, gathered: Gathered = {}) {
    const facts: BookingFacts = { at: booking.at, ...gathered };
    const events = decideBooking(command, booking.state, facts);
    if (events.length === 0) return view(booking);
    const result = await core.append(booking, events, (state) => decideBooking(command, state, facts));
    await effects.after(result.stream.state, result.events, booking.call, booking.at);
    return view(result.stream);
  }

  /** The refund fact of a booking ending with a paid deposit (refunded after the append). */
  const refundFact = (booking: OpenBooking): Gathered => {
    const { depositPaid, payment } = booking.state.context;
    return depositPaid && payment ? { refund: { refundId: refundIdOf(payment.paymentId) } } : {};
  };

  /** PlaceHold: a ledger slot, then the car (timer first); a refused car frees the slot again. */
  async function placeHold(bookingId: string, call: FunnelCall): Promise<BookingView> {
    const booking = await open(bookingId, call);
    if (booking.done) return booking.done;
    const ctx = booking.state.context;
    if (ctx.hold || ctx.refusal || ctx.limit) return view(booking); // decided already: a retried request
    core.mustAllow(booking, 'PlaceHold'); // before a slot or the car is taken
    if (!ctx.customerId || !ctx.terms || !ctx.carId)
      throw new Error(`booking ${bookingId}: no buyer, terms or car`);
    const { at } = booking;
    const { until, slotUntil } = bookingHoldTimes(ctx.terms, at);
    const meta = carMetadata('booking', bookingId, booking.call, at);
    const slotRequest = { bookingId, limit: ctx.terms.maxActiveBookings, until: slotUntil, at };
    const slot = await effects.takeSlot(ctx.customerId, slotRequest, meta);
    if (!slot.taken) return execute(booking, { type: 'PlaceHold' }, { slot });
    const holdId = bookingHoldId(bookingId);
    const holder = { funnel: 'booking' as const, id: bookingId };
    await scheduleHoldExpiry(timers, { carId: ctx.carId, holdId, holder, until });
    let hold: NonNullable<BookingFacts['hold']>;
    try {
      const held = { holdId, holder, customerId: ctx.customerId, until, at };
      const { car } = await cars.decide({ type: 'HoldCar', carId: ctx.carId, ...held }, meta);
      const active = car.hold.activeHold;
      hold = { held: true, holdId, until: active?.holdId === holdId ? active.until : until };
    } catch (error) {
      const reason = unavailableReasonOf(error);
      if (reason === undefined) throw error;
      await cancelHoldExpiry(timers, { holdId, until });
      await effects.freeSlot(ctx.customerId, bookingId, 'hold_refused', at, meta);
      hold = { held: false, reason };
    }
    return execute(booking, { type: 'PlaceHold' }, { slot, hold });
  }

  /** ContactChecked for the session's customer, then the hold in the same request. */
  async function confirmContact(
    bookingId: string,
    input: { method: BookingCommandOf<'ConfirmContact'>['method'] },
    call: FunnelCall,
  ) {
    const customerId = call.actor.kind === 'buyer' ? call.actor.customerId : undefined;
    if (!customerId) throw ValidationError.field('customerId', 'sign in or sign up first');
    const booking = await open(bookingId, call);
    const checked =
      booking.done ?? (await execute(booking, { type: 'ConfirmContact', customerId, method: input.method }));
    if (!checked.allowedCommands.includes('PlaceHold')) return checked;
    return placeHold(bookingId, subCall(booking.call, 'hold'));
  }

  /** The deposit's checkout; answers the booking and where to send the buyer. */
  async function requestDepositPayment(
    bookingId: string,
    call: FunnelCall,
  ): Promise<{ booking: BookingView; checkoutUrl: string | null }> {
    const booking = await open(bookingId, call);
    const paymentId = derivedId('dep', bookingId, booking.call.idempotencyKey);
    if (!booking.done) core.mustAllow(booking, 'RequestDepositPayment'); // before the checkout is created
    // A retried request asks the same payment id again: the provider answers the same checkout.
    const ctx = booking.state.context;
    const car = ctx.carId ? await cars.listing(ctx.carId) : undefined;
    if (!ctx.terms?.deposit || !ctx.locale || !car) throw new IllegalStateError('no deposit to pay');
    const amount = ctx.terms.deposit;
    const { checkoutUrl } = await payments.createPayment({
      paymentId,
      amount,
      description: paymentDescription('deposit', ctx.locale, bookingId),
      ...options.returnUrls({ funnel: 'booking', id: bookingId, locale: ctx.locale, car }),
      metadata: { funnel: 'booking', bookingId, locale: ctx.locale },
    });
    const answer =
      booking.done ??
      (await execute(booking, { type: 'RequestDepositPayment' }, { payment: { paymentId, amount } }));
    const paying = answer.state === 'paying' && answer.payment?.paymentId === paymentId;
    return { booking: answer, checkoutUrl: paying ? checkoutUrl : null };
  }

  /**
   * The provider's answer (webhook, system). A success first extends the car's hold to the paid end
   * (its timer first); when the car says the hold is gone, the booking records its expiry before the
   * payment is looked at. A payment the booking no longer takes is refunded at the provider.
   */
  async function recordDepositPayment(
    bookingId: string,
    answer: DepositPaymentResult,
    call: FunnelCall,
  ): Promise<BookingView> {
    let booking = await open(bookingId, call);
    if (booking.done) return booking.done;
    const ctx = booking.state.context;
    const { hold, carId } = ctx;
    if (
      answer.result === 'succeeded' &&
      hold?.paidUntil &&
      carId &&
      ctx.payment?.paymentId === answer.paymentId &&
      !ctx.depositPaid
    ) {
      const holder = { funnel: 'booking' as const, id: bookingId };
      await scheduleHoldExpiry(timers, { carId, holdId: hold.holdId, holder, until: hold.paidUntil });
      try {
        const extend = { carId, holdId: hold.holdId, until: hold.paidUntil, at: booking.at };
        await cars.decide(
          { type: 'ExtendHold', ...extend },
          carMetadata('booking', bookingId, booking.call, booking.at),
        );
      } catch (error) {
        if (unavailableReasonOf(error) === undefined) throw error;
        const car = await cars.read(carId);
        if (car?.endings[hold.holdId] === 'expired') {
          await expire(bookingId, hold.holdId, subCall(booking.call, 'expired'));
          booking = await open(bookingId, booking.call);
          if (booking.done) return booking.done;
        }
      }
    }
    try {
      return await execute(booking, { type: 'RecordDepositPayment', ...answer });
    } catch (error) {
      if (answer.result !== 'succeeded' || !isDomainError(error, 'illegal_state')) throw error;
      await effects.refundUnwanted(answer.paymentId);
      return view(await core.read(bookingId, call.actor));
    }
  }

  /**
   * Staff: the hold ends `minutes` later. The car first (its timer, then its hold's end, as a paid
   * deposit does): a car that refuses (withdrawn, the hold gone) → 409 and nothing recorded here.
   */
  async function extendHold(bookingId: string, input: { minutes: number }, call: FunnelCall) {
    const booking = await open(bookingId, call);
    if (booking.done) return booking.done;
    core.mustAllow(booking, 'ExtendBookingHold');
    const command = { type: 'ExtendBookingHold', minutes: input.minutes } as const;
    const [planned] = decideBooking(command, booking.state, { at: booking.at });
    const { carId } = booking.state.context;
    if (planned?.type !== 'BookingHoldExtended' || !carId)
      throw new Error(`booking ${bookingId}: no hold to extend`);
    const { holdId, until } = planned.data;
    const holder = { funnel: 'booking' as const, id: bookingId };
    await scheduleHoldExpiry(timers, { carId, holdId, holder, until });
    try {
      const meta = carMetadata('booking', bookingId, booking.call, booking.at);
      await cars.decide({ type: 'ExtendHold', carId, holdId, until, at: booking.at }, meta);
    } catch (error) {
      const reason = unavailableReasonOf(error);
      if (reason === undefined) throw error;
      throw new IllegalStateError(`the car no longer takes this hold's extension (${reason})`, {
        funnel: 'booking',
        command: command.type,
        state: stateOf(booking.state),
        reason,
        allowed: allowedCommands(booking.state).filter((c) => c !== 'ExtendBookingHold'),
      });
    }
    return execute(booking, command);
  }

  /**
   * The hold ends now (staff let the car go, or the car was withdrawn): the booking ends as expired, a
   * paid deposit refunded, then the car released and the slot freed (`effects.after`). Staff are
   * refused (409) what the booking does not take; the withdrawal's reaction decides nothing then.
   */
  async function releaseHold(
    bookingId: string,
    input: { reason: BookingHoldReleaseReason; holdId?: string },
    call: FunnelCall,
  ): Promise<BookingView> {
    const booking = await open(bookingId, call);
    if (booking.done) return booking.done;
    if (input.holdId === undefined) core.mustAllow(booking, 'ReleaseBookingHold');
    const holdId = input.holdId ?? booking.state.context.hold?.holdId ?? '';
    return execute(
      booking,
      { type: 'ReleaseBookingHold', holdId, reason: input.reason },
      refundFact(booking),
    );
  }

  /** The hold's timer ended it (system): expired, a paid deposit refunded, the slot freed. */
  async function expire(bookingId: string, holdId: string, call: FunnelCall): Promise<BookingView> {
    const booking = await open(bookingId, call);
    if (booking.done) return booking.done;
    return execute(booking, { type: 'ExpireBooking', holdId }, refundFact(booking));
  }

  return core.commands({
    /**
     * The booking form (bookingId 0): a new booking of `carId`. A signed-in buyer goes straight on: the
     * contact check (`session`) and the hold in the same request.
     */
    async start(input: { carId: string; locale: Locale }, call: FunnelCall): Promise<BookingView> {
      if (call.actor.kind !== 'buyer') throw new IllegalStateError('only a buyer books a car');
      const resolved = resolveCall(call, undefined);
      const command = { type: 'StartBooking', carId: input.carId, locale: input.locale } as const;
      if (!(await cars.listing(command.carId)))
        throw new NotFoundError(`no car ${command.carId}`, { carId: command.carId });
      const owner = call.actor.customerId ?? call.actor.visitorId ?? 'anonymous';
      const allocated = await options.ids.allocate('booking', `${owner}:${resolved.idempotencyKey}`);
      const bookingId = allocated.id;
      const stream = await core.readNew(allocated);
      if (
        stream.events.length > 0 &&
        !mayAccess(call.actor, stream.state.context.customerId, starterOf(stream.metadata))
      )
        throw funnelNotFound('booking', bookingId);
      const at = core.now();
      const facts = { at, bookingId, terms: bookingTerms(command.locale) };
      const opened: OpenBooking = { ...stream, id: bookingId, call: resolved, at, replayed: undefined };
      const events = stream.events.length > 0 ? [] : decideBooking(command, stream.state, facts);
      const result = await core.append(opened, events, (state) => decideBooking(command, state, facts));
      const started = view(result.stream);
      if (!call.actor.customerId || !started.allowedCommands.includes('ConfirmContact')) return started;
      return confirmContact(bookingId, { method: 'session' }, subCall(resolved, 'contact'));
    },

    /** The booking for its buyer, or staff. */
    get: core.get,
    /** Staff: every event with who, what, when. */
    timeline: core.timeline,
    /** Staff: the booking as it was right after the event at `revision` (0-based). */
    stateAfter: core.stateAfter,

    /** The contact check passed (after `ajax-booking/check-email` and sign-in or sign-up). */
    confirmContact,
    /** Take a slot and hold the car (normally done by `start`/`confirmContact`; a retry may call it). */
    placeHold,
    requestDepositPayment,
    recordDepositPayment,
    expire,

    /** Cancel (the buyer, or staff): a paid deposit refunded, the car released, the slot freed. */
    async cancel(
      bookingId: string,
      input: { reason?: CancelReason },
      call: FunnelCall,
    ): Promise<BookingView> {
      const by = call.actor.kind === 'staff' ? 'staff' : 'buyer';
      const reason = input.reason ?? (by === 'buyer' ? 'changed_mind' : undefined);
      if (reason === undefined) throw ValidationError.field('reason', 'is required');
      const booking = await open(bookingId, call);
      if (booking.done) return booking.done;
      return execute(booking, { type: 'CancelBooking', by, reason }, refundFact(booking));
    },

    /** Staff: the hold ends later (at most a day at a time); the car's stream and timer follow. */
    extendHold,
    /** Staff let the car go (`released`), or the car left the sale (`car_withdrawn`, with its hold id). */
    releaseHold,

    /**
     * Staff give back the deposit a booking that ended still owes (its refund was not made at once):
     * refunded in full at the provider, the booking then expired or cancelled as it ended.
     */
    async refundDeposit(bookingId: string, call: FunnelCall): Promise<BookingView> {
      const booking = await open(bookingId, call);
      if (booking.done) return booking.done;
      core.mustAllow(booking, 'RefundDeposit');
      return execute(booking, { type: 'RefundDeposit' }, refundFact(booking));
    },

    /** A refund the provider confirmed later (its webhook, system). */
    async recordDepositRefund(
      bookingId: string,
      input: { paymentId: string; refundId: string },
      call: FunnelCall,
    ) {
      const booking = await open(bookingId, call);
      if (booking.done) return booking.done;
      return execute(booking, { type: 'RecordDepositRefund', ...input });
    },

    /** For the purchase service: this buyer's convertible booking of this car; its hold id. */
    async conversionOf(
      bookingId: string,
      buyer: { customerId: string; visitorId?: string },
      carId: string,
    ): Promise<{ holdId: string; deposit: { paymentId: string; amount: Money } | null }> {
      // With the session's visitor id too: a booking started before signing in is theirs (then 409, not 404).
      const booking = await core.read(bookingId, { kind: 'buyer', ...buyer });
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
      const booking = await open(bookingId, call);
      if (booking.done) return booking.done;
      return execute(booking, { type: 'ConvertBooking', ...conversion });
    },
  } satisfies BookingConversions & Record<string, unknown>);
}

export type BookingService = ReturnType<typeof createBookingService>;
