/**
 * For `int` tests of the HTTP layer: a throw-away database with the event store, the catalogue
 * projection running and the search contract's fixture catalogue (dealers and cars) listed and projected.
 * `extraEvents` run after the seed (a price change, a sale) and are projected before it resolves.
 */
import type { CarFacts } from '../../domain/catalogue/car.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../../projections/catalogue/catalogueProjection.ts';
import { catalogueQueries } from '../../projections/catalogue/catalogueQueries.ts';
import { storefrontQueries } from '../../projections/catalogue/storefrontQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { FIXTURE_CARS, FIXTURE_DEALERS } from '../../projections/search/contract/searchFixture.ts';
import { createPostgresCatalogueSearch } from '../../projections/search/postgres/createPostgresCatalogueSearch.ts';

export interface CatalogueFixtureDatabase {
  readonly db: TestDatabase;
  readonly store: EventStore;
  readonly runner: ProjectionRunner;
  /** What `app`'s `catalogue` and `storefront` options want, on this database. */
  readonly catalogue: {
    readonly search: ReturnType<typeof createPostgresCatalogueSearch>;
    readonly queries: ReturnType<typeof catalogueQueries>;
  };
  readonly storefront: ReturnType<typeof storefrontQueries>;
  close(): Promise<void>;
}

export async function openCatalogueFixtureDatabase(
  options: {
    readonly dealers?: readonly Dealer[];
    readonly cars?: readonly CarFacts[];
    readonly extraEvents?: (store: EventStore) => Promise<unknown>;
  } = {},
): Promise<CatalogueFixtureDatabase> {
  const db = await openTestDatabase();
  const store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
  const runner = createProjectionRunner({
    knex: db.knex,
    store,
    schema: db.schema,
    projections: [catalogueProjection],
  });
  await runner.start();
  await seedCatalogue(store, {
    dealers: options.dealers ?? FIXTURE_DEALERS,
    cars: options.cars ?? Object.values(FIXTURE_CARS),
  });
  await options.extraEvents?.(store);
  await runner.caughtUp();
  return {
    db,
    store,
    runner,
    catalogue: {
      search: createPostgresCatalogueSearch({ knex: db.knex, schema: db.schema }),
      queries: catalogueQueries({ knex: db.knex, store, schema: db.schema }),
    },
    storefront: storefrontQueries({ knex: db.knex, schema: db.schema }),
    async close() {
      await runner.stop();
      await store.close();
      await db.close();
    },
  };
}
