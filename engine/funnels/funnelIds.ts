/**
 * New purchase and booking ids. The SPEC's ids are digits (`getcarpurchase/{id}`, `bookingId`), so they
 * come from a PostgreSQL sequence per funnel (migrations/008_funnel_ids.ts), from 1000 up. An id is
 * bound to the start command's idempotency key: the same key always answers the same id, so a retried
 * start finds the funnel it made instead of making a second one. (A sequence skips numbers when a start
 * fails half-way; ids are never reused, which is all they promise.)
 */
import type { Knex } from 'knex';
import type { FunnelKind } from '../../domain/funnel/funnelKind.ts';

/** Allocates funnel ids, idempotently by the start command's key. */
export interface FunnelIds {
  /**
   * The id bound to `idempotencyKey`: a new one from the funnel's sequence the first time (`fresh`: no
   * funnel can have it yet), else the one bound before (a retried start).
   */
  allocate(funnel: FunnelKind, idempotencyKey: string): Promise<{ id: string; fresh: boolean }>;
}

export interface PostgresFunnelIdsOptions {
  readonly knex: Knex;
  /** The schema of migration 008's sequences and table (default `public`). */
  readonly schema?: string;
}

export function createPostgresFunnelIds(options: PostgresFunnelIdsOptions): FunnelIds {
  const { knex } = options;
  const schema = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  return {
    async allocate(funnel, idempotencyKey) {
      // One statement: two copies of one start racing both end up with the row the first one inserted.
      const { rows } = await knex.raw<{ rows: { id: string; fresh: boolean }[] }>(
        `WITH fresh AS (
           INSERT INTO ${schema}.funnel_start_keys (funnel, idempotency_key, id)
           VALUES (?, ?, nextval('${schema}.${funnel}_id_seq'))
           ON CONFLICT (funnel, idempotency_key) DO NOTHING
           RETURNING id)
         SELECT id::text AS id, true AS fresh FROM fresh
         UNION ALL
         SELECT id::text, false FROM ${schema}.funnel_start_keys WHERE funnel = ? AND idempotency_key = ?`,
        [funnel, idempotencyKey, funnel, idempotencyKey],
      );
      const bound = rows[0];
      if (bound !== undefined) return bound;
      // A concurrent first insert not yet visible to this statement's snapshot: read it now.
      const again = await knex.raw<{ rows: { id: string }[] }>(
        `SELECT id::text AS id FROM ${schema}.funnel_start_keys WHERE funnel = ? AND idempotency_key = ?`,
        [funnel, idempotencyKey],
      );
      const found = again.rows[0]?.id;
      if (found === undefined) throw new Error(`no ${funnel} id for key ${idempotencyKey}`);
      return { id: found, fresh: false };
    },
  };
}
