/**
 * The search contract's target for the Meilisearch adapter: a fresh schema and event store, the feeding
 * projection under the real runner writing to a fresh index (a new uid per run), the adapter reading it.
 * `sync` waits for the runner, and the projection only returns once Meilisearch has applied its writes.
 */
import { randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '../../../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase } from '../../../../engine/testing/testDatabase.ts';
import { createProjectionRunner } from '../../../createProjectionRunner.ts';
import type { SearchContractTarget } from '../../contract/catalogueSearchContract.ts';
import { meiliClient } from '../createMeiliCatalogueIndex.ts';
import { createMeiliCatalogueSearch } from '../createMeiliCatalogueSearch.ts';
import { createMeiliCatalogueIndexProjection } from '../meiliCatalogueIndexProjection.ts';

export function meiliContractTarget(
  name: string,
  connection: { host: string; apiKey?: string | undefined } | undefined,
  skipReason?: string,
): SearchContractTarget {
  return {
    name,
    skipReason,
    async open() {
      if (!connection) throw new Error(skipReason ?? 'no Meilisearch');
      const options = { ...connection, indexUid: `catalogue_test_${randomUUID().slice(0, 8)}` };
      const db = await openTestDatabase();
      const store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
      const runner = createProjectionRunner({
        knex: db.knex,
        store,
        schema: db.schema,
        projections: [createMeiliCatalogueIndexProjection(options)],
      });
      await runner.start();
      const search = createMeiliCatalogueSearch(options);
      return {
        store,
        search,
        sync: () => runner.caughtUp(),
        async close() {
          await runner.stop();
          await search.close();
          await meiliClient(options).deleteIndexIfExists(options.indexUid);
          await store.close();
          await db.close();
        },
      };
    },
  };
}
