import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carStream } from '../../domain/catalogue/car.ts';
import { feedCarId } from '../../domain/catalogue/feed/feedCarId.ts';
import type { FeedCar } from '../../domain/catalogue/feed/parseFeedRow.ts';
import { SAMPLE_CAR } from '../../domain/catalogue/feed/testing/feedSamples.ts';
import { searchQuerySchema } from '../../domain/catalogue/search.ts';
import { ValidationError } from '../../domain/errors.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createPostgresAppendBatch } from '../../engine/catalogue/createPostgresAppendBatch.ts';
import {
  type AppendBatch,
  createImportStock,
  type ImportStock,
  type ImportStockOptions,
} from '../../engine/catalogue/importStock.ts';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import { csvText, feedTable, xlsxBytes } from '../../engine/catalogue/testing/feedFiles.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { createProjectionRunner, type ProjectionRunner } from '../createProjectionRunner.ts';
import { FIXTURE_DEALERS } from '../search/contract/searchFixture.ts';
import { createPostgresCatalogueSearch } from '../search/postgres/createPostgresCatalogueSearch.ts';
import { catalogueProjection } from './catalogueProjection.ts';
import { createCurrentStockReader } from './currentStockReader.ts';
import { stockImportQueries } from './stockImportQueries.ts';
import { stockImportsProjection } from './stockImportsProjection.ts';

const A: FeedCar = SAMPLE_CAR; // dealer 11 (Lyon)
const B: FeedCar = { ...SAMPLE_CAR, reference: 'LYO-0002', model: 'captur', body: 'suv', price: 2_150_000 };
const C: FeedCar = {
  ...SAMPLE_CAR,
  dealerId: '12',
  reference: 'PAR-0001',
  brand: 'bmw',
  model: 'x3',
  price: 3_990_000,
};
const at = new Date('2026-11-21T10:00:00Z');
const bytes = (text: string) => new TextEncoder().encode(text);
const idOf = (car: FeedCar) => feedCarId(car.dealerId, car.reference);

/** Lines 2–4 good; line 5 a bad price, line 6 an unknown dealer, line 7 repeats A. */
const firstFeed = feedTable(
  [A, B, C, { ...A, reference: 'LYO-0009' }, { ...A, dealerId: '99' }, { ...A, price: 1 }],
  {
    3: { price: 'abc' },
  },
);

type Mode = 'per car' | 'in batches';

async function openImportDatabase(mode: Mode = 'per car') {
  const db = await openTestDatabase();
  const store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
  const runner = createProjectionRunner({
    knex: db.knex,
    store,
    schema: db.schema,
    projections: [catalogueProjection, stockImportsProjection],
  });
  await runner.start();
  await seedCatalogue(store, { dealers: FIXTURE_DEALERS, cars: [] });
  const settle = async () => {
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
  };
  await settle();
  const currentStock = createCurrentStockReader({ knex: db.knex, schema: db.schema });
  // Chunks of two cars: the first import spans several batches.
  const appendBatch =
    mode === 'in batches' ? createPostgresAppendBatch({ knex: db.knex, schema: db.schema }) : undefined;
  const importOptions = { store, currentStock, batchSize: 2, ...(appendBatch ? { appendBatch } : {}) };
  return { db, store, runner, settle, importOptions, importStock: createImportStock(importOptions) };
}

describe.each<Mode>(['per car', 'in batches'])('stock import on a real database, appending %s', (mode) => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let settle: () => Promise<void>;
  let importStock: ImportStock;
  let importOptions: ImportStockOptions;
  let run: (importId: string, fileName: string, content: Uint8Array) => ReturnType<ImportStock>;
  const carRows = async () =>
    (
      await db.knex.raw(
        `SELECT car_id::text, reference, status, price_amount::int AS price, mileage_km, country FROM "${db.schema}".catalogue_cars ORDER BY reference`,
      )
    ).rows;
  const newEventsSince = async (head: Awaited<ReturnType<EventStore['headPosition']>>) => {
    await allEventsVisible(db.knex, db.schema);
    return (await store.readAll({ fromPosition: head })).map((e) => e.type);
  };

  beforeAll(async () => {
    ({ db, store, runner, settle, importStock, importOptions } = await openImportDatabase(mode));
    run = async (importId, fileName, content) => {
      const report = await importStock({ importId, at, fileName, content });
      await settle();
      return report;
    };
  });
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await db?.close();
  });

  it('given a feed with good and bad lines, when imported, then the good cars are listed and each bad line is reported with its number', async () => {
    const report = await run('imp-1', 'stock.csv', bytes(csvText(firstFeed)));
    expect(report.counts).toEqual({
      rows: 6,
      listed: 3,
      updated: 0,
      repriced: 0,
      withdrawn: 0,
      unchanged: 0,
      rejected: 3,
    });
    expect(report.rejections).toEqual([
      { line: 5, field: 'price', message: 'must be a number', dealerId: '11', reference: 'LYO-0009' },
      { line: 6, field: 'dealer_id', message: 'unknown dealer 99', dealerId: '99', reference: 'LYO-0001' },
      {
        line: 7,
        field: 'reference',
        message: 'LYO-0001 of dealer 11 is already on line 2',
        dealerId: '11',
        reference: 'LYO-0001',
      },
    ]);
    expect(report.dealers).toEqual(['11', '12']);
    expect(await carRows()).toEqual([
      {
        car_id: idOf(A),
        reference: 'LYO-0001',
        status: 'available',
        price: 1_499_000,
        mileage_km: 32_000,
        country: 'FR',
      },
      {
        car_id: idOf(B),
        reference: 'LYO-0002',
        status: 'available',
        price: 2_150_000,
        mileage_km: 32_000,
        country: 'FR',
      },
      {
        car_id: idOf(C),
        reference: 'PAR-0001',
        status: 'available',
        price: 3_990_000,
        mileage_km: 32_000,
        country: 'FR',
      },
    ]);
    const [listed] = await store.readStream(carStream(idOf(A)));
    expect(listed).toMatchObject({
      type: 'CarListed',
      data: { source: { kind: 'import', importId: 'imp-1' } },
    });
  });

  it('given the same file again, then no car event is written: only the import is logged, all cars unchanged', async () => {
    await allEventsVisible(db.knex, db.schema);
    const head = await store.headPosition();
    const report = await run('imp-2', 'stock.csv', bytes(csvText(firstFeed)));
    expect(report.counts).toMatchObject({
      listed: 0,
      updated: 0,
      repriced: 0,
      withdrawn: 0,
      unchanged: 3,
      rejected: 3,
    });
    expect(await newEventsSince(head)).toEqual(['StockImportCompleted']);
  });

  it('given an import id already recorded, when run again, then its report is answered and nothing at all is written', async () => {
    await allEventsVisible(db.knex, db.schema);
    const head = await store.headPosition();
    const again = await run('imp-1', 'other.csv', bytes(csvText(feedTable([C]))));
    expect(again.fileName).toBe('stock.csv');
    expect(again.counts.listed).toBe(3);
    expect(await newEventsSince(head)).toEqual([]);
  });

  it('given the same stock as XLSX (numbers in number cells), then nothing changes and the same lines are rejected', async () => {
    const report = await run('imp-3', 'stock.xlsx', await xlsxBytes(firstFeed));
    expect(report.format).toBe('xlsx');
    expect(report.counts).toMatchObject({ listed: 0, unchanged: 3, rejected: 3 });
    expect(report.rejections.map((r) => r.line)).toEqual([5, 6, 7]);
  });

  it('given a new price for one car and another car left out, then CarPriceChanged and CarWithdrawn; the other dealer is untouched', async () => {
    const report = await run('imp-4', 'lyon.csv', bytes(csvText(feedTable([{ ...A, price: 1_390_000 }]))));
    expect(report.counts).toMatchObject({ rows: 1, repriced: 1, withdrawn: 1, listed: 0, rejected: 0 });
    const a = await store.readStream(carStream(idOf(A)));
    expect(a.at(-1)).toMatchObject({
      type: 'CarPriceChanged',
      data: { previous: { amount: 1_499_000 }, price: { amount: 1_390_000 }, source: { importId: 'imp-4' } },
    });
    expect((await store.readStream(carStream(idOf(B)))).at(-1)).toMatchObject({
      type: 'CarWithdrawn',
      data: { reason: 'not_in_feed' },
    });
    expect((await carRows()).map((r: { status: string; price: number }) => [r.status, r.price])).toEqual([
      ['available', 1_390_000],
      ['withdrawn', 2_150_000],
      ['available', 3_990_000],
    ]);
  });

  it('given a staff change landing between the read model and the append, then the car is read again and decided on its stream', async () => {
    // A staff member reprices the car after the import decided and before it appends (in batch mode:
    // before the chunk's batch).
    let raced = false;
    const staffReprices = async () => {
      raced = true;
      const stream = carStream(idOf(A));
      const head = (await store.readStream(stream)).at(-1)!.revision;
      const data = {
        carId: idOf(A),
        previous: { amount: 1_390_000, currency: 'EUR' },
        price: { amount: 1_000_000, currency: 'EUR' },
        source: { kind: 'staff' },
      };
      await store.appendToStream(stream, [{ id: crypto.randomUUID(), type: 'CarPriceChanged', data }], {
        expectedRevision: head,
      });
    };
    const batch = importOptions.appendBatch;
    const racing = createImportStock({
      ...importOptions,
      store: {
        ...store,
        async appendToStream(stream, events, options) {
          if (!raced && stream === carStream(idOf(A))) await staffReprices();
          return store.appendToStream(stream, events, options);
        },
      },
      ...(batch
        ? {
            appendBatch: (async (appends) => {
              if (!raced) await staffReprices();
              return batch(appends);
            }) satisfies AppendBatch,
          }
        : {}),
    });
    const report = await racing({
      importId: 'imp-5',
      at,
      fileName: 'lyon.csv',
      content: bytes(csvText(feedTable([{ ...A, price: 1_350_000 }]))),
    });
    await settle();
    expect(raced).toBe(true);
    expect(report.counts).toMatchObject({ repriced: 1, rejected: 0 });
    const prices = (await store.readStream(carStream(idOf(A))))
      .filter((e) => e.type === 'CarPriceChanged')
      .map((e) => [
        (e.data as { previous: { amount: number } }).previous.amount,
        (e.data as { price: { amount: number } }).price.amount,
      ]);
    expect(prices.slice(-2)).toEqual([
      [1_390_000, 1_000_000],
      [1_000_000, 1_350_000],
    ]);
  });

  it('given a sold car that the read model still shows on sale, then the feed does not touch it', async () => {
    await store.appendToStream(carStream(idOf(C)), [
      {
        id: crypto.randomUUID(),
        type: 'CarSold',
        data: { carId: idOf(C), price: { amount: 3_990_000, currency: 'EUR' } },
      },
    ]);
    const stale = createImportStock({
      ...importOptions,
      currentStock: async () => ({ dealers: [{ dealerId: '12', country: 'FR', open: true }], cars: [] }),
    });
    const report = await stale({
      importId: 'imp-6',
      at,
      fileName: 'paris.csv',
      content: bytes(csvText(feedTable([{ ...C, price: 100_000 }]))),
    });
    expect(report.counts).toMatchObject({ listed: 0, repriced: 0, unchanged: 1 });
    expect((await store.readStream(carStream(idOf(C)))).at(-1)?.type).toBe('CarSold');
  });

  it('given the imports of a month, then the log lists them newest first and one import has its rejected lines', async () => {
    await settle();
    const queries = stockImportQueries({ knex: db.knex, schema: db.schema });
    const month = await queries.listImports('2026-11');
    expect(month.map((i) => i.importId).sort()).toEqual([
      'imp-1',
      'imp-2',
      'imp-3',
      'imp-4',
      'imp-5',
      'imp-6',
    ]);
    expect(month.find((i) => i.importId === 'imp-1')).toMatchObject({
      fileName: 'stock.csv',
      format: 'csv',
      dealers: ['11', '12'],
    });
    expect(await queries.listImports('2026-10')).toEqual([]);
    expect((await queries.getImport('imp-1'))?.rejections).toHaveLength(3);
    expect(await queries.getImport('nope')).toBeUndefined();
  });

  it.each([
    ['an empty file', 'empty.csv', new Uint8Array(), /file: is empty/],
    [
      'a header without the price column',
      'bad.csv',
      bytes('dealer_id,reference\n11,X\n'),
      /missing column\(s\): condition/,
    ],
    ['bytes that are no workbook', 'stock.xlsx', bytes('hello'), /not an XLSX workbook/],
    ['an unknown extension', 'stock.pdf', bytes('x'), /name it .csv or .xlsx/],
  ])(
    'given %s, then the file is refused as a whole and nothing is written',
    async (_label, fileName, content, message) => {
      await allEventsVisible(db.knex, db.schema);
      await allEventsVisible(db.knex, db.schema);
      const head = await store.headPosition();
      const attempt = importStock({ importId: 'imp-bad', at, fileName, content });
      await expect(attempt).rejects.toBeInstanceOf(ValidationError);
      await expect(importStock({ importId: 'imp-bad', at, fileName, content })).rejects.toThrow(message);
      expect(await newEventsSince(head)).toEqual([]);
    },
  );
});

describe('CSV and XLSX', () => {
  it('given the same feed as CSV (semicolons) in one catalogue and XLSX in another, then both catalogues end up the same', async () => {
    const feed = feedTable([A, B, C], { 1: { mileage_km: '12.5' } });
    const results = [];
    for (const [fileName, content] of [
      ['stock.csv', bytes(csvText(feed, ';'))],
      ['stock.xlsx', await xlsxBytes(feed)],
    ] as const) {
      const { db, store, runner, settle, importStock } = await openImportDatabase();
      try {
        const report = await importStock({ importId: 'same', at, fileName, content });
        await settle();
        const { rows } = await db.knex.raw(
          `SELECT car_id::text, reference, condition, country, dealer_id::text, brand, model, version, year, first_registration,
             mileage_km, fuel, gearbox, body, colour, power_kw, doors, seats, co2, equipment, price_amount::int, currency
           FROM "${db.schema}".catalogue_cars ORDER BY car_id`,
        );
        results.push({ counts: report.counts, rejections: report.rejections, rows });
      } finally {
        await runner.stop();
        await store.close();
        await db.close();
      }
    }
    expect(results[0]!.rows).toHaveLength(2);
    expect(results[0]!.rejections).toEqual([
      {
        line: 3,
        field: 'mileage_km',
        message: 'must be a whole number',
        dealerId: '11',
        reference: 'LYO-0002',
      },
    ]);
    expect(results[1]).toEqual(results[0]);
  });
});

describe('holds in the catalogue read model and the stock import', () => {
  it('given a listed car held by a booking, then it is reserved (out of the lists); the feed leaving it out does not withdraw it; released, it is available, and the next import withdraws it', async () => {
    const { db, store, runner, settle, importStock } = await openImportDatabase();
    const row = async () =>
      (
        await db.knex.raw(
          `SELECT status, hold_id, held_until FROM "${db.schema}".catalogue_cars WHERE car_id = ?`,
          [idOf(B)],
        )
      ).rows[0];
    const append = async (type: string, data: Record<string, unknown>) => {
      const stream = carStream(idOf(B));
      const head = (await store.readStream(stream)).at(-1)!.revision;
      await store.appendToStream(stream, [{ id: crypto.randomUUID(), type, data: data as never }], {
        expectedRevision: head,
      });
      await settle();
    };
    try {
      await importStock({
        importId: 'h-1',
        at,
        fileName: 'lyon.csv',
        content: bytes(csvText(feedTable([A, B]))),
      });
      await settle();
      const holder = { funnel: 'booking', id: '7' };
      const until = '2026-11-23T10:00:00.000Z';
      await append('CarHeld', { carId: idOf(B), holdId: 'booking-7', holder, until, at: at.toISOString() });
      expect(await row()).toEqual({ status: 'reserved', hold_id: 'booking-7', held_until: new Date(until) });
      const search = createPostgresCatalogueSearch({ knex: db.knex, schema: db.schema });
      const listed = async () =>
        (await search.search(searchQuerySchema.parse({ country: 'FR', dealerId: '11' }))).cars.map(
          (c) => c.carId,
        );
      expect(await listed()).toEqual([idOf(A)]);

      const report = await importStock({
        importId: 'h-2',
        at,
        fileName: 'lyon.csv',
        content: bytes(csvText(feedTable([A]))),
      });
      await settle();
      expect(report.counts).toMatchObject({ withdrawn: 0 });
      expect((await row()).status).toBe('reserved');

      // A release of some other (older) hold changes nothing; the active hold's release frees the car.
      await append('CarHoldReleased', {
        carId: idOf(B),
        holdId: 'booking-1',
        holder,
        reason: 'expired',
        at: until,
      });
      expect((await row()).status).toBe('reserved');
      await append('CarHoldReleased', {
        carId: idOf(B),
        holdId: 'booking-7',
        holder,
        reason: 'cancelled',
        at: until,
      });
      expect(await row()).toEqual({ status: 'available', hold_id: null, held_until: null });
      expect((await listed()).sort()).toEqual([idOf(A), idOf(B)].sort());

      const after = await importStock({
        importId: 'h-3',
        at,
        fileName: 'lyon.csv',
        content: bytes(csvText(feedTable([A]))),
      });
      await settle();
      expect(after.counts).toMatchObject({ withdrawn: 1 });
      expect((await row()).status).toBe('withdrawn');
    } finally {
      await runner.stop();
      await store.close();
      await db.close();
    }
  });
});
