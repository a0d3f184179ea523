import type { Knex } from 'knex';

/**
 * A migration written for a schema: every table it creates is qualified with `schema`, so the app runs
 * in `public` and each test file in a throw-away schema of its own, on PostgreSQL and PGlite alike.
 */
export interface SchemaMigration {
  readonly name: string;
  up(knex: Knex, schema: string): Promise<void>;
  down(knex: Knex, schema: string): Promise<void>;
}

/** Quotes an SQL identifier (schema, table, function). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
