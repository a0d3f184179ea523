/**
 * The back office's saved views (engine/staff/savedViews.ts): a staff member's named filters of one list,
 * personal or shared. A name is unique per owner and list whatever its case; a create's Idempotency-Key
 * is unique per owner, so a retried create finds the view it made.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const savedViewsMigration: SchemaMigration = {
  name: '016_saved_views',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.admin_saved_views (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id uuid NOT NULL REFERENCES ${s}.staff_accounts (id) ON DELETE CASCADE,
        list text NOT NULL CHECK (list IN ('purchases', 'bookings', 'customers')),
        name text NOT NULL CHECK (name <> '' AND char_length(name) <= 80),
        filters jsonb NOT NULL CHECK (jsonb_typeof(filters) = 'object'),
        shared boolean NOT NULL DEFAULT false,
        idempotency_key text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX admin_saved_views_name ON ${s}.admin_saved_views (owner_id, list, lower(name));
      CREATE UNIQUE INDEX admin_saved_views_key ON ${s}.admin_saved_views (owner_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL;
      CREATE INDEX admin_saved_views_shared ON ${s}.admin_saved_views (list) WHERE shared;
    `);
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP TABLE IF EXISTS ${ident(schema)}.admin_saved_views`);
  },
};
