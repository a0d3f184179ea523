/**
 * One car, one hold, on the store of record: 50 buyers start buying the same car at the same moment
 * → exactly one holds it, the other 49 get "car not available". Then bookings and purchases racing for
 * one car. Runs on real PostgreSQL when DATABASE_URL is set (many connections, true concurrency), else on
 * the embedded PGlite (one session: the appends interleave, the expected revision still decides).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carStream } from '../../domain/catalogue/car.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import {
  as,
  buyer,
  type FunnelHarness,
  openFunnelHarness,
  streamTypes,
  visitor,
} from './testing/funnelHarness.ts';

describe('one car, one hold: racing buyers', () => {
  let h: FunnelHarness;
  beforeAll(async () => {
    h = await openFunnelHarness('default', 30);
    console.info(`car-hold race on ${h.db.embedded ? 'PGlite' : 'PostgreSQL'}`);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('given 50 buyers starting to buy the same car at the same moment, then exactly one holds it and 49 see car-not-available', async () => {
    const car = h.cars.FR[0]!;
    const views = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.funnels.purchases.start({ carId: car.carId, locale: 'fr' }, as(visitor(`racer-${i}`))),
      ),
    );
    const statuses = views.map((v) => v.status);
    expect(statuses.filter((s) => s === 'in-progress')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'car-not-available')).toHaveLength(49);
    expect(new Set(views.map((v) => v.purchaseId)).size).toBe(50);
    const carEvents = await streamTypes(h.store, carStream(car.carId));
    expect(carEvents.filter((t) => t === 'CarHeld')).toHaveLength(1);
    const winner = views.find((v) => v.status === 'in-progress')!;
    const [held] = (await h.store.readStream(carStream(car.carId))).filter((e) => e.type === 'CarHeld');
    expect(held?.data).toMatchObject({ holdId: `purchase-${winner.purchaseId}` });
    // Every loser recorded its outcome in its own stream.
    for (const view of views) {
      expect(await streamTypes(h.store, purchaseStream(view.purchaseId))).toEqual(['PurchaseStarted']);
    }
  });

  it('given bookings and purchases racing for one car, then exactly one funnel holds it', async () => {
    const car = h.cars.FR[1]!;
    const bookers = await Promise.all(Array.from({ length: 6 }, (_, i) => h.customer(`booker-${i}`)));
    const results = await Promise.all([
      ...bookers.map((customerId) =>
        h.funnels.bookings.start({ carId: car.carId, locale: 'fr' }, as(buyer(customerId))),
      ),
      ...Array.from({ length: 14 }, (_, i) =>
        h.funnels.purchases.start({ carId: car.carId, locale: 'fr' }, as(visitor(`mixed-${i}`))),
      ),
    ]);
    const holding = results.filter((r) =>
      'state' in r ? r.state === 'confirmed' : r.status === 'in-progress',
    );
    expect(holding).toHaveLength(1);
    const refused = results.filter((r) =>
      'state' in r ? r.state === 'ko' : r.status === 'car-not-available',
    );
    expect(refused).toHaveLength(19);
    const carEvents = await streamTypes(h.store, carStream(car.carId));
    expect(carEvents.filter((t) => t === 'CarHeld')).toHaveLength(1);
  });
});
