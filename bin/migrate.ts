/** `npm run migrate`: applies pending migrations (the site also does it at start). */
import { openDatabase } from '../engine/database/openDatabase.ts';
import { loadConfig } from '../http/config.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';

const config = loadConfig(process.env);
const db = await openDatabase(config.database);
try {
  const applied = await migrateToLatest(db.knex);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'up to date');
} finally {
  await db.close();
}
