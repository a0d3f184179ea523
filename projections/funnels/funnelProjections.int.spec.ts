/**
 * The funnels' read models on a real database (DATABASE_URL, or the embedded PGlite): histories decided
 * by the domain's deciders are appended, the runner (small batches, so streams are folded across
 * batches) projects them, and a rebuild from zero gives the same rows.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { createProjectionRunner, type ProjectionRunner } from '../createProjectionRunner.ts';
import { rebuildProjection } from '../rebuildProjection.ts';
import { FUNNEL_PROJECTIONS, type FunnelReadModels, funnelReadModels } from './funnelReadModels.ts';
import { purchaseQueries } from './purchaseQueries.ts';
import { appendCar, appendFunnel } from './testing/funnelHistories.ts';
import { CUSTOMERS, DAY1, DAY2, MIDNIGHT, scenario } from './testing/funnelScenario.ts';

const ORDER: Record<string, string> = {
  bookings: 'booking_id',
  purchases: 'purchase_id',
  car_holds: 'hold_id',
  funnel_statistics: 'funnel, day, locale, step',
  funnel_statistics_streams: 'stream_name',
};

describe('funnel read models', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let reads: FunnelReadModels;
  const s = scenario();
  const table = (name: string): Knex.QueryBuilder =>
    db.knex
      .withSchema(db.schema)
      .from(name)
      .orderByRaw(ORDER[name] ?? '1');
  const settle = async () => {
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    reads = funnelReadModels({ knex: db.knex, schema: db.schema });
    // Purchases before the start (catch-up), bookings and cars while running (live).
    for (const [id, h] of Object.entries(s.purchases)) await appendFunnel(store, 'purchase', id, h.events);
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: FUNNEL_PROJECTIONS,
      batchSize: 3,
    });
    await runner.start();
    for (const [id, h] of Object.entries(s.bookings)) await appendFunnel(store, 'booking', id, h.events);
    for (const [id, events] of Object.entries(s.cars)) await appendCar(store, id, events);
    await settle();
  });
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await db?.close();
  });

  it('given the purchases, then one row each with its step, status, finance decision and amounts', async () => {
    const rows = await table('purchases').select(
      'purchase_id',
      'locale',
      'customer_id',
      'step',
      'status',
      'funding',
      'finance_decision',
      'events',
      'created_at',
      'updated_at',
    );
    expect(rows).toEqual([
      {
        purchase_id: '1001',
        locale: 'fr',
        customer_id: CUSTOMERS.anna,
        step: null,
        status: 'confirmed',
        funding: 'cash',
        finance_decision: null,
        events: 10,
        created_at: new Date(DAY1),
        updated_at: new Date('2026-12-01T09:08:00.000Z'),
      },
      {
        purchase_id: '1002',
        locale: 'fr',
        customer_id: CUSTOMERS.ben,
        step: 'funding',
        status: 'in-progress',
        funding: null,
        finance_decision: 'declined',
        events: 9,
        created_at: new Date('2026-12-01T23:00:00.000Z'),
        updated_at: new Date(MIDNIGHT),
      },
      {
        purchase_id: '1003',
        locale: 'de',
        customer_id: CUSTOMERS.carla,
        step: null,
        status: 'car-not-available',
        funding: null,
        finance_decision: null,
        events: 1,
        created_at: new Date(DAY2),
        updated_at: new Date(DAY2),
      },
      {
        purchase_id: '1004',
        locale: 'pl',
        customer_id: CUSTOMERS.carla,
        step: 'my-infos',
        status: 'in-progress',
        funding: null,
        finance_decision: null,
        events: 4,
        created_at: new Date(DAY2),
        updated_at: new Date('2026-12-02T15:03:00.000Z'),
      },
    ]);
    const confirmed = await reads.purchases.byId('1001');
    expect(confirmed?.amounts).toEqual({
      currency: 'EUR',
      carPrice: 20_000_00,
      delivery: 0,
      tradeIn: 0,
      extras: 0,
      totalPrice: 20_000_00,
      total: 20_000_00,
      advancePayment: 500_00,
      advancePaid: 500_00,
      financed: 0,
      balanceAtDelivery: 19_500_00,
      insuranceMonthly: 0,
    });
    expect((await reads.purchases.byId('1004'))?.amounts.currency).toBe('PLN');
  });

  it('given the bookings, then one row each with its status, screen, outcome, deposit and hold', async () => {
    const rows = await table('bookings').select(
      'booking_id',
      'locale',
      'customer_id',
      'status',
      'screen',
      'active',
      'outcome',
      'deposit_paid',
      'cancelled_by',
      'hold_until',
    );
    expect(rows).toEqual([
      {
        booking_id: '501',
        locale: 'fr',
        customer_id: CUSTOMERS.anna,
        status: 'confirmed',
        screen: 'car_book_ok',
        active: true,
        outcome: null,
        deposit_paid: false,
        cancelled_by: null,
        hold_until: new Date('2026-12-03T09:02:00.000Z'),
      },
      {
        booking_id: '502',
        locale: 'pl',
        customer_id: CUSTOMERS.ben,
        status: 'confirmed',
        screen: 'car_book_ok',
        active: true,
        outcome: null,
        deposit_paid: true,
        cancelled_by: null,
        // The 30-minute window from 09:12, then 72 hours: the hold once the deposit is paid.
        hold_until: new Date('2026-12-04T09:42:00.000Z'),
      },
      {
        booking_id: '503',
        locale: 'fr',
        customer_id: CUSTOMERS.carla,
        status: 'cancelled',
        screen: 'car_book_ko',
        active: false,
        outcome: 'cancelled',
        deposit_paid: false,
        cancelled_by: 'staff',
        hold_until: new Date('2026-12-04T15:02:00.000Z'),
      },
      {
        booking_id: '504',
        locale: 'fr',
        customer_id: CUSTOMERS.anna,
        status: 'limit',
        screen: 'car_booking_limit',
        active: false,
        outcome: 'limit',
        deposit_paid: false,
        cancelled_by: null,
        hold_until: null,
      },
    ]);
    expect((await reads.bookings.byId('502'))?.deposit).toEqual({ amount: 1_000_00, currency: 'PLN' });
  });

  it('given the cars’ hold events, then every hold with its holder, customer, end and how it ended', async () => {
    const holds = await table('car_holds').select(
      'hold_id',
      'car_id',
      'holder_funnel',
      'holder_id',
      'customer_id',
      'status',
      'end_reason',
      'transferred_to',
      'purchase_id',
      'held_until',
    );
    expect(holds).toEqual([
      {
        hold_id: 'booking-501',
        car_id: '101',
        holder_funnel: 'booking',
        holder_id: '501',
        customer_id: CUSTOMERS.anna,
        status: 'transferred',
        end_reason: 'transferred',
        transferred_to: 'purchase-1001',
        purchase_id: null,
        held_until: new Date('2026-12-03T09:00:00.000Z'),
      },
      {
        hold_id: 'booking-502',
        car_id: '103',
        holder_funnel: 'booking',
        holder_id: '502',
        customer_id: CUSTOMERS.ben,
        status: 'active',
        end_reason: null,
        transferred_to: null,
        purchase_id: null,
        held_until: new Date('2026-12-04T09:40:00.000Z'),
      },
      {
        hold_id: 'purchase-1001',
        car_id: '101',
        holder_funnel: 'purchase',
        holder_id: '1001',
        customer_id: CUSTOMERS.anna,
        status: 'sold',
        end_reason: 'sold',
        transferred_to: null,
        purchase_id: '1001',
        held_until: new Date('2026-12-01T12:00:00.000Z'),
      },
      {
        hold_id: 'purchase-1002',
        car_id: '102',
        holder_funnel: 'purchase',
        holder_id: '1002',
        customer_id: null,
        status: 'released',
        end_reason: 'expired',
        transferred_to: null,
        purchase_id: null,
        held_until: new Date('2026-12-01T11:00:00.000Z'),
      },
    ]);
  });

  it('given the purchases, then entries and exits per step and day; over all days entries − exits is who is on the step now', async () => {
    const day1 = await reads.statistics.statistics({
      funnel: 'purchase',
      market: 'fr',
      from: '2026-12-01',
      to: '2026-12-01',
    });
    const counts = Object.fromEntries(day1.steps.map((c) => [c.step, [c.entries, c.exits]]));
    // 1001 went all the way; 1002 reached funding late on day 1.
    expect(counts).toMatchObject({
      'my-account': [0, 0],
      'my-infos': [2, 2],
      delivery: [2, 2],
      'additional-optional': [2, 2],
      funding: [2, 1],
      'advance-payment': [1, 1],
      confirmed: [1, 0],
      'car-not-available': [0, 0],
    });
    expect(day1.steps.map((c) => c.step).slice(0, 3)).toEqual(['my-account', 'sign-in-sign-up', 'sign-in']);

    const all = await reads.statistics.statistics({
      funnel: 'purchase',
      from: '2026-01-01',
      to: '2026-12-31',
    });
    const onStep = await db.knex
      .withSchema(db.schema)
      .from('purchases')
      .whereNotNull('step')
      .select('step')
      .count({ n: '*' })
      .groupBy('step');
    const now = Object.fromEntries(onStep.map((r) => [r.step, Number(r.n)]));
    for (const c of all.steps.filter(
      (c) => !['confirmed', 'car-not-available', 'cancelled'].includes(c.step),
    )) {
      expect(c.entries - c.exits, c.step).toBe(now[c.step] ?? 0);
    }
    expect(all.days.filter((d) => d.day === '2026-12-02').map((d) => [d.step, d.entries, d.exits])).toEqual([
      ['my-account', 1, 1],
      ['sign-in-sign-up', 1, 1],
      ['sign-in', 1, 1],
      ['my-infos', 1, 0],
      ['car-not-available', 1, 0],
    ]);
  });

  it('given the bookings, then the booking funnel counts each state entered and left, by market', async () => {
    const fr = await reads.statistics.statistics({
      funnel: 'booking',
      market: 'fr',
      from: '2026-12-01',
      to: '2026-12-02',
    });
    const counts = Object.fromEntries(fr.steps.map((c) => [c.step, [c.entries, c.exits]]));
    expect(counts).toMatchObject({
      'contact-check': [3, 3],
      holding: [3, 3],
      confirmed: [2, 1],
      cancelled: [1, 0],
      limit: [1, 0],
      'awaiting-deposit': [0, 0],
    });
    const pl = await reads.statistics.statistics({
      funnel: 'booking',
      market: 'pl',
      from: '2026-12-01',
      to: '2026-12-02',
    });
    expect(pl.steps.filter((c) => c.entries > 0).map((c) => c.step)).toEqual([
      'contact-check',
      'holding',
      'awaiting-deposit',
      'paying',
      'confirmed',
    ]);
  });

  it('given a filter, then the page and the whole list agree: same rows, same order, newest first', async () => {
    const first = await reads.purchases.page({}, 1, 3);
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 4, pages: 2 });
    expect(first.items.map((p) => p.purchaseId)).toEqual(['1004', '1003', '1002']);
    const second = await reads.purchases.page({}, 2, 3);
    expect(second.items.map((p) => p.purchaseId)).toEqual(['1001']);
    const everything: string[][] = [];
    for await (const chunk of reads.purchases.all({})) everything.push(chunk.map((p) => p.purchaseId));
    expect(everything).toEqual([['1004', '1003', '1002', '1001']]);
    // Read in chunks of 1 (keyset over equal creation times too): the same list, a row per chunk.
    const chunked = purchaseQueries({ knex: db.knex, schema: db.schema, chunkSize: 1 });
    const byOne: string[][] = [];
    for await (const chunk of chunked.all({})) byOne.push(chunk.map((p) => p.purchaseId));
    expect(byOne).toEqual([['1004'], ['1003'], ['1002'], ['1001']]);
    // Nothing matching: no chunk at all.
    const none: unknown[] = [];
    for await (const chunk of reads.purchases.all({ carId: 'no-such-car' })) none.push(chunk);
    expect(none).toEqual([]);

    const ids = async (filter: Parameters<FunnelReadModels['bookings']['page']>[0]) =>
      (await reads.bookings.page(filter, 1)).items.map((b) => b.bookingId);
    expect(await ids({ market: 'fr' })).toEqual(['504', '503', '501']);
    expect(await ids({ status: 'confirmed' })).toEqual(['502', '501']);
    expect(await ids({ from: '2026-12-02', to: '2026-12-02' })).toEqual(['504', '503']);
    expect(await ids({ to: '2026-12-01' })).toEqual(['502', '501']);
    expect(await ids({ customerId: CUSTOMERS.anna, market: 'fr' })).toEqual(['504', '501']);
    expect((await reads.purchases.page({ step: 'funding' }, 1)).items.map((p) => p.purchaseId)).toEqual([
      '1002',
    ]);
  });

  it('given the read models, then a rebuild of each projection from zero gives the same rows', async () => {
    const tables = Object.keys(ORDER);
    const before = await Promise.all(tables.map((name) => table(name).select('*')));
    await runner.stop();
    for (const projection of FUNNEL_PROJECTIONS) {
      const result = await rebuildProjection({
        knex: db.knex,
        store,
        schema: db.schema,
        projection,
        batchSize: 1000,
      });
      expect(result.switched).toBe(true);
    }
    const after = await Promise.all(tables.map((name) => table(name).select('*')));
    expect(after).toEqual(before);
    expect(before.every((rows) => rows.length > 0)).toBe(true);
  });
});
