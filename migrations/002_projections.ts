/**
 * Projection bookkeeping (projections/): which generation of each read model is live, and one
 * checkpoint per generation. Read-model tables themselves are created by the runner, per generation
 * (`<table>__g<n>`), behind a view named after the table that always points at the live generation.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const projectionsMigration: SchemaMigration = {
  name: '002_projections',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.projection_state (
        name text PRIMARY KEY,
        live_generation int,
        live_version int,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE ${s}.projection_checkpoints (
        name text NOT NULL,
        generation int NOT NULL,
        version int NOT NULL,
        commit_position bigint NOT NULL DEFAULT -1,
        prepare_position bigint NOT NULL DEFAULT -1,
        status text NOT NULL CHECK (status IN ('building', 'live', 'failed', 'retired')),
        events_processed bigint NOT NULL DEFAULT 0,
        error text,
        error_event text,
        started_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, generation)
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(
      `DROP TABLE IF EXISTS ${s}.projection_checkpoints; DROP TABLE IF EXISTS ${s}.projection_state;`,
    );
  },
};
