/**
 * Reads and writes of the projection bookkeeping tables (migrations/002): the live pointer per
 * projection and one checkpoint per generation.
 */
import type { Knex } from 'knex';
import { type Position, START } from '../engine/eventStore.ts';
import type { Projection } from './defineProjection.ts';
import { createGenerationTables, dropGenerationTables, pointViewsAt, quote } from './projectionTables.ts';

export interface CheckpointRow {
  name: string;
  generation: number;
  version: number;
  commit_position: string;
  prepare_position: string;
  status: 'building' | 'live' | 'failed' | 'retired';
  events_processed: string;
  error: string | null;
  error_event: string | null;
  updated_at: Date;
}

export interface LiveState {
  readonly generation: number;
  readonly version: number;
}

export function checkpointPosition(
  row: Pick<CheckpointRow, 'commit_position' | 'prepare_position'>,
): Position {
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

export function projectionStore(knex: Knex, schema: string) {
  const state = `${quote(schema)}.projection_state`;
  const checkpoints = `${quote(schema)}.projection_checkpoints`;

  return {
    async live(name: string): Promise<LiveState | undefined> {
      const { rows } = await knex.raw(`SELECT live_generation, live_version FROM ${state} WHERE name = ?`, [
        name,
      ]);
      const row = rows[0] as { live_generation: number | null; live_version: number | null } | undefined;
      return row?.live_generation
        ? { generation: row.live_generation, version: row.live_version! }
        : undefined;
    },

    async checkpoint(name: string, generation: number): Promise<CheckpointRow | undefined> {
      const { rows } = await knex.raw(`SELECT * FROM ${checkpoints} WHERE name = ? AND generation = ?`, [
        name,
        generation,
      ]);
      return rows[0];
    },

    async checkpoints(): Promise<CheckpointRow[]> {
      const { rows } = await knex.raw(
        `SELECT * FROM ${checkpoints} WHERE status <> 'retired' ORDER BY name, generation`,
      );
      return rows;
    },

    /** Creates a new generation's tables and checkpoint (at the start of `$all`), not yet live. */
    async createGeneration(projection: Projection): Promise<number> {
      return knex.transaction(async (trx) => {
        await trx.raw(`INSERT INTO ${state} (name) VALUES (?) ON CONFLICT DO NOTHING`, [projection.name]);
        await trx.raw(`SELECT 1 FROM ${state} WHERE name = ? FOR UPDATE`, [projection.name]);
        const { rows } = await trx.raw(
          `SELECT coalesce(max(generation), 0) + 1 AS next FROM ${checkpoints} WHERE name = ?`,
          [projection.name],
        );
        const generation = Number(rows[0].next);
        await createGenerationTables(trx, schema, projection, generation);
        await trx.raw(
          `INSERT INTO ${checkpoints} (name, generation, version, commit_position, prepare_position, status)
           VALUES (?, ?, ?, ?, ?, 'building')`,
          [
            projection.name,
            generation,
            projection.version,
            START.commit.toString(),
            START.prepare.toString(),
          ],
        );
        return generation;
      });
    },

    /** Makes `generation` the live one: views, pointer and statuses in one transaction; drops the old tables. */
    async switchLive(projection: Projection, generation: number): Promise<void> {
      await knex.transaction(async (trx) => {
        const { rows } = await trx.raw(`SELECT live_generation FROM ${state} WHERE name = ? FOR UPDATE`, [
          projection.name,
        ]);
        const previous = rows[0]?.live_generation as number | null | undefined;
        await pointViewsAt(trx, schema, projection, generation);
        await trx.raw(
          `UPDATE ${state} SET live_generation = ?, live_version = ?, updated_at = now() WHERE name = ?`,
          [generation, projection.version, projection.name],
        );
        await trx.raw(
          `UPDATE ${checkpoints} SET status = 'live', updated_at = now() WHERE name = ? AND generation = ?`,
          [projection.name, generation],
        );
        await trx.raw(
          `UPDATE ${checkpoints} SET status = 'retired', updated_at = now() WHERE name = ? AND generation <> ? AND status <> 'retired'`,
          [projection.name, generation],
        );
        if (previous && previous !== generation && !projection.keepsPreviousGeneration)
          await dropGenerationTables(trx, schema, projection, previous);
        if (projection.keepsPreviousGeneration) {
          // Only the generation just retired is kept: older retired ones go.
          const { rows: older } = await trx.raw(
            `SELECT generation FROM ${checkpoints} WHERE name = ? AND status = 'retired' AND generation <> ?`,
            [projection.name, previous ?? 0],
          );
          for (const { generation: old } of older as { generation: number }[])
            await dropGenerationTables(trx, schema, projection, old);
        }
      });
    },

    /** A failed generation is retried from its checkpoint (after a deploy that fixes the handler). */
    async clearFailure(name: string, generation: number, status: 'building' | 'live'): Promise<void> {
      await knex.raw(
        `UPDATE ${checkpoints} SET status = ?, error = NULL, error_event = NULL, updated_at = now()
         WHERE name = ? AND generation = ? AND status = 'failed'`,
        [status, name, generation],
      );
    },

    /** Drops generations that are neither live nor being built by anyone (an interrupted rebuild). */
    async dropAbandoned(projection: Projection, keep: readonly number[]): Promise<void> {
      const { rows } = await knex.raw(
        `SELECT generation FROM ${checkpoints} WHERE name = ? AND status <> 'retired'`,
        [projection.name],
      );
      for (const { generation } of rows as { generation: number }[]) {
        if (keep.includes(generation)) continue;
        await dropGenerationTables(knex, schema, projection, generation);
        await knex.raw(`UPDATE ${checkpoints} SET status = 'retired' WHERE name = ? AND generation = ?`, [
          projection.name,
          generation,
        ]);
      }
    },
  };
}

export type ProjectionStore = ReturnType<typeof projectionStore>;
