/**
 * `import.100k`: the stock import of a CSV feed of N demo cars (goal: 100,000 in ≤ 60 s on real
 * PostgreSQL). Writes the demo dealers (seed 42) as events, projects them (the import checks dealers
 * against the catalogue), writes the feed of N demo cars for those dealers to a temporary file, then
 * times the import itself: reading and checking the file, reading the current stock, the diff, the
 * appends (in batches, one transaction per chunk) and the import's record. The catalogue projection
 * is stopped while timing; its catch-up afterwards is reported on stderr as context.
 *
 * Give it a schema without cars of the demo dealers (a fresh one): a feed is the full stock of its
 * dealers, so in a schema already seeded with the demo cars it would measure a no-op (and with other
 * references, withdraw them all). It refuses a schema that has cars.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { CarFacts } from '../domain/catalogue/car.ts';
import { DEMO_AS_OF, generateDemoCatalogue } from '../domain/catalogue/demo/generateDemoCatalogue.ts';
import type { FeedCar } from '../domain/catalogue/feed/parseFeedRow.ts';
import { allEventsVisible } from '../engine/catalogue/allEventsVisible.ts';
import { createPostgresAppendBatch } from '../engine/catalogue/createPostgresAppendBatch.ts';
import { createImportStock } from '../engine/catalogue/importStock.ts';
import { seedCatalogue } from '../engine/catalogue/seedCatalogue.ts';
import { csvText, feedTable } from '../engine/catalogue/testing/feedFiles.ts';
import type { EventStore } from '../engine/eventStore.ts';
import { catalogueProjection } from '../projections/catalogue/catalogueProjection.ts';
import { createCurrentStockReader } from '../projections/catalogue/currentStockReader.ts';
import { stockImportsProjection } from '../projections/catalogue/stockImportsProjection.ts';
import { createProjectionRunner } from '../projections/createProjectionRunner.ts';

export interface BenchImportOptions {
  readonly knex: Knex;
  /** A Postgres event store on `schema`. */
  readonly store: EventStore;
  readonly cars: number;
  /** Schema of the event store and read models (default `public`). */
  readonly schema?: string;
  /** Chunks appended at the same time (default 2) and cars per chunk (default 500). */
  readonly concurrency?: number;
  readonly batchSize?: number;
  /**
   * Then (context, on stderr) import the feed again with every 10th price changed and every 100th car
   * left out: the path that reads the catalogue and the cars' streams. Default false.
   */
  readonly reimport?: boolean;
  readonly log?: (message: string) => void;
}

export async function benchImport(options: BenchImportOptions): Promise<{ seconds: number; rows: number }> {
  const { knex, store, cars } = options;
  const schema = options.schema ?? 'public';
  const log = options.log ?? ((message: string) => console.error(`# ${message}`));
  if ((await store.readAll({ filter: { eventTypePrefixes: ['CarListed'] }, maxCount: 1 })).length > 0) {
    throw new Error(`benchImport: schema ${schema} already has cars; give it a fresh schema`);
  }
  const catalogue = generateDemoCatalogue({ seed: 42, cars, asOf: DEMO_AS_OF });
  await seedCatalogue(store, { dealers: catalogue.dealers, cars: [] });
  const projections = [catalogueProjection, stockImportsProjection];
  const runner = createProjectionRunner({ knex, store, schema, projections });
  await runner.start();
  await allEventsVisible(knex, schema);
  await runner.caughtUp();
  await runner.stop();

  const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
  const file = join(dir, `stock-${cars}.csv`);
  try {
    await writeFile(file, csvText(feedTable(catalogue.cars.map(toFeedCar))));
    const importStock = createImportStock({
      store,
      currentStock: createCurrentStockReader({ knex, schema }),
      appendBatch: createPostgresAppendBatch({ knex, schema }),
      concurrency: options.concurrency ?? 2,
      log,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    });
    const started = performance.now();
    const report = await importStock({
      importId: `bench-${cars}-${Date.now()}`,
      at: new Date(),
      fileName: `stock-${cars}.csv`,
      content: await readFile(file),
    });
    const seconds = (performance.now() - started) / 1000;
    log(`import of ${cars} cars: ${JSON.stringify(report.counts)} in ${seconds.toFixed(1)} s`);
    if (report.counts.listed !== cars)
      throw new Error(`benchImport: listed ${report.counts.listed} of ${cars} cars`);

    const projecting = performance.now();
    const after = createProjectionRunner({ knex, store, schema, projections });
    await after.start();
    await allEventsVisible(knex, schema);
    await after.caughtUp();
    await after.stop();
    log(
      `catalogue projection caught up with the import in ${((performance.now() - projecting) / 1000).toFixed(1)} s`,
    );

    if (options.reimport) {
      const changed = catalogue.cars
        .filter((_, i) => i % 100 !== 99)
        .map((car, i) =>
          toFeedCar(
            i % 10 === 0 ? { ...car, price: { ...car.price, amount: car.price.amount + 10_000 } } : car,
          ),
        );
      const again = performance.now();
      const second = await importStock({
        importId: `bench-${cars}-again-${Date.now()}`,
        at: new Date(),
        fileName: `stock-${cars}-changed.csv`,
        content: new TextEncoder().encode(csvText(feedTable(changed))),
      });
      log(
        `re-import with changes: ${JSON.stringify(second.counts)} in ${((performance.now() - again) / 1000).toFixed(1)} s`,
      );
    }
    return { seconds, rows: report.counts.rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function toFeedCar(car: CarFacts): FeedCar {
  const { carId: _carId, country: _country, price, ...facts } = car;
  return { ...facts, price: price.amount };
}
