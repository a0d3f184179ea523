/**
 * The pipeline every purchase command goes through (purchaseService.ts has one method per command on
 * top of it): load the purchase (unknown or another buyer's → 404), answer a replayed idempotency key
 * with what it did then, check with a dry run of `decide` that the state takes the command (→ 409 naming
 * what is allowed, 400 for bad input) before any fact with a side effect is gathered, gather the facts,
 * let the car decide what concerns it (purchaseSideEffects.ts "car first"), append with
 * handleFunnelCommand (idempotency key, metadata, re-decide on a concurrent write), then make the car and
 * the money follow. `start` has its own pipeline: the id, the car's facts and the hold come first.
 */

import { unavailableReasonOf } from '../../domain/carHold/decide.ts';
import type { Money } from '../../domain/catalogue/car.ts';
import { emailSchema } from '../../domain/customers/personalData.ts';
import { IllegalStateError, isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { PurchaseCommand, PurchaseCommandOf } from '../../domain/purchase/commands.ts';
import { decide } from '../../domain/purchase/decide.ts';
import { type Hold, type PurchaseEvent, purchaseStream } from '../../domain/purchase/events.ts';
import type { PurchaseFacts } from '../../domain/purchase/facts.ts';
import { PURCHASE_MACHINE_ID, PURCHASE_MACHINE_VERSION } from '../../domain/purchase/machine.ts';
import { purchaseHoldUntil } from '../../domain/purchase/purchasePolicy.ts';
import {
  initialPurchaseState,
  type PurchaseSnapshot,
  purchaseEvolver,
} from '../../domain/purchase/purchaseState.ts';
import { PURCHASE_COMMAND_SCHEMAS } from '../../domain/purchase/schemas.ts';
import { validate } from '../../domain/validate.ts';
import type { EventStore } from '../eventStore.ts';
import type { Payments } from '../providers/payment/payments.ts';
import type { CarHolds, CarRecord } from './carHolds.ts';
import {
  carMetadata,
  checkCall,
  type FunnelCall,
  funnelMetadata,
  funnelNotFound,
  mayAccess,
  starterOf,
} from './funnelCall.ts';
import { readTimeline, type TimelineEntry } from './funnelHistory.ts';
import type { FunnelIds } from './funnelIds.ts';
import type { FunnelLog, FunnelTimers } from './funnelPorts.ts';
import { eventsOfKey, handleFunnelCommand, type LoadedFunnel, loadFunnel } from './handleFunnelCommand.ts';
import { cancelHoldExpiry, scheduleHoldExpiry } from './holdExpiry.ts';
import { type BookingConversions, purchaseSideEffects } from './purchaseSideEffects.ts';
import { type PurchaseView, toPurchaseView } from './purchaseView.ts';

export interface PurchaseCoreOptions {
  readonly store: EventStore;
  readonly cars: CarHolds;
  readonly ids: FunnelIds;
  readonly timers: FunnelTimers;
  readonly clock: () => Date;
  readonly payments: Payments;
  readonly bookings?: BookingConversions;
  readonly log?: FunnelLog;
}

/** A loaded purchase the caller may drive. */
export interface OwnedPurchase extends LoadedFunnel<PurchaseSnapshot> {
  readonly purchaseId: string;
}

/** Facts gathered for a command, after the dry run said the state takes it. */
export type Gather = (purchase: OwnedPurchase, at: string) => Promise<Omit<PurchaseFacts, 'at'>>;

const MACHINE = { id: PURCHASE_MACHINE_ID, version: PURCHASE_MACHINE_VERSION };
const events = (loaded: LoadedFunnel<unknown>) =>
  loaded.recorded.map((e) => ({ type: e.type, data: e.data }) as PurchaseEvent);

/**
 * The command pipeline every purchase method goes through (start has its own, see `start`): load and
 * check access, answer a replayed key, dry-run `decide` with the probe facts, gather the real facts,
 * car first, append, after.
 */
export function purchaseCore(options: PurchaseCoreOptions) {
  const { store, cars, timers, clock } = options;
  const effects = purchaseSideEffects(options);
  const now = () => clock().toISOString();

  async function load(purchaseId: string, actor: Actor): Promise<OwnedPurchase> {
    if (!/^[1-9]\d{0,11}$/.test(purchaseId)) throw funnelNotFound('purchase', purchaseId);
    const loaded = await loadFunnel(store, purchaseStream(purchaseId), purchaseEvolver);
    if (loaded.recorded.length === 0) throw funnelNotFound('purchase', purchaseId);
    if (!mayAccess(actor, loaded.state.context.customerId, starterOf(loaded.recorded)))
      throw funnelNotFound('purchase', purchaseId);
    return { ...loaded, purchaseId };
  }

  const view = (loaded: LoadedFunnel<PurchaseSnapshot>) => toPurchaseView(loaded.state, events(loaded));

  /**
   * Runs one command. `probe`: facts that let the dry run pass without side effects (a payment id, an
   * application id); `gather`: the real facts, asked only once the dry run passed.
   */
  async function run(
    purchaseId: string,
    command: PurchaseCommand,
    call: FunnelCall,
    gather: Gather = async () => ({}),
    probe?: (purchase: OwnedPurchase) => Omit<PurchaseFacts, 'at'>,
  ): Promise<PurchaseView> {
    checkCall(call);
    const purchase = await load(purchaseId, call.actor);
    const earlier = eventsOfKey<PurchaseEvent>(purchase.recorded, call.idempotencyKey);
    const at = now();
    if (earlier.length > 0) {
      await effects.after(purchase.state, earlier, call, at);
      return view(purchase);
    }
    if (probe) decide(command, purchase.state, { at, ...probe(purchase) });
    const facts: PurchaseFacts = { at, ...(await gather(purchase, at)) };
    const planned = decide(command, purchase.state, facts);
    if (planned.length === 0) return view(purchase);
    const stillHeld = await effects.carFirst(purchase.state, planned, call, at, (reason, lossCall) =>
      loseHold(purchaseId, { holdId: purchase.state.context.hold?.holdId ?? '', reason }, lossCall),
    );
    const stream = purchaseStream(purchaseId);
    const result = await handleFunnelCommand(
      store,
      stream,
      purchaseEvolver,
      (state) => decide(command, state, facts),
      {
        idempotencyKey: call.idempotencyKey,
        metadata: funnelMetadata(MACHINE, purchaseId, call, at),
        loaded: purchase,
      },
    ).catch((error: unknown) => {
      // The car said the hold is gone and the purchase recorded it: the command meets a finished purchase.
      if (!stillHeld && isDomainError(error, 'illegal_state')) return undefined;
      throw error;
    });
    if (!result) return view(await loadFunnel(store, stream, purchaseEvolver));
    await effects.after(result.state, result.events, call, at);
    const seen = events(purchase);
    // Written on the revision read: the view needs no second read.
    if (result.revision === BigInt(seen.length + result.events.length - 1))
      return toPurchaseView(result.state, [...seen, ...result.events]);
    return view(await loadFunnel(store, stream, purchaseEvolver));
  }

  /** The hold is gone (its timer, or the car said so): `LoseHold`. */
  async function loseHold(
    purchaseId: string,
    input: { holdId: string; reason: 'expired' | 'car-withdrawn' },
    call: FunnelCall,
  ): Promise<PurchaseView> {
    const command = { type: 'LoseHold', holdId: input.holdId, reason: input.reason } as const;
    return run(purchaseId, validate(PURCHASE_COMMAND_SCHEMAS.LoseHold, command, 'command'), call);
  }

  /**
   * Starts a purchase: the id from the key, the car's price and dealer from its stream, then the hold
   * (its expiry timer first): `HoldCar`, or for a booked car its booker's `TransferHold`. A hold lost to
   * another funnel is recorded as the outcome "car not available" (`hold: null`), not an error.
   */
  async function start(
    input: { carId: string; locale: string; fromBookingId?: string | null },
    call: FunnelCall,
  ): Promise<PurchaseView> {
    checkCall(call);
    const customerId = call.actor.kind === 'buyer' ? (call.actor.customerId ?? null) : null;
    const command = validate(
      PURCHASE_COMMAND_SCHEMAS.StartPurchase,
      { type: 'StartPurchase', ...input, customerId, fromBookingId: input.fromBookingId ?? null },
      'purchase',
    ) as PurchaseCommandOf<'StartPurchase'>;
    if (call.actor.kind !== 'buyer') throw new IllegalStateError('only a buyer starts a purchase');
    const car = await cars.read(command.carId);
    if (!car?.facts) throw new NotFoundError(`no car ${command.carId}`, { carId: command.carId });
    const owner = customerId ?? call.actor.visitorId ?? 'anonymous';
    const purchaseId = await options.ids.allocate('purchase', `${owner}:${call.idempotencyKey}`);
    const stream = purchaseStream(purchaseId);
    const loaded = await loadFunnel(store, stream, purchaseEvolver);
    if (loaded.recorded.length > 0) {
      // A retried start: the purchase its key made (run again what follows it).
      if (!mayAccess(call.actor, loaded.state.context.customerId, starterOf(loaded.recorded)))
        throw funnelNotFound('purchase', purchaseId);
      await effects.after(loaded.state, events(loaded), call, now());
      return view(loaded);
    }
    const at = now();
    const base = { purchaseId, car: { price: car.facts.price, dealerId: car.facts.dealerId } };
    decide(command, initialPurchaseState(), { at, ...base, hold: null }); // bad input before any hold
    const { hold, bookingDeposit } = await winHold(command, purchaseId, call, at);
    const result = await handleFunnelCommand(
      store,
      stream,
      purchaseEvolver,
      (state) => decide(command, state, { at, ...base, hold, bookingDeposit }),
      {
        idempotencyKey: call.idempotencyKey,
        metadata: funnelMetadata(MACHINE, purchaseId, call, at),
        loaded,
      },
    );
    await effects.after(result.state, result.events, call, at);
    return toPurchaseView(result.state, result.events);
  }

  async function winHold(
    command: PurchaseCommandOf<'StartPurchase'>,
    purchaseId: string,
    call: FunnelCall,
    at: string,
  ): Promise<{ hold: Hold | null; bookingDeposit: { paymentId: string; amount: Money } | null }> {
    const { carId, customerId, fromBookingId } = command;
    let bookingDeposit: { paymentId: string; amount: Money } | null = null;
    const holdId = `purchase-${purchaseId}`;
    const holder = { funnel: 'purchase' as const, id: purchaseId };
    const until = purchaseHoldUntil(command.locale, at);
    const meta = carMetadata('purchase', purchaseId, call, at);
    await scheduleHoldExpiry(timers, { carId, holdId, holder, until });
    let car: CarRecord;
    try {
      if (fromBookingId !== null && customerId !== null) {
        if (!options.bookings) throw new IllegalStateError('bookings cannot be converted here');
        const visitorId = call.actor.kind === 'buyer' ? call.actor.visitorId : undefined;
        const buyer = { customerId, ...(visitorId ? { visitorId } : {}) };
        const booking = await options.bookings.conversionOf(fromBookingId, buyer, carId);
        bookingDeposit = booking.deposit;
        const transfer = { holdId: booking.holdId, toHoldId: holdId, holder, customerId, until };
        car = (await cars.decide({ type: 'TransferHold', carId, ...transfer, at }, meta)).car;
      } else {
        const held = { holdId, holder, ...(customerId ? { customerId } : {}), until };
        car = (await cars.decide({ type: 'HoldCar', carId, ...held, at }, meta)).car;
      }
    } catch (error) {
      if (unavailableReasonOf(error) === undefined) throw error;
      await cancelHoldExpiry(timers, { holdId, until });
      // A booking's hold that could not pass over stays the booking's, and so does its deposit.
      return { hold: null, bookingDeposit: null };
    }
    // Won now, or by an earlier attempt of this start (a retry): the car's active hold says until when.
    const active = car.hold.activeHold;
    return { hold: { holdId, until: active?.holdId === holdId ? active.until : until }, bookingDeposit };
  }

  /** The purchase for a buyer (theirs only) or staff. */
  async function get(purchaseId: string, actor: Actor): Promise<PurchaseView> {
    return view(await load(purchaseId, actor));
  }

  /** Staff: every event with who, what, when. */
  async function timeline(purchaseId: string): Promise<TimelineEntry[]> {
    if (!/^[1-9]\d{0,11}$/.test(purchaseId)) throw funnelNotFound('purchase', purchaseId);
    return readTimeline(store, purchaseStream(purchaseId));
  }

  /** Staff: the purchase as it was right after the event at `revision` (0-based). */
  async function stateAfter(purchaseId: string, revision: number): Promise<PurchaseView> {
    const loaded = await load(purchaseId, { kind: 'system', name: 'staff-read' });
    if (!Number.isInteger(revision) || revision < 0 || revision >= loaded.recorded.length)
      throw new NotFoundError(`purchase ${purchaseId} has no event ${revision}`, {
        events: loaded.recorded.length,
      });
    const upTo = events(loaded).slice(0, revision + 1);
    let state = initialPurchaseState();
    for (const event of upTo) state = purchaseEvolver.evolve(state, event);
    return toPurchaseView(state, upTo);
  }

  return { run, start, loseHold, get, load, timeline, stateAfter, effects };
}

export type PurchaseCore = ReturnType<typeof purchaseCore>;

/** Reads an email for the account step (400 with the field message when malformed). */
export const readEmail = (input: { email?: unknown }): string => validate(emailSchema, input.email, 'email');

/** A field error named as the caller's input names it. */
export function renameField(error: unknown, from: string, to: string): unknown {
  if (!(error instanceof ValidationError)) return error;
  const fields = Object.fromEntries(
    Object.entries(error.details.fields).map(([key, value]) => [
      key.startsWith(from) ? to + key.slice(from.length) : key,
      value,
    ]),
  );
  return new ValidationError(error.message, fields);
}
