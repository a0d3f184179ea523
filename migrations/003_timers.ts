/**
 * Timers (engine/timers): commands due at a time, e.g. "expire hold H on car C at 14:05". A scheduler
 * claims due rows with FOR UPDATE SKIP LOCKED and a lease, so several app instances fire each once.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const timersMigration: SchemaMigration = {
  name: '003_timers',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.timers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        idempotency_key text NOT NULL UNIQUE,
        due_at timestamptz NOT NULL,
        stream_name text NOT NULL,
        command jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'fired', 'cancelled', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        lease uuid,
        leased_until timestamptz,
        fired_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX timers_due ON ${s}.timers (due_at) WHERE status = 'pending';
    `);
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP TABLE IF EXISTS ${ident(schema)}.timers;`);
  },
};
