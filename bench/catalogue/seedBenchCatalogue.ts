/**
 * The bench's catalogue: the deterministic demo catalogue (seed 42) written as events into the bench
 * schema, then projected by the app's projections until they have caught up. Both steps are timed and
 * reported on stderr (context, not figures: the stock import's own figure is `import.100k`).
 *
 * The seed appends one `CarListed` per car stream (as `npm run seed` does) with many appends in flight,
 * on connections made by {@link seedUrl}. The bench's seed does not need durability, so it commits
 * without waiting for the disk flush (`synchronous_commit=off`), and it analyzes the event tables every
 * 10,000 cars (see below).
 */
import type { Knex } from 'knex';
import { generateDemoCatalogue } from '../../domain/catalogue/demo/generateDemoCatalogue.ts';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { projectionStore } from '../../projections/projectionStore.ts';

export interface SeedOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema: string;
  readonly cars: number;
  /** Appends in flight while seeding. */
  readonly concurrency: number;
}

/** The connection string for the seed: commits do not wait for the WAL flush (bench data only). */
export function seedUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c synchronous_commit=off')}`;
}

/** Cars appended between two ANALYZEs of the event tables. */
const CHUNK = 10_000;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Cars already listed in the schema (a reused `--schema` is not seeded again). */
export async function listedCars(knex: Knex, schema: string): Promise<number> {
  const { rows } = await knex.raw(
    `SELECT count(*)::int AS n FROM "${schema}".events WHERE event_type = 'CarListed'`,
  );
  return rows[0].n as number;
}

/** Seeds the catalogue (unless the schema already holds it) and projects it. */
export async function seedBenchCatalogue(options: SeedOptions): Promise<void> {
  const { knex, store, schema, cars } = options;
  const existing = await listedCars(knex, schema);
  if (existing < cars) {
    let started = performance.now();
    const catalogue = generateDemoCatalogue({ seed: 42, cars });
    console.error(`# generated ${cars} demo cars in ${seconds(started)} s`);
    started = performance.now();
    let written = 0;
    for (let from = 0; from < cars; from += CHUNK) {
      await seedCatalogue(
        store,
        { dealers: from === 0 ? catalogue.dealers : [], cars: catalogue.cars.slice(from, from + CHUNK) },
        { concurrency: options.concurrency },
      );
      written = Math.min(cars, from + CHUNK);
      // Fresh tables have no statistics until autovacuum gets to them (late, on a busy machine): the
      // append function's cached plans would scan the whole event table for every new stream.
      await knex.raw(`ANALYZE "${schema}".events, "${schema}".streams`);
      console.error(`#   ${written} cars written (${seconds(started)} s)`);
    }
    console.error(
      `# seeded ${catalogue.dealers.length} dealers and ${cars} cars in ${seconds(started)} s, ${options.concurrency} appends in flight`,
    );
  } else {
    console.error(`# schema ${schema} already holds ${existing} cars: not seeding`);
  }
  const started = performance.now();
  const runner = createProjectionRunner({ knex, store, schema, projections: PROJECTIONS });
  await runner.start();
  // A reused schema may hold an older version of a read model: wait for its rebuild to switch over.
  const state = projectionStore(knex, schema);
  for (const projection of PROJECTIONS) {
    while ((await state.live(projection.name))?.version !== projection.version)
      await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await runner.caughtUp();
  await runner.stop();
  console.error(`# projections caught up in ${seconds(started)} s`);
  // Autovacuum vacuums and analyzes freshly filled tables soon after (which sets the visibility map
  // that index-only scans need); the bench does it now so that every run measures the same state.
  const { rows } = await knex.raw(
    `SELECT tablename FROM pg_tables WHERE schemaname = ? AND tablename LIKE 'catalogue%'`,
    [schema],
  );
  for (const { tablename } of rows as { tablename: string }[])
    await knex.raw(`VACUUM (ANALYZE) "${schema}"."${tablename}"`);
}
