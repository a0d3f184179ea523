/**
 * The projection that feeds the Meilisearch catalogue index from the car and dealer events.
 *
 * Consistency: the runner commits a batch's Postgres writes (this projection's own tables,
 * `meiliCatalogueState.ts`) and its checkpoint in one transaction after `handle` returns, and `handle`
 * returns only once Meilisearch has applied the batch's document writes. So the index is never behind a
 * committed checkpoint; it can be ahead of it (a crash between Meilisearch's task and the commit), and
 * then the batch is delivered again: at-least-once delivery to Meilisearch. Every write is the whole
 * current document of a car, keyed by `carId` (or its deletion), so writing a batch again converges to the
 * same index.
 *
 * Meilisearch unreachable (or timing out, or failing internally) is an infrastructure failure: the batch
 * is rolled back and the runner retries it with back-off; the projection does not stop on a "poison"
 * event. A request Meilisearch rejects (a bug of ours) is a handler error: the projection stops with it.
 */
import type { Knex } from 'knex';
import { CAR_EVENT_TYPES, DEALER_EVENT_TYPES } from '../../../domain/catalogue/events.ts';
import type { RecordedEvent } from '../../../engine/eventStore.ts';
import { defineProjection, type Projection, type ProjectionContext } from '../../defineProjection.ts';
import {
  createMeiliCatalogueIndex,
  type MeiliCatalogueIndex,
  type MeiliConnectionOptions,
} from './createMeiliCatalogueIndex.ts';
import {
  applyToState,
  changesOf,
  everyDocument,
  MEILI_STATE_TABLES,
  type Touched,
} from './meiliCatalogueState.ts';
import { isMeiliUnavailable } from './meiliErrors.ts';

export const MEILI_PROJECTION_NAME = 'catalogue_meili';

export type MeiliCatalogueIndexProjectionOptions =
  | MeiliConnectionOptions
  | { readonly index: MeiliCatalogueIndex };

/** The feeding projection, writing to the index named by the options (or to `options.index`, in tests). */
export function createMeiliCatalogueIndexProjection(
  options: MeiliCatalogueIndexProjectionOptions,
): Projection {
  const index = 'index' in options ? options.index : createMeiliCatalogueIndex(options);
  return defineProjection({
    name: MEILI_PROJECTION_NAME,
    version: 3,
    eventTypes: [...CAR_EVENT_TYPES, ...DEALER_EVENT_TYPES],
    tables: MEILI_STATE_TABLES,
    async handle(events: readonly RecordedEvent[], ctx: ProjectionContext) {
      const touched: Touched = { cars: new Set(), dealers: new Set() };
      for (const event of events) await applyToState(event, ctx, touched);
      let changes = await changesOf(ctx, touched);
      if (changes.upserts.length === 0 && changes.deletes.length === 0) return; // e.g. a dealer closed
      try {
        const { createdAt } = await index.prepare();
        if (await indexIsNew(ctx, index.indexUid, createdAt)) {
          // A new or wiped index (another server, a deleted index, a new generation): send every car
          // for sale this generation knows, not only the batch's.
          changes = { upserts: await everyDocument(ctx), deletes: changes.deletes };
        }
        await index.write(changes);
      } catch (error) {
        if (!isMeiliUnavailable(error)) throw error;
        await retryBatchLater(ctx.trx, error);
      }
    },
  });
}

/** Compares the index's creation time with the one recorded, and records the new one (in the batch's transaction). */
async function indexIsNew({ trx, table }: ProjectionContext, indexUid: string, createdAt: string) {
  const meta = table('meili_catalogue_index');
  const { rows } = (await trx.raw(`SELECT created_at FROM ${meta} WHERE index_uid = ?`, [indexUid])) as {
    rows: { created_at: string }[];
  };
  if (rows[0]?.created_at === createdAt) return false;
  await trx.raw(
    `INSERT INTO ${meta} (index_uid, created_at) VALUES (?, ?)
     ON CONFLICT (index_uid) DO UPDATE SET created_at = EXCLUDED.created_at`,
    [indexUid, createdAt],
  );
  return true;
}

/** Meilisearch could not be reached: why the batch is retried. */
export class MeiliUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`meilisearch unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MeiliUnavailableError';
  }
}

/**
 * Hands an infrastructure failure to the runner as one. The runner treats whatever `handle` throws as the
 * projection's own failure (it stops: a poison event), and a failed batch transaction as infrastructure
 * (it retries with back-off). Rolling the transaction back with the error (knex's `trx.rollback(error)`)
 * makes the runner's `knex.transaction` reject with that error, unwrapped: nothing is committed, the
 * checkpoint stays, and the same batch is delivered again after the back-off.
 */
async function retryBatchLater(trx: Knex.Transaction, cause: unknown): Promise<void> {
  await trx.rollback(new MeiliUnavailableError(cause));
}
