/**
 * Analysts' read-only SQL (projections/analytics/README.md): a schema of its own beside the app's
 * (`analytics` for `public`, `<schema>_analytics` for any other) holding `events` (one row per event,
 * the common metadata in typed columns, gap-safe), `streams` and `projections`, and one view per live
 * read-model table, kept pointing at the live generation by projections/projectionTables.ts. A
 * read-only role is given that schema only (`npm run analytics -- create-role`).
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

/** The analysts' schema of an app schema (the same rule as projections/projectionTables.ts). */
export function analyticsSchemaOf(schema: string): string {
  return schema === 'public' ? 'analytics' : `${schema}_analytics`;
}

export const analyticsViewsMigration: SchemaMigration = {
  name: '025_analytics_views',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    const a = ident(analyticsSchemaOf(schema));
    await knex.raw(`
      CREATE SCHEMA IF NOT EXISTS ${a};

      -- An ISO 8601 time from an event's metadata, or null when it is not one (a view must never fail).
      CREATE FUNCTION ${a}.timestamp_or_null(p text) RETURNS timestamptz
      LANGUAGE plpgsql STABLE AS $fn$
      BEGIN
        IF p IS NULL OR p !~ '^\\d{4}-\\d{2}-\\d{2}T' THEN RETURN NULL; END IF;
        RETURN p::timestamptz;
      EXCEPTION WHEN others THEN RETURN NULL;
      END $fn$;

      CREATE VIEW ${a}.events AS
      SELECT
        e.transaction_id::text || '/' || e.global_position AS position,
        e.transaction_id::text::bigint AS commit_position,
        e.global_position AS prepare_position,
        e.event_id,
        e.event_type,
        e.stream_name,
        split_part(e.stream_name, '-', 1) AS stream_category,
        e.revision,
        e.created AS recorded_at,
        ${a}.timestamp_or_null(e.metadata->>'at') AS occurred_at,
        e.metadata->'actor'->>'kind' AS actor_kind,
        coalesce(e.metadata->'actor'->>'staffId', e.metadata->'actor'->>'customerId',
                 e.metadata->'actor'->>'visitorId', e.metadata->'actor'->>'name') AS actor_id,
        e.metadata->'actor'->>'role' AS actor_role,
        e.metadata->'machine'->>'id' AS machine_id,
        CASE WHEN jsonb_typeof(e.metadata->'machine'->'version') = 'number'
             THEN (e.metadata->'machine'->>'version')::numeric::int END AS machine_version,
        e.metadata->>'correlationId' AS correlation_id,
        e.metadata->>'causationId' AS causation_id,
        e.metadata->>'idempotencyKey' AS idempotency_key,
        e.metadata->>'reason' AS reason,
        e.data,
        e.metadata
      FROM ${s}.events e
      WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot());

      CREATE VIEW ${a}.streams AS
      SELECT stream_name, split_part(stream_name, '-', 1) AS stream_category, revision AS last_revision,
             deleted, truncate_before, metadata
      FROM ${s}.streams;

      CREATE VIEW ${a}.projections AS
      SELECT c.name, c.generation, c.version, c.status, (st.live_generation = c.generation) AS live,
             c.commit_position || '/' || c.prepare_position AS position, c.events_processed,
             c.error, c.error_event, c.started_at, c.updated_at
      FROM ${s}.projection_checkpoints c
      LEFT JOIN ${s}.projection_state st ON st.name = c.name
      WHERE c.status <> 'retired';
    `);
    // The read models already live: each view of the schema over a generation's table (`<table>__g<n>`),
    // but for the names of the views above (as projections/projectionTables.ts).
    const { rows } = await knex.raw(
      `SELECT DISTINCT view_name FROM information_schema.view_table_usage
       WHERE view_schema = ? AND table_schema = ? AND table_name ~ '__g[0-9]+$'
         AND view_name NOT IN ('events', 'streams', 'projections')`,
      [schema, schema],
    );
    for (const { view_name } of rows as { view_name: string }[]) {
      await knex.raw(`CREATE VIEW ${a}.${ident(view_name)} AS SELECT * FROM ${s}.${ident(view_name)}`);
    }
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP SCHEMA IF EXISTS ${ident(analyticsSchemaOf(schema))} CASCADE`);
  },
};
