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

/** Points every view of the projection at `generation` (inside the caller's transaction). */
export async function pointViewsAt(
  trx: Knex.Transaction,
  schema: string,
  projection: Projection,
  generation: number,
): Promise<void> {
  for (const table of Object.keys(projection.tables)) {
    await trx.raw(`DROP VIEW IF EXISTS ${quote(schema)}.${quote(table)}`);
    await trx.raw(
      `CREATE VIEW ${quote(schema)}.${quote(table)} AS SELECT * FROM ${qualifiedTable(schema, table, generation)}`,
    );
  }
}
