/**
 * The Postgres unit of work for bulk appends (`AppendBatch`): the appends made through the given store
 * run in one transaction, so a chunk of a stock import commits once (one WAL flush, one NOTIFY)
 * instead of once per car, and rolls back as a whole when any append in it fails.
 */
import type { Knex } from 'knex';
import { createPostgresEventStore } from '../postgres/createPostgresEventStore.ts';
import type { AppendBatch } from './importStock.ts';

export function createPostgresAppendBatch(options: { knex: Knex; schema?: string }): AppendBatch {
  const schema = options.schema ?? 'public';
  return (work) =>
    options.knex.transaction(async (trx) => {
      // The adapter only issues `knex.raw`, which a transaction provides: its appends join the transaction.
      const store = await createPostgresEventStore({ knex: trx as unknown as Knex, schema });
      await work(store);
    });
}
