import { describe, expect, it } from 'vitest';
import { booking, carHeld } from '../../domain/carHold/testing/carEvents.ts';
import { carStream } from '../../domain/catalogue/car.ts';
import { feedCarId } from '../../domain/catalogue/feed/feedCarId.ts';
import { SAMPLE_CAR, SAMPLE_DEALERS, stockCarOf } from '../../domain/catalogue/feed/testing/feedSamples.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { EventStore } from '../eventStore.ts';
import { WrongExpectedVersionError } from '../eventStoreErrors.ts';
import { createInMemoryEventStore } from '../memory/createInMemoryEventStore.ts';
import { createImportStock } from './importStock.ts';
import { csvText, feedTable } from './testing/feedFiles.ts';

const at = new Date('2026-11-21T10:00:00Z');
const bytes = (text: string) => new TextEncoder().encode(text);
const emptyCatalogue = async () => ({ dealers: SAMPLE_DEALERS, cars: [] });

describe('importStock (in-memory store)', () => {
  it('given the derived id of a new car already used by another car, then the car is listed under the next candidate', async () => {
    const store = createInMemoryEventStore();
    const taken = feedCarId('11', SAMPLE_CAR.reference);
    const squatter = stockCarOf({ ...SAMPLE_CAR, reference: 'SOMEONE-ELSE' }, taken, 'FR');
    await store.appendToStream(carStream(taken), [
      {
        id: crypto.randomUUID(),
        type: 'CarListed',
        data: { car: squatter, source: { kind: 'staff' } } as never,
      },
    ]);
    // The read model has not seen the other car yet: only the append finds out.
    const report = await createImportStock({ store, currentStock: emptyCatalogue })({
      importId: 'i1',
      at,
      fileName: 'f.csv',
      content: bytes(csvText(feedTable([SAMPLE_CAR]))),
    });
    expect(report.counts.listed).toBe(1);
    const next = await store.readStream(carStream(feedCarId('11', SAMPLE_CAR.reference, 1)));
    expect(next[0]?.data).toMatchObject({ car: { reference: SAMPLE_CAR.reference } });
    expect(await store.readStream(carStream(taken))).toHaveLength(1);
  });

  it('given a car stream that conflicts on every attempt, then that car is reported and the rest is imported and recorded', async () => {
    const inner = createInMemoryEventStore();
    const busy = carStream(feedCarId('11', SAMPLE_CAR.reference));
    const store: EventStore = {
      ...inner,
      async appendToStream(stream, events, options) {
        if (stream === busy)
          throw new WrongExpectedVersionError(stream, options?.expectedRevision ?? 'any', 7n);
        return inner.appendToStream(stream, events, options);
      },
    };
    const other = { ...SAMPLE_CAR, reference: 'LYO-0002' };
    const report = await createImportStock({ store, currentStock: emptyCatalogue, maxAttempts: 3 })({
      importId: 'i2',
      at,
      fileName: 'f.csv',
      content: bytes(csvText(feedTable([SAMPLE_CAR, other]))),
    });
    expect(report.counts).toMatchObject({ listed: 1, rejected: 1 });
    expect(report.rejections).toEqual([
      {
        line: 2,
        field: 'row',
        message: expect.stringMatching(/kept changing during the import/),
        dealerId: '11',
        reference: 'LYO-0001',
      },
    ]);
    expect((await inner.readStream('stock-import-i2'))[0]?.type).toBe('StockImportCompleted');
  });

  it('given more rejected fields than are recorded, then the first ones are kept and the report says it is cut', async () => {
    const store = createInMemoryEventStore();
    const cars = Array.from({ length: 1001 }, (_, i) => ({ ...SAMPLE_CAR, reference: `R-${i}` }));
    const report = await createImportStock({ store, currentStock: emptyCatalogue })({
      importId: 'i3',
      at,
      fileName: 'f.csv',
      content: bytes(csvText(feedTable(cars, Object.fromEntries(cars.map((_, i) => [i, { price: 'x' }]))))),
    });
    expect(report.counts.rejected).toBe(1001);
    expect(report.rejections).toHaveLength(1000);
    expect(report.rejections.at(-1)?.line).toBe(1001);
    expect(report.rejectionsTruncated).toBe(true);
  });

  it('given a car held by a booking that the read model still shows available, when its feed leaves it out, then it is not withdrawn', async () => {
    const store = createInMemoryEventStore();
    const carId = feedCarId('11', SAMPLE_CAR.reference);
    const car = stockCarOf(SAMPLE_CAR, carId, 'FR');
    await store.appendToStream(carStream(carId), [
      { id: crypto.randomUUID(), type: 'CarListed', data: { car, source: { kind: 'seed' } } as never },
      { id: crypto.randomUUID(), ...carHeld('booking-7', booking('7'), { carId }) } as never,
    ]);
    // The read model has not seen the hold yet: the import decides the car again on its stream.
    const stale = async () => ({ dealers: SAMPLE_DEALERS, cars: [{ car, status: 'available' as const }] });
    const other = { ...SAMPLE_CAR, reference: 'LYO-0002' };
    const report = await createImportStock({ store, currentStock: stale })({
      importId: 'i4',
      at,
      fileName: 'f.csv',
      content: bytes(csvText(feedTable([other]))),
    });
    expect(report.counts).toMatchObject({ listed: 1, withdrawn: 0 });
    expect((await store.readStream(carStream(carId))).map((e) => e.type)).toEqual(['CarListed', 'CarHeld']);
  });

  it('given an import id with other characters, then a validation error and nothing read', async () => {
    const importStock = createImportStock({
      store: createInMemoryEventStore(),
      currentStock: emptyCatalogue,
    });
    await expect(
      importStock({ importId: 'a/b', at, fileName: 'f.csv', content: bytes('x') }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
