/**
 * Report runs (projections/reports/README.md): one row per rebuild of a report, from the CLI or the
 * back office, with its progress, so either can watch it; at most one running per report (a second
 * start is refused). A run whose heartbeat stopped (its process died) is marked interrupted by the next.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const reportRunsMigration: SchemaMigration = {
  name: '024_report_runs',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.report_runs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        report text NOT NULL,
        version integer NOT NULL,
        mode text NOT NULL CHECK (mode IN ('rebuild', 'until')),
        until text,
        status text NOT NULL CHECK (status IN ('running', 'done', 'failed', 'interrupted')),
        processed bigint NOT NULL DEFAULT 0,
        total bigint,
        position text,
        generation integer,
        error text,
        error_event text,
        started_by text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE UNIQUE INDEX report_runs_one_running ON ${s}.report_runs (report) WHERE status = 'running';
      CREATE INDEX report_runs_report ON ${s}.report_runs (report, id DESC);
    `);
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP TABLE IF EXISTS ${ident(schema)}.report_runs`);
  },
};
