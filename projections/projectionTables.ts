/**
 * Generations of a projection's read model: physical tables `<table>__g<n>` and, for readers, a view
 * `<table>` that shows the live generation. Switching generations replaces the views and moves the
 * live pointer in one transaction, so readers see the old model or the new one, never a half-built one.
 */
import type { Knex } from 'knex';
import type { Projection } from './defineProjection.ts';

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function physicalTable(table: string, generation: number): string {
  return `${table}__g${generation}`;
}

export function qualifiedTable(schema: string, table: string, generation: number): string {
  return `${quote(schema)}.${quote(physicalTable(table, generation))}`;
}

export async function createGenerationTables(
  knex: Knex | Knex.Transaction,
  schema: string,
  projection: Projection,
  generation: number,
): Promise<void> {
  for (const [table, columns] of Object.entries(projection.tables)) {
    const name = physicalTable(table, generation);
    await knex.raw(`DROP TABLE IF EXISTS ${quote(schema)}.${quote(name)}`);
    await knex.schema.withSchema(schema).createTable(name, columns);
  }
}

export async function dropGenerationTables(
  knex: Knex | Knex.Transaction,
  schema: string,
  projection: Projection,
  generation: number,
): Promise<void> {
  for (const table of Object.keys(projection.tables)) {
    await knex.raw(`DROP TABLE IF EXISTS ${qualifiedTable(schema, table, generation)}`);
  }
}

/** The analysts' schema of an app schema (migrations/025; projections/analytics/README.md). */
export function analyticsSchemaOf(schema: string): string {
  return schema === 'public' ? 'analytics' : `${schema}_analytics`;
}

/** The analysts' own views (migrations/025): a read-model table of the same name is not exposed. */
const ANALYTICS_VIEWS = new Set(['events', 'streams', 'projections']);

/**
 * Points every view of the projection at `generation` (inside the caller's transaction), and the
 * analysts' view of each table at that view (created with their schema, when it exists).
 */
export async function pointViewsAt(
  trx: Knex.Transaction,
  schema: string,
  projection: Projection,
  generation: number,
): Promise<void> {
  const analytics = analyticsSchemaOf(schema);
  const { rows } = await trx.raw('SELECT 1 FROM pg_namespace WHERE nspname = ?', [analytics]);
  for (const table of Object.keys(projection.tables)) {
    const exposed = rows.length > 0 && !ANALYTICS_VIEWS.has(table);
    if (exposed) await trx.raw(`DROP VIEW IF EXISTS ${quote(analytics)}.${quote(table)}`);
    await trx.raw(`DROP VIEW IF EXISTS ${quote(schema)}.${quote(table)}`);
    await trx.raw(
      `CREATE VIEW ${quote(schema)}.${quote(table)} AS SELECT * FROM ${qualifiedTable(schema, table, generation)}`,
    );
    if (exposed)
      await trx.raw(
        `CREATE VIEW ${quote(analytics)}.${quote(table)} AS SELECT * FROM ${quote(schema)}.${quote(table)}`,
      );
  }
}
