/**
 * Funnel histories for the read-model and staff API tests: commands decided by the domain's own
 * deciders (with the purchase test kit's facts), each event timed and appended with the metadata the
 * command handler writes (actor, machine and version, correlation, causation, time).
 */
import { randomUUID } from 'node:crypto';
import { bookingTerms } from '../../../domain/booking/bookingPolicy.ts';
import {
  type BookingSnapshot,
  evolveBooking,
  initialBookingState,
} from '../../../domain/booking/bookingState.ts';
import type { BookingCommand } from '../../../domain/booking/commands.ts';
import { decideBooking } from '../../../domain/booking/decide.ts';
import { type BookingEvent, bookingStream } from '../../../domain/booking/events.ts';
import type { BookingFacts } from '../../../domain/booking/facts.ts';
import { BOOKING_MACHINE_ID, BOOKING_MACHINE_VERSION } from '../../../domain/booking/machine.ts';
import type { CarHoldCommand } from '../../../domain/carHold/commands.ts';
import { decideCarHold, evolveCarHold, initialCarHold } from '../../../domain/carHold/decide.ts';
import { carListed } from '../../../domain/carHold/testing/carEvents.ts';
import { carStream } from '../../../domain/catalogue/car.ts';
import type { CarStreamEvent } from '../../../domain/catalogue/events.ts';
import type { Actor } from '../../../domain/funnel/actor.ts';
import type { FunnelEventMetadata } from '../../../domain/funnel/funnelMetadata.ts';
import type { Locale } from '../../../domain/markets.ts';
import type { PurchaseCommand } from '../../../domain/purchase/commands.ts';
import { decidePurchase } from '../../../domain/purchase/decide.ts';
import { type PurchaseEvent, purchaseStream } from '../../../domain/purchase/events.ts';
import type { PurchaseFacts } from '../../../domain/purchase/facts.ts';
import { PURCHASE_MACHINE_ID, PURCHASE_MACHINE_VERSION } from '../../../domain/purchase/machine.ts';
import { purchaseHoldUntil } from '../../../domain/purchase/purchasePolicy.ts';
import {
  initialPurchaseState,
  type PurchaseSnapshot,
  replayPurchase,
} from '../../../domain/purchase/purchaseState.ts';
import { factsFor } from '../../../domain/purchase/testing/purchaseTestKit.ts';
import type { EventStore, JsonObject } from '../../../engine/eventStore.ts';

export interface Timed<Event> {
  readonly event: Event;
  readonly at: string;
  readonly actor: Actor;
}

export const minutesAfter = (start: string, minutes: number): string =>
  new Date(Date.parse(start) + minutes * 60_000).toISOString();

export type PurchaseStepOf = PurchaseCommand | readonly [PurchaseCommand, Partial<PurchaseFacts>];

/**
 * A purchase driven by `steps` through `decide`, one minute apart from `start` (a step's `at` fact
 * wins). The start gets `purchaseId`, its market and a hold ending by the market's policy.
 */
export function purchaseHistory(
  steps: readonly PurchaseStepOf[],
  options: { purchaseId: string; start: string; actor?: Actor },
): { events: Timed<PurchaseEvent>[]; state: PurchaseSnapshot } {
  let state = initialPurchaseState();
  const events: Timed<PurchaseEvent>[] = [];
  steps.forEach((step, i) => {
    const [command, extra] = Array.isArray(step)
      ? (step as readonly [PurchaseCommand, Partial<PurchaseFacts>])
      : [step as PurchaseCommand, {}];
    const at = extra.at ?? minutesAfter(options.start, i);
    const started =
      command.type === 'StartPurchase'
        ? {
            purchaseId: options.purchaseId,
            hold: { holdId: `purchase-${options.purchaseId}`, until: purchaseHoldUntil(command.locale, at) },
          }
        : {};
    const decided = decidePurchase(command, state, factsFor(command, state, at, { ...started, ...extra }));
    state = replayPurchase(decided, state);
    const actor: Actor = options.actor ?? {
      kind: 'buyer',
      customerId: state.context.customerId ?? 'visitor',
    };
    for (const event of decided) events.push({ event, at, actor });
  });
  return { events, state };
}

/** A command, its facts, its time (default: one minute after the previous step) and who sent it. */
export type BookingStepOf = readonly [BookingCommand, Omit<BookingFacts, 'at'>?, string?, Actor?];

/** A booking driven by `steps` through `decideBooking`, one minute apart from `start` (or at a step's own time). */
export function bookingHistory(
  steps: readonly BookingStepOf[],
  options: { start: string; actor?: Actor },
): { events: Timed<BookingEvent>[]; state: BookingSnapshot } {
  let state = initialBookingState();
  const events: Timed<BookingEvent>[] = [];
  steps.forEach(([command, facts = {}, own, by], i) => {
    const at = own ?? minutesAfter(options.start, i);
    const decided = decideBooking(command, state, { at, ...facts });
    for (const event of decided) state = evolveBooking(state, event);
    const actor: Actor = by ??
      options.actor ?? { kind: 'buyer', customerId: state.context.customerId ?? 'visitor' };
    for (const event of decided) events.push({ event, at, actor });
  });
  return { events, state };
}

/** The usual start of a booking: the form submitted for `carId` in `locale`. */
export const startBooking = (bookingId: string, locale: Locale, carId = '101'): BookingStepOf => [
  { type: 'StartBooking', carId, locale },
  { bookingId, terms: bookingTerms(locale) },
];

/** Appends a funnel's events (one append) with the command handler's metadata; the stream's last revision. */
export async function appendFunnel(
  store: EventStore,
  funnel: 'booking' | 'purchase',
  id: string,
  events: readonly Timed<BookingEvent | PurchaseEvent>[],
): Promise<bigint> {
  const machine =
    funnel === 'booking'
      ? { id: BOOKING_MACHINE_ID, version: BOOKING_MACHINE_VERSION }
      : { id: PURCHASE_MACHINE_ID, version: PURCHASE_MACHINE_VERSION };
  const stream = funnel === 'booking' ? bookingStream(id) : purchaseStream(id);
  const result = await store.appendToStream(
    stream,
    events.map(({ event, at, actor }) => {
      const metadata: FunnelEventMetadata = {
        actor,
        machine,
        correlationId: id,
        causationId: randomUUID(),
        at,
      };
      return {
        id: randomUUID(),
        type: event.type,
        data: event.data as unknown as JsonObject,
        metadata: metadata as unknown as JsonObject,
      };
    }),
  );
  return result.nextExpectedRevision;
}

/** A listed car's stream after hold commands decided by the car-hold decider (domain/carHold). */
export function carHistory(carId: string, commands: readonly CarHoldCommand[]): CarStreamEvent[] {
  const events: CarStreamEvent[] = [carListed(carId)];
  let state = evolveCarHold(initialCarHold, events[0]!);
  for (const command of commands) {
    for (const event of decideCarHold(command, state)) {
      state = evolveCarHold(state, event);
      events.push(event);
    }
  }
  return events;
}

export async function appendCar(store: EventStore, carId: string, events: readonly CarStreamEvent[]) {
  await store.appendToStream(
    carStream(carId),
    events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data as unknown as JsonObject,
    })),
  );
}
