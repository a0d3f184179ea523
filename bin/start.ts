/** `npm start`: the site with its database (embedded PGlite unless DATABASE_URL is set). */
import { main } from '../http/server.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';

main(process.env, { migrate: (knex) => migrateToLatest(knex) }).catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
