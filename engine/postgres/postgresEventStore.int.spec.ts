import { describeEventStoreContract } from '../contract/eventStoreContract.ts';
import { openTestDatabase, unavailableReason } from '../testing/testDatabase.ts';
import { createPostgresEventStore } from './createPostgresEventStore.ts';

for (const target of ['postgres', 'pglite'] as const) {
  describeEventStoreContract({
    name: target === 'postgres' ? 'PostgreSQL' : 'PGlite',
    skipReason: unavailableReason(target),
    parallelWriters: target === 'postgres',
    async open() {
      const db = await openTestDatabase(target, 40);
      const store = await createPostgresEventStore({
        knex: db.knex,
        schema: db.schema,
        listenUrl: db.embedded ? undefined : db.url,
      });
      return {
        store,
        async close() {
          await store.close();
          await db.close();
        },
      };
    },
  });
}
