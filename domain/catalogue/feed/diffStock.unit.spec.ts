import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogueSource } from '../events.ts';
import { type CurrentStock, diffStock } from './diffStock.ts';
import { feedCarId } from './feedCarId.ts';
import { type FeedCar, type ParsedFeedRow, parseFeedRow } from './parseFeedRow.ts';
import { evolveStockCar, type StockCar } from './stockCar.ts';
import { feedCarArbitrary, recordOf, SAMPLE_CAR, SAMPLE_DEALERS, stockCarOf } from './testing/feedSamples.ts';

const source: CatalogueSource = { kind: 'import', importId: 'imp-1' };
const ok = (car: FeedCar, line = 2): ParsedFeedRow => ({ ok: true, line, car });
const stock = (cars: StockCar[] = []): CurrentStock => ({ dealers: SAMPLE_DEALERS, cars });
const listed = (car: FeedCar, status: StockCar['status'] = 'available'): StockCar => ({
  car: stockCarOf(car, feedCarId(car.dealerId, car.reference), car.dealerId === '31' ? 'PL' : 'FR'),
  status,
});
const other: FeedCar = { ...SAMPLE_CAR, reference: 'LYO-0002', model: 'captur', price: 2_100_000 };
const types = (diff: ReturnType<typeof diffStock>) =>
  diff.changes.map((c) => [c.carId, c.events.map((e) => e.type)]);

describe('diffStock', () => {
  it('given an empty catalogue, when a feed comes, then each car is listed with its derived id and its dealer’s country and currency', () => {
    const polish = { ...SAMPLE_CAR, dealerId: '31', reference: 'WAW-1' };
    const diff = diffStock(stock(), [ok(SAMPLE_CAR, 2), ok(polish, 3)], { source });
    expect(diff.changes.map((c) => c.events[0])).toEqual([
      {
        type: 'CarListed',
        data: { car: listed(SAMPLE_CAR).car, source },
      },
      {
        type: 'CarListed',
        data: {
          car: expect.objectContaining({ country: 'PL', price: { amount: 1_499_000, currency: 'PLN' } }),
          source,
        },
      },
    ]);
    expect(diff.changes[0]!.carId).toMatch(/^[1-9]\d{11}$/);
    expect(diff.dealers).toEqual(['11', '31']);
    expect(diff.counts).toEqual({
      rows: 2,
      listed: 2,
      updated: 0,
      repriced: 0,
      withdrawn: 0,
      unchanged: 0,
      rejected: 0,
    });
  });

  it('given a listed car, when the feed has a new price, then CarPriceChanged from the previous price', () => {
    const diff = diffStock(stock([listed(SAMPLE_CAR)]), [ok({ ...SAMPLE_CAR, price: 1_390_000 })], {
      source,
    });
    expect(diff.changes[0]!.events).toEqual([
      {
        type: 'CarPriceChanged',
        data: {
          carId: listed(SAMPLE_CAR).car.carId,
          previous: { amount: 1_499_000, currency: 'EUR' },
          price: { amount: 1_390_000, currency: 'EUR' },
          source,
        },
      },
    ]);
    expect(diff.counts.repriced).toBe(1);
  });

  it('given a listed car, when details and price change, then CarDetailsUpdated at the old price, then CarPriceChanged', () => {
    const wanted = { ...SAMPLE_CAR, mileageKm: 33_000, price: 1_450_000 };
    const diff = diffStock(stock([listed(SAMPLE_CAR)]), [ok(wanted)], { source });
    const [updated, repriced] = diff.changes[0]!.events;
    expect(updated).toMatchObject({
      type: 'CarDetailsUpdated',
      data: { car: { mileageKm: 33_000, price: { amount: 1_499_000 } } },
    });
    expect(repriced).toMatchObject({ type: 'CarPriceChanged', data: { price: { amount: 1_450_000 } } });
    expect(diff.counts).toMatchObject({ updated: 1, repriced: 1, unchanged: 0 });
  });

  it('given the same stock, then nothing changes (equipment order does not matter)', () => {
    const current = listed({ ...SAMPLE_CAR, equipment: [...SAMPLE_CAR.equipment].reverse() });
    const diff = diffStock(stock([current]), [ok(SAMPLE_CAR)], { source });
    expect(diff.changes).toEqual([]);
    expect(diff.counts.unchanged).toBe(1);
  });

  it('given a car of a feed dealer left out of the feed, then it is withdrawn; other dealers’ cars are untouched', () => {
    const elsewhere = { ...SAMPLE_CAR, dealerId: '12', reference: 'PAR-1' };
    const diff = diffStock(stock([listed(SAMPLE_CAR), listed(other), listed(elsewhere)]), [ok(SAMPLE_CAR)], {
      source,
    });
    expect(types(diff)).toEqual([[listed(other).car.carId, ['CarWithdrawn']]]);
    expect(diff.changes[0]!.events[0]).toMatchObject({ data: { reason: 'not_in_feed', source } });
  });

  it('given a withdrawn car back in the feed, then it is listed again; a sold one is left as sold', () => {
    const sold = { ...SAMPLE_CAR, reference: 'LYO-0003' };
    const diff = diffStock(
      stock([listed(SAMPLE_CAR, 'withdrawn'), listed(sold, 'sold')]),
      [ok(SAMPLE_CAR), ok(sold, 3)],
      {
        source,
      },
    );
    expect(types(diff)).toEqual([[listed(SAMPLE_CAR).car.carId, ['CarListed']]]);
    expect(diff.counts).toMatchObject({ listed: 1, unchanged: 1 });
  });

  it('given lines for an unknown and a closed dealer, then they are rejected with their line numbers and the rest goes ahead', () => {
    const diff = diffStock(
      stock(),
      [ok(SAMPLE_CAR, 2), ok({ ...SAMPLE_CAR, dealerId: '99' }, 3), ok({ ...SAMPLE_CAR, dealerId: '40' }, 4)],
      { source },
    );
    expect(diff.rejected).toEqual([
      { line: 3, field: 'dealer_id', message: 'unknown dealer 99' },
      { line: 4, field: 'dealer_id', message: 'dealer 40 is closed' },
    ]);
    expect(diff.counts).toMatchObject({ rows: 3, listed: 1, rejected: 2 });
    expect(diff.dealers).toEqual(['11']);
  });

  it('given the same dealer and reference twice, then the later line is rejected and the first one counts', () => {
    const diff = diffStock(stock(), [ok({ ...SAMPLE_CAR, price: 100 }, 5), ok(SAMPLE_CAR, 2)], { source });
    expect(diff.rejected).toEqual([
      { line: 5, field: 'reference', message: 'LYO-0001 of dealer 11 is already on line 2' },
    ]);
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]!.wanted?.price.amount).toBe(1_499_000);
  });

  it('given a malformed line of a listed car, then that car is kept as it is (not withdrawn)', () => {
    const bad = parseFeedRow(recordOf(3, other, { price: 'abc' }));
    const diff = diffStock(stock([listed(SAMPLE_CAR), listed(other)]), [ok(SAMPLE_CAR), bad], { source });
    expect(diff.changes).toEqual([]);
    expect(diff.rejected).toEqual([{ line: 3, field: 'price', message: 'must be a number' }]);
  });

  it('given a line of a dealer whose reference cannot be read, then nothing of that dealer is withdrawn', () => {
    const bad = parseFeedRow(recordOf(3, other, { reference: '' }));
    const diff = diffStock(stock([listed(SAMPLE_CAR), listed(other)]), [bad], { source });
    expect(diff.changes).toEqual([]);
    expect(diff.counts.rejected).toBe(1);
  });

  it('given a new car whose derived id another car has, then the next candidate id', () => {
    const squatter = {
      ...listed(other),
      car: { ...listed(other).car, carId: feedCarId('11', SAMPLE_CAR.reference) },
    };
    const diff = diffStock(stock([squatter]), [ok(SAMPLE_CAR), ok(other, 3)], { source });
    expect(diff.changes.map((c) => c.carId)).toEqual([feedCarId('11', SAMPLE_CAR.reference, 1)]);
    const taken = diffStock(stock(), [ok(SAMPLE_CAR)], {
      source,
      isTaken: (id) => id === feedCarId('11', 'LYO-0001'),
    });
    expect(taken.changes[0]!.carId).toBe(feedCarId('11', 'LYO-0001', 1));
  });

  describe('properties', () => {
    const dealerIds = ['11', '12', '31'];
    const uniqueFeed = fc
      .uniqueArray(feedCarArbitrary(dealerIds), {
        selector: (c) => `${c.dealerId}/${c.reference}`,
        maxLength: 12,
      })
      .map((cars) => cars.map((car, i) => ok(car, i + 2)));
    const currentStock = fc
      .tuple(
        uniqueFeed,
        fc.array(fc.constantFrom<StockCar['status']>('available', 'withdrawn', 'sold', 'reserved')),
      )
      .map(([rows, statuses]) =>
        stock(rows.map((row, i) => listed((row as { car: FeedCar }).car, statuses[i] ?? 'available'))),
      );

    const apply = (current: CurrentStock, diff: ReturnType<typeof diffStock>): CurrentStock => {
      const cars = new Map(current.cars.map((s) => [s.car.carId, s] as const));
      for (const change of diff.changes) {
        let state = cars.get(change.carId);
        for (const event of change.events) state = evolveStockCar(state, event);
        if (state) cars.set(change.carId, state);
      }
      return { dealers: current.dealers, cars: [...cars.values()] };
    };

    it('given any stock and feed, when the diff is applied, then the feed dealers’ cars on sale are the feed (sold ones stay sold) and others are untouched', () => {
      fc.assert(
        fc.property(currentStock, uniqueFeed, fc.constantFrom(...dealerIds), (current, rows, untouched) => {
          const feed = rows.filter((r) => r.ok && r.car.dealerId !== untouched);
          const after = apply(current, diffStock(current, feed, { source }));
          const covered = new Set(feed.map((r) => (r as { car: FeedCar }).car.dealerId));
          const soldBefore = new Set(current.cars.filter((s) => s.status === 'sold').map((s) => s.car.carId));
          for (const s of after.cars) {
            const before = current.cars.find((c) => c.car.carId === s.car.carId);
            if (!covered.has(s.car.dealerId)) {
              expect(s).toEqual(before);
              continue;
            }
            const line = feed.find(
              (r) => r.ok && r.car.reference === s.car.reference && r.car.dealerId === s.car.dealerId,
            );
            if (soldBefore.has(s.car.carId)) expect(s).toEqual(before);
            else if (line?.ok) {
              expect(s.status === 'available' || s.status === 'reserved').toBe(true);
              expect({ ...s.car, equipment: [...s.car.equipment].sort() }).toEqual({
                ...stockCarOf(line.car, s.car.carId, s.car.country),
                equipment: [...line.car.equipment].sort(),
              });
            } else expect(s.status === 'withdrawn' || s.status === 'reserved').toBe(true);
          }
        }),
      );
    });

    it('given any stock and feed, when the diff is applied, then the same feed again changes nothing', () => {
      fc.assert(
        fc.property(currentStock, uniqueFeed, (current, feed) => {
          const after = apply(current, diffStock(current, feed, { source }));
          expect(diffStock(after, feed, { source }).changes).toEqual([]);
        }),
      );
    });
  });
});
