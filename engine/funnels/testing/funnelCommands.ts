/**
 * The fast-check commands (`fc.commands`) of the funnels' model-based tests: buyers start purchases and
 * bookings and take their next step with a random answer, pay or fail at the sandbox checkout, cancel,
 * go back, retry a request with the same key, poke a funnel with a random command, and time passes with
 * or without the timers firing. Each command checks what it can tell from before (a start on a free car
 * holds it, a booking at the limit gets the limit page; a refused command writes nothing and is a typed
 * 4xx error, never a crash), then `checkWorld` checks the invariants on the store of record.
 *
 * The model is deliberately small (how many funnels exist, so a command may pick one); what each funnel
 * should do is read from the services' own views and the streams.
 */

import fc from 'fast-check';
import { expect } from 'vitest';
import { DomainError } from '../../../domain/errors.ts';
import type { FunnelKind } from '../../../domain/funnel/funnelKind.ts';
import type { BookingView } from '../bookingView.ts';
import type { PurchaseView } from '../purchaseView.ts';
import { checkWorld } from './funnelInvariants.ts';
import {
  attempt,
  bookingNext,
  carHoldable,
  expectedHoldState,
  payAtCheckout,
  pickBooking,
  pickPurchase,
  pickRunning,
  pokeBooking,
  pokePurchase,
  purchaseNext,
  streamOf,
  trackPurchase,
} from './funnelSteps.ts';
import {
  actorOf,
  callOf,
  FINAL_BOOKING,
  FINAL_PURCHASE,
  type FunnelModel,
  staffActor,
  type TrackedFunnel,
  type World,
} from './funnelWorld.ts';

type Act = (model: FunnelModel, world: World) => Promise<void>;

class FunnelCommand implements fc.AsyncCommand<FunnelModel, World> {
  constructor(
    readonly label: string,
    readonly needs: FunnelKind | null,
    readonly act: Act,
  ) {}
  check(model: Readonly<FunnelModel>): boolean {
    return this.needs === null || (this.needs === 'purchase' ? model.purchases : model.bookings) > 0;
  }
  async run(model: FunnelModel, world: World): Promise<void> {
    await this.act(model, world);
    await checkWorld(world);
  }
  toString(): string {
    return this.label;
  }
}

const length = async (world: World, stream: string) => (await world.h.store.readStream(stream)).length;

const startPurchase = fc
  .record({ buyer: fc.nat(3), car: fc.nat(2), fromBooking: fc.boolean() })
  .map(({ buyer, car: c, fromBooking }) => {
    const act: Act = async (model, world) => {
      const { car, locale } = world.cars[c]!;
      const booking = fromBooking
        ? world.bookings.filter((b) => b.buyer === buyer && b.carId === car.carId).at(-1)
        : undefined;
      const signedIn = world.buyers[buyer]!.visitorId === undefined || booking !== undefined;
      const call = callOf(world, actorOf(world, buyer, signedIn));
      const holdable = await carHoldable(world, car.carId);
      const input = { carId: car.carId, locale, fromBookingId: booking?.id ?? null };
      let view: PurchaseView;
      try {
        view = await world.h.funnels.purchases.start(input, call);
      } catch (error) {
        // Only a conversion may be refused: the booking cannot be bought now (ended, or paying).
        if (!(booking && error instanceof DomainError && error.code === 'illegal_state')) throw error;
        world.seen.add('conversion refused');
        return;
      }
      if (booking) {
        if (view.status === 'in-progress') world.seen.add('converted');
      } else
        expect(view.status, 'a start on a free car holds it, else car-not-available').toBe(
          holdable ? 'in-progress' : 'car-not-available',
        );
      trackPurchase(world, model, buyer, view, () => world.h.funnels.purchases.start(input, call));
    };
    return new FunnelCommand(
      `startPurchase(buyer ${buyer}, car ${c}${fromBooking ? ', from booking' : ''})`,
      null,
      act,
    );
  });

const startBooking = fc.record({ buyer: fc.nat(3), car: fc.nat(2) }).map(({ buyer, car: c }) => {
  const act: Act = async (model, world) => {
    const { car, locale } = world.cars[c]!;
    const b = world.buyers[buyer]!;
    const call = callOf(world, actorOf(world, buyer, b.visitorId === undefined));
    const expected = b.visitorId
      ? 'contactCheck'
      : await expectedHoldState(world, b.customerId, car.carId, locale);
    const view = await world.h.funnels.bookings.start({ carId: car.carId, locale }, call);
    expect(view.state, 'the booking a start must give').toBe(expected);
    const tracked: TrackedFunnel<BookingView> = {
      kind: 'booking',
      id: view.bookingId,
      buyer,
      carId: car.carId,
      reported: view,
    };
    if (view.version > 0)
      tracked.retry = () => world.h.funnels.bookings.start({ carId: car.carId, locale }, call);
    world.bookings.push(tracked);
    model.bookings = world.bookings.length;
  };
  return new FunnelCommand(`startBooking(buyer ${buyer}, car ${c})`, null, act);
});

const nextPurchaseStep = fc
  .record({ i: fc.nat(), choice: fc.nat(11) })
  .map(
    ({ i, choice }) =>
      new FunnelCommand(`purchaseNext(#${i}, choice ${choice})`, 'purchase', (_m, w) =>
        purchaseNext(w, pickRunning(w.purchases, i, FINAL_PURCHASE, 'status'), choice),
      ),
  );

const nextBookingStep = fc
  .record({ i: fc.nat(), choice: fc.nat(11) })
  .map(
    ({ i, choice }) =>
      new FunnelCommand(`bookingNext(#${i}, choice ${choice})`, 'booking', (m, w) =>
        bookingNext(w, m, pickRunning(w.bookings, i, FINAL_BOOKING, 'state'), choice),
      ),
  );

const pay = fc
  .record({
    kind: fc.constantFrom<FunnelKind>('purchase', 'booking'),
    i: fc.nat(),
    choice: fc.nat(3),
    succeed: fc.boolean(),
  })
  .map(
    ({ kind, i, choice, succeed }) =>
      new FunnelCommand(`pay(${kind} #${i}, ${succeed ? 'succeeds' : 'fails'})`, kind, (_m, w) =>
        payAtCheckout(w, kind === 'purchase' ? pickPurchase(w, i) : pickBooking(w, i), choice, succeed),
      ),
  );

const cancel = fc
  .record({ kind: fc.constantFrom<FunnelKind>('purchase', 'booking'), i: fc.nat(), staff: fc.boolean() })
  .map(
    ({ kind, i, staff }) =>
      new FunnelCommand(`cancel(${kind} #${i}${staff ? ', staff' : ''})`, kind, async (_m, w) => {
        const refused = (e: DomainError) => e.code === 'illegal_state';
        if (kind === 'purchase') {
          const p = pickPurchase(w, i);
          const call = callOf(w, staff ? staffActor : actorOf(w, p.buyer, p.reported.customerId !== null));
          await attempt(
            w,
            p,
            () => w.h.funnels.purchases.cancel(p.id, { reason: 'changed my mind' }, call),
            refused,
          );
        } else {
          const b = pickBooking(w, i);
          const call = callOf(w, staff ? staffActor : actorOf(w, b.buyer, true));
          const input = staff ? { reason: 'customer_request' as const } : {};
          await attempt(w, b, () => w.h.funnels.bookings.cancel(b.id, input, call), refused);
        }
      }),
  );

// Mostly minutes; sometimes past a purchase's hold (2 h), a free or paid booking (48 h, 72 h), a study (7 d).
const minutes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(1, 5, 10, 31) },
  { weight: 1, arbitrary: fc.constantFrom(125, 49 * 60, 73 * 60, 7 * 24 * 60 + 60) },
);
const time = fc.record({ minutes, fire: fc.boolean() }).map(
  ({ minutes, fire }) =>
    new FunnelCommand(`advance(${minutes} min${fire ? ', timers fire' : ''})`, null, async (_m, w) => {
      w.h.advance(minutes);
      if (fire) await w.h.timers.fireDue();
    }),
);

const timers = fc.constant(
  new FunnelCommand('timers fire', null, async (_m, w) => {
    if ((await w.h.timers.fireDue()) > 0) w.seen.add('timer fired');
  }),
);

const retry = fc.record({ kind: fc.constantFrom<FunnelKind>('purchase', 'booking'), i: fc.nat() }).map(
  ({ kind, i }) =>
    new FunnelCommand(`retry(${kind} #${i})`, kind, async (_m, w) => {
      const f: TrackedFunnel<unknown> = kind === 'purchase' ? pickPurchase(w, i) : pickBooking(w, i);
      if (!f.retry) return;
      const before = await length(w, streamOf(f));
      await f.retry(); // answered as the first time: never refused
      expect(await length(w, streamOf(f)), 'a retried request wrote again').toBe(before);
      w.seen.add('retried');
    }),
);

const poke = fc
  .record({ kind: fc.constantFrom<FunnelKind>('purchase', 'booking'), i: fc.nat(), which: fc.nat(20) })
  .map(
    ({ kind, i, which }) =>
      new FunnelCommand(`poke(${kind} #${i}, command ${which})`, kind, (_m, w) =>
        kind === 'purchase'
          ? pokePurchase(w, pickPurchase(w, i), which)
          : pokeBooking(w, pickBooking(w, i), which),
      ),
  );

const times = <T>(n: number, arbitrary: T): T[] => Array.from({ length: n }, () => arbitrary);

/** Every command, the steps forward more often than the rest (fc.commands picks uniformly). */
export const FUNNEL_COMMANDS = [
  ...times(2, startPurchase),
  startBooking,
  ...times(10, nextPurchaseStep),
  ...times(3, nextBookingStep),
  ...times(2, pay),
  cancel,
  ...times(2, time),
  timers,
  retry,
  ...times(2, poke),
];
