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

describe('races on one car', () => {
  it('given a free car, when 2 to 12 bookings and purchases hold it at once, then exactly one wins and every other is told it is held', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom('booking' as const, 'purchase' as const), { minLength: 2, maxLength: 12 }),
        async (s, funnels) => {
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
          const results = await Promise.all(outcomes);
          expect(results.filter((r) => r === 'decided')).toHaveLength(1);
          expect(results.filter((r) => r === 'held')).toHaveLength(funnels.length - 1);
          expect(car.events.filter((e) => e.type === 'CarHeld')).toHaveLength(1);
          auditHolds(car.events);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('given a purchase hold, when its payment, its expiry timer and maybe another buyer race, then the hold ends exactly once: sold, or expired and the payment refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.record({
          paidAt: fc.integer({ min: 0, max: 90 }), // minutes after the hold; it ends at 60
          timerAt: fc.integer({ min: 60, max: 90 }), // the timer fires at or after the end
          rival: fc.option(fc.integer({ min: 60, max: 90 }), { nil: undefined }),
        }),
        async (s, { paidAt, timerAt, rival }) => {
          const until = hoursAfter(1);
          const car = racingCarStream([carListed(), carHeld('purchase-1', purchase('1'), { until })], s);
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
          expect(endings).toHaveLength(1);
          if (endings[0]?.type === 'CarSold') {
            expect([sale, timer, other]).toEqual([
              'decided',
              'nothing',
              rival === undefined ? undefined : 'sold',
            ]);
          } else {
            expect(endings[0]).toMatchObject({ data: { reason: 'expired' } });
            expect(sale).toBe('hold_lost');
          }
          auditHolds(car.events);
        },
      ),
      { numRuns: 300 },
    );
  });
});
