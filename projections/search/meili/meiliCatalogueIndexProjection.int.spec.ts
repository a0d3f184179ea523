/**
 * The feeding projection under the real runner on a real database, writing through the real
 * `meilisearch` client to the in-memory stand-in (`testing/fakeMeilisearch.ts`): what reaches the
 * index, what an outage does (retried, never a poison event), a wiped index, and a rejected request.
 */
import { randomUUID } from 'node:crypto';
import { MeilisearchRequestError } from 'meilisearch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carStream, type Money } from '../../../domain/catalogue/car.ts';
import { dealerStream } from '../../../domain/catalogue/dealer.ts';
import { seedCatalogue } from '../../../engine/catalogue/seedCatalogue.ts';
import type { EventStore, JsonObject } from '../../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../../engine/testing/testDatabase.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../createProjectionRunner.ts';
import type { Projection } from '../../defineProjection.ts';
import { projectionStatus } from '../../projectionStatus.ts';
import { FIXTURE_CARS as C, FIXTURE_DEALERS } from '../contract/searchFixture.ts';
import { createMeiliCatalogueIndex, type MeiliCatalogueIndex } from './createMeiliCatalogueIndex.ts';
import { createMeiliCatalogueIndexProjection } from './meiliCatalogueIndexProjection.ts';
import { createFakeMeilisearch, FAKE_MEILI_HOST } from './testing/fakeMeilisearch.ts';

describe('Meilisearch feeding projection', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let projection: Projection;
  let fake: ReturnType<typeof createFakeMeilisearch>;
  let failAfterWrite = 0;

  const docs = () => fake.indexes.get('cars')?.docs ?? new Map<string, Record<string, unknown>>();
  const append = (stream: string, type: string, data: JsonObject) =>
    store.appendToStream(stream, [{ id: randomUUID(), type, data }]);
  const changePrice = (carId: string, previous: Money, amount: number) =>
    append(carStream(carId), 'CarPriceChanged', {
      carId,
      previous,
      price: { amount, currency: 'EUR' },
      source: { kind: 'staff' },
    });
  const status = async () =>
    (await projectionStatus({ knex: db.knex, store, schema: db.schema, projections: [projection] }))[0]!;
  // Polls for up to 30 s: on a busy machine the runner's retry can take several seconds to show.
  const until = async (condition: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(await condition())) await new Promise((r) => setTimeout(r, 25));
  };

  beforeEach(async () => {
    fake = createFakeMeilisearch();
    vi.stubGlobal('fetch', fake.fetch);
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
    // The real index writer, which can be told to lose the answer after Meilisearch applied a write.
    const inner = createMeiliCatalogueIndex({ host: FAKE_MEILI_HOST, indexUid: 'cars', taskTimeoutMs: 2000 });
    failAfterWrite = 0;
    const index: MeiliCatalogueIndex = {
      indexUid: inner.indexUid,
      prepare: () => inner.prepare(),
      async write(changes) {
        await inner.write(changes);
        if (failAfterWrite > 0) {
          failAfterWrite -= 1;
          throw new MeilisearchRequestError(FAKE_MEILI_HOST, new Error('connection reset'));
        }
      },
    };
    projection = createMeiliCatalogueIndexProjection({ index });
    runner = createProjectionRunner({ knex: db.knex, store, schema: db.schema, projections: [projection] });
    await runner.start();
    await seedCatalogue(store, { dealers: FIXTURE_DEALERS, cars: Object.values(C) });
    await runner.caughtUp();
  });
  afterEach(async () => {
    await runner.stop();
    await store.close();
    await db.close();
    vi.unstubAllGlobals();
  });

  it('given the catalogue events, then the index holds every car for sale as a whole document, sold and withdrawn cars deleted', async () => {
    expect(docs().size).toBe(Object.keys(C).length);
    await append(carStream(C.withdrawn.carId), 'CarWithdrawn', {
      carId: C.withdrawn.carId,
      reason: 'staff',
      source: { kind: 'staff' },
    });
    await append(carStream(C.sold.carId), 'CarSold', { carId: C.sold.carId, price: C.sold.price });
    await changePrice(C.megane.carId, C.megane.price, 2_590_000);
    await runner.caughtUp();
    expect(docs().has(C.withdrawn.carId)).toBe(false);
    expect(docs().has(C.sold.carId)).toBe(false);
    expect(docs().size).toBe(Object.keys(C).length - 2);
    expect(docs().get(C.megane.carId)).toMatchObject({
      priceAmount: 2_590_000,
      priceBucket: 25_000,
      city: 'Lyon',
    });
    expect(docs().get(C.berlinX3.carId)).toMatchObject({ country: 'DE', city: 'Berlin', dealerId: '21' });
    expect(fake.indexes.get('cars')!.primaryKey).toBe('carId');
  });

  it('given a car held by a booking, then it leaves the index while held and comes back when the hold is released', async () => {
    const holder = { funnel: 'booking', id: '7' };
    const hold = { carId: C.x3.carId, holdId: 'booking-7', holder, at: '2026-12-01T10:00:00.000Z' };
    await append(carStream(C.x3.carId), 'CarHeld', { ...hold, until: '2026-12-03T10:00:00.000Z' });
    await runner.caughtUp();
    expect(docs().has(C.x3.carId)).toBe(false);
    await append(carStream(C.x3.carId), 'CarHoldReleased', { ...hold, reason: 'expired' });
    await runner.caughtUp();
    expect(docs().get(C.x3.carId)).toMatchObject({ carId: C.x3.carId, priceAmount: C.x3.price.amount });
  });

  it("given a dealer's city changes or a dealer opens after its cars, then their documents carry the city", async () => {
    const lyon = FIXTURE_DEALERS[0]!;
    await append(dealerStream(lyon.dealerId), 'DealerUpdated', {
      dealer: { ...lyon, address: { ...lyon.address, city: 'Villeurbanne' } },
    } as unknown as JsonObject);
    const late = { ...C.x3, carId: '9001', dealerId: '77' };
    await append(carStream(late.carId), 'CarListed', {
      car: late,
      source: { kind: 'staff' },
    } as unknown as JsonObject);
    await runner.caughtUp();
    const lyonCars = Object.values(C).filter((c) => c.dealerId === '11');
    for (const car of lyonCars) expect(docs().get(car.carId)).toMatchObject({ city: 'Villeurbanne' });
    expect(docs().get('9001')).toMatchObject({ city: '' });

    await append(dealerStream('77'), 'DealerOpened', {
      dealer: { ...lyon, dealerId: '77', address: { ...lyon.address, city: 'Grenoble' } },
    } as unknown as JsonObject);
    await runner.caughtUp();
    expect(docs().get('9001')).toMatchObject({ city: 'Grenoble' });
  });

  it('given Meilisearch unreachable, then the batch is retried (not a poison event) and the index converges when it is back', async () => {
    fake.down = true;
    await changePrice(C.x3.carId, C.x3.price, 3_500_000);
    await until(async () => (await status()).error !== null);
    const during = await status();
    expect(during.status).toBe('live');
    expect(during.error).toMatch(/MeiliUnavailableError: meilisearch unavailable/);
    expect(during.lag).toBe(1);
    expect(docs().get(C.x3.carId)).toMatchObject({ priceAmount: 3_990_000 });

    fake.down = false;
    await runner.caughtUp();
    expect(docs().get(C.x3.carId)).toMatchObject({ priceAmount: 3_500_000 });
    expect(await status()).toMatchObject({ status: 'live', lag: 0, error: null });
  });

  it('given a batch Meilisearch applied but whose commit was lost, then it is delivered again and the index converges', async () => {
    const additions = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/documents')).length;
    const before = additions();
    failAfterWrite = 1;
    await changePrice(C.x3.carId, C.x3.price, 3_400_000);
    await runner.caughtUp();
    expect(failAfterWrite).toBe(0);
    expect(additions() - before).toBe(2); // the same batch, written twice
    expect(docs().get(C.x3.carId)).toMatchObject({ priceAmount: 3_400_000, priceBucket: 30_000 });
    expect(docs().size).toBe(Object.keys(C).length);
    expect(await status()).toMatchObject({ status: 'live', lag: 0, error: null });
  });

  it('given the index wiped (a new server), then the next batch sends every car for sale again', async () => {
    fake.indexes.delete('cars');
    await changePrice(C.x3.carId, C.x3.price, 3_500_000);
    await runner.caughtUp();
    expect(docs().size).toBe(Object.keys(C).length);
    expect(docs().get(C.x3.carId)).toMatchObject({ priceAmount: 3_500_000 });
    expect(docs().get(C.clioPetrol.carId)).toMatchObject({ city: 'Lyon' });
  });

  it('given a request Meilisearch rejects, then the projection stops with the error instead of retrying forever', async () => {
    fake.rejectDocumentTasks = 1;
    await changePrice(C.x3.carId, C.x3.price, 3_500_000);
    await expect(runner.caughtUp()).rejects.toThrow(/invalid_document_fields/);
    expect(await status()).toMatchObject({ status: 'failed', lag: 1 });
    expect(docs().get(C.x3.carId)).toMatchObject({ priceAmount: 3_990_000 });
  });
});
