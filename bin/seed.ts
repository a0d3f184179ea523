/**
 * `npm run seed -- --cars 2000 [--seed 42]`: writes the deterministic demo catalogue (dealers in real
 * cities, cars across the nine markets) as events. Running it again writes nothing new (event ids are
 * derived from the facts); a larger --cars adds the extra cars.
 */
import cliProgress from 'cli-progress';
import { generateDemoCatalogue } from '../domain/catalogue/demo/generateDemoCatalogue.ts';
import { seedCatalogue } from '../engine/catalogue/seedCatalogue.ts';
import { openDatabase } from '../engine/database/openDatabase.ts';
import { loadConfig } from '../http/config.ts';
import { openEventStore } from '../http/createServices.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i === -1 ? fallback : Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};

const config = loadConfig(process.env);
const cars = option('cars', 2000);
const seed = option('seed', 42);
const db = await openDatabase({ ...config.database, applicationName: 'seed' });
try {
  await migrateToLatest(db.knex);
  const store = await openEventStore(config, db, { info: console.log, error: console.error });
  const catalogue = generateDemoCatalogue({ seed, cars, asOf: new Date().toISOString().slice(0, 7) });
  const bar = new cliProgress.SingleBar({ format: 'seed [{bar}] {value}/{total} streams | {eta_formatted}' });
  bar.start(catalogue.dealers.length + catalogue.cars.length, 0);
  const started = performance.now();
  const result = await seedCatalogue(store, catalogue, {
    concurrency: db.embedded ? 1 : 8,
    onProgress: (n) => bar.update(n),
  });
  bar.stop();
  console.log(
    `${result.dealers} dealers and ${result.cars} cars (${result.skipped} already there) in ${((performance.now() - started) / 1000).toFixed(1)} s; the site's projections pick them up when it runs`,
  );
  await store.close();
} finally {
  await db.close();
}
