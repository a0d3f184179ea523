/**
 * HTTP sessions (engine/sessions: the store behind @fastify/session) and staff accounts (engine/staff).
 *
 * Sessions: one row per browser session, its data as jsonb, pruned after `expires_at` (indexed for the
 * periodic delete). Staff accounts are staff data, not customers' personal data (that goes to the
 * vault): emails are stored lower-cased (checked), unique, passwords as argon2id PHC strings.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const sessionsAndStaffMigration: SchemaMigration = {
  name: '004_sessions_and_staff',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.http_sessions (
        sid text PRIMARY KEY,
        data jsonb NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX http_sessions_expires_at ON ${s}.http_sessions (expires_at);

      CREATE TABLE ${s}.staff_accounts (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email) AND email <> ''),
        display_name text NOT NULL,
        password_hash text NOT NULL,
        roles text[] NOT NULL CHECK (cardinality(roles) > 0),
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`DROP TABLE IF EXISTS ${s}.staff_accounts; DROP TABLE IF EXISTS ${s}.http_sessions;`);
  },
};
