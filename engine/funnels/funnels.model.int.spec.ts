/**
 * Model-based tests of the engine: fast-check drives the real funnel services (event store, car holds, customer
 * ledger, timers fired by hand with a clock moved by hand, the payment sandbox completed by hand and its
 * signed webhooks) over a small world: three cars, four buyers, purchases and bookings.
 *
 * - model-based (`fc.commands`): after every command, testing/funnelInvariants.ts checks on the store of
 *   record that replaying each funnel gives the live state, no car has two active holds, the booking
 *   limit holds, a declined finance never reaches payment without a cash choice, finished funnels take no
 *   events (a command on them is a 409 and writes nothing), and no money is kept without the car;
 * - races (`fc.scheduler` in front of the event store's reads and appends): bookings and purchases
 *   starting on one car at once (at most one holds it), and a hold's expiry racing its payment (exactly
 *   one outcome: sold and kept, or expired and refunded).
 *
 * Runs on real PostgreSQL when DATABASE_URL is set (true concurrency), else on the embedded PGlite.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditHolds } from '../../domain/carHold/testing/auditHolds.ts';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { carStream } from '../../domain/catalogue/car.ts';
import type { CarStreamEvent } from '../../domain/catalogue/events.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { BookingView } from './bookingView.ts';
import type { PurchaseView } from './purchaseView.ts';
import { FUNNEL_COMMANDS } from './testing/funnelCommands.ts';
import { as, buyer, type FunnelHarness, openFunnelHarness, staff, visitor } from './testing/funnelHarness.ts';
import { infosFor, openWorld } from './testing/funnelWorld.ts';
import { race as raceOn, type ScheduledStore, scheduledStore } from './testing/scheduledStore.ts';

// Each test takes 5–15 s on a quiet 2-core machine; a loaded one may take several times that.
const SLOW = 180_000;

describe('funnels driven by fast-check on the store of record', () => {
  let h: FunnelHarness;
  let racing: ScheduledStore;
  let worlds = 0;
  const used = new Set<string>();

  beforeAll(async () => {
    h = await openFunnelHarness('default', 20, {
      cars: 240,
      wrapStore: (store) => (racing = scheduledStore(store)),
    });
    console.info(`funnel model tests on ${h.db.embedded ? 'PGlite' : 'PostgreSQL'}`);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A car no test of this file has used yet (the world picks its own among the unsold ones). */
  const freshCar = (): CarFacts => {
    const car = [...h.cars.FR].reverse().find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const carEvents = async (carId: string) =>
    (await h.store.readStream(carStream(carId))).map(
      (e) => ({ type: e.type, data: e.data }) as CarStreamEvent,
    );

  it(
    'given random buyers, staff, lenders, checkouts and timers driving both funnels, then every invariant holds after every command',
    async () => {
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.commands(FUNNEL_COMMANDS, { size: 'max', maxCommands: 60 }), async (commands) => {
          const world = await openWorld(h, ++worlds);
          for (const { car } of world.cars) used.add(car.carId);
          await fc.asyncModelRun(() => ({ model: { purchases: 0, bookings: 0 }, real: world }), commands);
          for (const s of world.seen) seen.add(s);
        }),
        // A loaded machine runs fewer sequences rather than time out.
        { numRuns: 10, interruptAfterTimeLimit: 100_000 },
      );
      console.info(`model runs saw: ${[...seen].sort().join(', ')}`);
      expect([...seen]).toEqual(expect.arrayContaining(['purchase:in-progress', 'booking:confirmed']));
    },
    SLOW,
  );

  it(
    'given bookings and purchases starting on one car at once, in any order of their reads and appends, then exactly one holds it',
    async () => {
      const customers: string[] = [];
      for (let i = 0; i < 4; i++) customers.push(await h.customer(`racer-${i}`));
      const car = freshCar();
      let race = 0;
      const conflicts = racing.conflicts;
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.array(fc.record({ booking: fc.boolean(), who: fc.nat(3) }), { minLength: 2, maxLength: 5 }),
          fc.boolean(),
          async (s, racers, stale) => {
            race++;
            // Maybe a purchase whose hold ended but whose timer has not fired yet: the car may be claimed.
            const old = stale
              ? await h.funnels.purchases.start(
                  { carId: car.carId, locale: 'fr' },
                  as(visitor(`stale-${race}`)),
                )
              : undefined;
            if (stale) h.advance(121);
            const settled = await raceOn(racing, s, () =>
              racers.map(({ booking, who }, i) => {
                const me: Actor = { kind: 'buyer', customerId: customers[who]! };
                const key = as(me, `race-${race}-${i}`);
                return (
                  booking
                    ? h.funnels.bookings.start({ carId: car.carId, locale: 'fr' }, key)
                    : h.funnels.purchases.start({ carId: car.carId, locale: 'fr' }, key)
                ) as Promise<BookingView | PurchaseView>;
              }),
            );
            const views = settled.map((r) => {
              if (r.status === 'rejected') throw r.reason;
              return r.value;
            });
            const holds = (v: BookingView | PurchaseView) =>
              'state' in v ? v.state === 'confirmed' : v.status === 'in-progress';
            const winners = views.filter(holds);
            expect(winners, String(s)).toHaveLength(1);
            for (const v of views.filter((x) => !holds(x)))
              expect('state' in v ? ['ko', 'limit'] : ['car-not-available']).toContain(
                'state' in v ? v.state : v.status,
              );
            const audit = auditHolds(await carEvents(car.carId));
            const winner = winners[0]!;
            expect(audit.open).toBe(
              'state' in winner ? `booking-${winner.bookingId}` : `purchase-${winner.purchaseId}`,
            );
            // The stale purchase hears of its end from its timer; then the winner gives the car back.
            await h.timers.fireDue();
            if (old)
              expect((await h.funnels.purchases.get(old.purchaseId, staff)).status).toBe('car-not-available');
            if ('state' in winner)
              await h.funnels.bookings.cancel(winner.bookingId, { reason: 'other' }, as(staff));
            else await h.funnels.purchases.cancel(winner.purchaseId, { reason: 'test over' }, as(staff));
            expect(auditHolds(await carEvents(car.carId)).open).toBeUndefined();
          },
        ),
        { numRuns: 10 },
      );
      console.info(`racing starts: ${racing.conflicts - conflicts} appends refused for a stale revision`);
    },
    SLOW,
  );

  it(
    'given a purchase whose payment, hold-expiry timer and maybe another buyer race past the hold’s end, then exactly one outcome: sold and paid, or expired and refunded',
    async () => {
      const outcomes = new Set<string>();
      const me = buyer(await h.customer('payer'));
      let race = 0;
      const conflicts = racing.conflicts;
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.record({ lateBy: fc.constantFrom(0, 1, 20), rival: fc.boolean() }),
          async (s, { lateBy, rival }) => {
            race++;
            const car = freshCar();
            const p = h.funnels.purchases;
            const { purchaseId: id, hold } = await p.start({ carId: car.carId, locale: 'fr' }, as(me));
            await p.submitInfos(id, infosFor('FR', false, false), as(me));
            await p.chooseDelivery(id, { mode: 'pickup' }, as(me));
            await p.skipTradeIn(id, as(me));
            await p.chooseInsurance(id, { offerId: null }, as(me));
            await p.chooseExtras(id, { extraIds: [] }, as(me));
            await p.chooseFunding(id, { mode: 'cash' }, as(me));
            const asked = await p.requestAdvancePayment(id, as(me));
            const paymentId = asked.payments.at(-1)!.paymentId;
            h.advance((Date.parse(hold!.until) - h.now().getTime()) / 60_000 + lateBy);

            const settled = await raceOn(racing, s, (): Promise<unknown>[] => [
              h.timers.fireDue(),
              h.sandbox.complete(paymentId, 'succeeded'),
              ...(rival ? [p.start({ carId: car.carId, locale: 'fr' }, as(visitor(`rival-${race}`)))] : []),
            ]);
            for (const t of settled) if (t.status === 'rejected') throw t.reason;
            // What a running app does next: the timers retry a refused round, undelivered webhooks go again.
            for (let i = 0; i < 3; i++) {
              h.advance(10);
              await h.timers.fireDue();
              await h.deliverWebhooks();
            }

            const view = await p.get(id, me);
            const payment = (await h.sandbox.get(paymentId))!;
            const events = await carEvents(car.carId);
            const audit = auditHolds(events);
            const sold = events.some((e) => e.type === 'CarSold' && e.data.purchaseId === id);
            const expired = events.some(
              (e) =>
                e.type === 'CarHoldReleased' && e.data.holdId === hold!.holdId && e.data.reason === 'expired',
            );
            expect(payment.status).toBe('succeeded');
            if (view.status === 'confirmed') {
              expect({ sold, expired, refunded: payment.refunded.amount }, String(s)).toEqual({
                sold: true,
                expired: false,
                refunded: 0,
              });
            } else {
              expect(view.status, String(s)).toBe('car-not-available');
              expect({ sold, expired, refunded: payment.refunded.amount }, String(s)).toEqual({
                sold: false,
                expired: true,
                refunded: payment.amount.amount,
              });
            }
            if (sold) expect(audit.open).toBeUndefined();
            outcomes.add(view.status);
          },
        ),
        { numRuns: 10 },
      );
      console.info(
        `expiry vs payment outcomes: ${[...outcomes].join(', ')}; ${racing.conflicts - conflicts} appends refused for a stale revision`,
      );
    },
    SLOW,
  );
});
