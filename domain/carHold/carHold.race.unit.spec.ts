/**
 * Races on one car (fast-check `fc.scheduler` interleaves every read and append of concurrent
 * handlers): bookings and purchases holding the same car at the same moment, and a hold's expiry timer
 * racing its payment. The append's expected revision is what makes exactly one of them win.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CarHoldCommand } from './commands.ts';
import { auditHolds } from './testing/auditHolds.ts';
import { CAR_ID, carHeld, carListed, hoursAfter, purchase } from './testing/carEvents.ts';
import { racingCarStream } from './testing/racingCarStream.ts';

/** 2 to 12 bookings and purchases, each holding a free car for an hour at the same moment. */
const holders = fc.array(fc.constantFrom('booking' as const, 'purchase' as const), {
  minLength: 2,
  maxLength: 12,
});

async function holdAtOnce(s: fc.Scheduler, funnels: readonly ('booking' | 'purchase')[]) {
  const car = racingCarStream([carListed()], s);
  const outcomes = funnels.map((funnel, i) =>
    car.handle({
      type: 'HoldCar',
      carId: CAR_ID,
      holdId: `${funnel}-${i}`,
      holder: { funnel, id: String(i) },
      customerId: `cus-${i}`,
      until: hoursAfter(1),
      at: hoursAfter(0),
    }),
  );
  await s.waitFor(Promise.all(outcomes));
  return { results: await Promise.all(outcomes), events: car.events };
}

/** Minutes after the hold (it ends at 60): the payment, its timer (at or after the end), a rival buyer. */
const timings = fc.record({
  paidAt: fc.integer({ min: 0, max: 90 }),
  timerAt: fc.integer({ min: 60, max: 90 }),
  rival: fc.option(fc.integer({ min: 60, max: 90 }), { nil: undefined }),
});
type Timings = typeof timings extends fc.Arbitrary<infer T> ? T : never;

/** Purchase 1 holds the car for an hour; its payment, its expiry timer and maybe a rival race. */
async function payAgainstExpiry(s: fc.Scheduler, { paidAt, timerAt, rival }: Timings) {
  const car = racingCarStream(
    [carListed(), carHeld('purchase-1', purchase('1'), { until: hoursAfter(1) })],
    s,
  );
  const minutes = (m: number) => hoursAfter(m / 60);
  const commands: CarHoldCommand[] = [
    {
      type: 'SellCar',
      carId: CAR_ID,
      holdId: 'purchase-1',
      purchaseId: '1',
      price: { amount: 1_000_000, currency: 'EUR' },
      at: minutes(paidAt),
    },
    { type: 'ExpireHold', carId: CAR_ID, holdId: 'purchase-1', at: minutes(timerAt) },
  ];
  if (rival !== undefined)
    commands.push({
      type: 'HoldCar',
      carId: CAR_ID,
      holdId: 'booking-2',
      holder: { funnel: 'booking', id: '2' },
      until: hoursAfter(3),
      at: minutes(rival),
    });
  const outcomes = commands.map((c) => car.handle(c));
  await s.waitFor(Promise.all(outcomes));
  const [sale, timer, other] = await Promise.all(outcomes);
  const endings = car.events.filter(
    (e) =>
      (e.type === 'CarSold' || e.type === 'CarHoldReleased') &&
      'holdId' in e.data &&
      e.data.holdId === 'purchase-1',
  );
  return { sale, timer, other, endings, events: car.events };
}

describe('races on one car', () => {
  describe('given a free car', () => {
    it('when 2 to 12 bookings and purchases hold it at once, then exactly one wins', async () => {
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), holders, async (s, funnels) => {
          const { results, events } = await holdAtOnce(s, funnels);
          expect(results.filter((r) => r === 'decided')).toHaveLength(1);
          expect(events.filter((e) => e.type === 'CarHeld')).toHaveLength(1);
          auditHolds(events);
        }),
        { numRuns: 200 },
      );
    });

    it('when 2 to 12 bookings and purchases hold it at once, then every other is told it is held', async () => {
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), holders, async (s, funnels) => {
          const { results } = await holdAtOnce(s, funnels);
          expect(results.filter((r) => r === 'held')).toHaveLength(funnels.length - 1);
        }),
        { numRuns: 200 },
      );
    });
  });

  describe('given a purchase hold for an hour', () => {
    it('when its payment, its expiry timer and maybe a rival race, then the hold ends exactly once', async () => {
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), timings, async (s, t) => {
          const { endings, events } = await payAgainstExpiry(s, t);
          expect(endings).toHaveLength(1);
          auditHolds(events);
        }),
        { numRuns: 300 },
      );
    });

    it('when they race and the sale is appended first, then the timer decides nothing, a rival: sold', async () => {
      let sold = 0;
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), timings, async (s, t) => {
          const { sale, timer, other, endings } = await payAgainstExpiry(s, t);
          if (endings[0]?.type !== 'CarSold') return;
          sold++;
          expect([sale, timer, other]).toEqual([
            'decided',
            'nothing',
            t.rival === undefined ? undefined : 'sold',
          ]);
        }),
        { numRuns: 300 },
      );
      expect(sold).toBeGreaterThan(0);
    });

    it('when they race and the expiry is appended first, then the payment is told the hold is lost', async () => {
      let expired = 0;
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), timings, async (s, t) => {
          const { sale, endings } = await payAgainstExpiry(s, t);
          if (endings[0]?.type === 'CarSold') return;
          expired++;
          expect(endings[0]).toMatchObject({ data: { reason: 'expired' } });
          expect(sale).toBe('hold_lost');
        }),
        { numRuns: 300 },
      );
      expect(expired).toBeGreaterThan(0);
    });
  });
});
