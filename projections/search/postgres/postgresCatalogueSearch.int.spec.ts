import { createPostgresEventStore } from '../../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase } from '../../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../../catalogue/catalogueProjection.ts';
import { createProjectionRunner } from '../../createProjectionRunner.ts';
import { describeCatalogueSearchContract } from '../contract/catalogueSearchContract.ts';
import { createPostgresCatalogueSearch } from './createPostgresCatalogueSearch.ts';

describeCatalogueSearchContract({
  name: 'Postgres',
  async open() {
    const db = await openTestDatabase();
    const store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
    const runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [catalogueProjection],
    });
    await runner.start();
    return {
      store,
      search: createPostgresCatalogueSearch({ knex: db.knex, schema: db.schema }),
      sync: () => runner.caughtUp(),
      async close() {
        await runner.stop();
        await store.close();
        await db.close();
      },
    };
  },
});
