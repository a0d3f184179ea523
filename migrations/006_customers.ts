/**
 * Customers (engine/customers): the personal-data vault and the customers' accounts.
 *
 * `customer_vault`: one row per customer id, ever. While the customer exists: their data key wrapped
 * by a master key (`key_id` names which), their personal data sealed under that data key, and the
 * HMAC of their email for lookups (unique among customers not erased). Erasure nulls all four and sets
 * `erased_at`: the id stays (events name it), the person is gone; the email is free again.
 *
 * `customer_accounts`: what sign-in needs beside the vault, keyed by the same id: the argon2id hash
 * (never in the vault's sealed data, so a sign-in decrypts nothing) and the consents given at sign-up.
 * Deleted when the customer is erased.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const customersMigration: SchemaMigration = {
  name: '006_customers',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.customer_vault (
        customer_id text PRIMARY KEY CHECK (customer_id ~ '^[A-Za-z0-9_-]{1,80}$'),
        email_lookup bytea UNIQUE,
        key_id text,
        wrapped_key bytea,
        sealed_data bytea,
        version integer NOT NULL DEFAULT 1 CHECK (version > 0),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        erased_at timestamptz,
        CHECK (
          CASE WHEN erased_at IS NULL
            THEN email_lookup IS NOT NULL AND key_id IS NOT NULL AND wrapped_key IS NOT NULL
              AND sealed_data IS NOT NULL
            ELSE email_lookup IS NULL AND key_id IS NULL AND wrapped_key IS NULL AND sealed_data IS NULL
          END
        )
      );
      -- Rotation finds the keys still wrapped by an older master key.
      CREATE INDEX customer_vault_key_id ON ${s}.customer_vault (key_id) WHERE key_id IS NOT NULL;

      CREATE TABLE ${s}.customer_accounts (
        customer_id text PRIMARY KEY REFERENCES ${s}.customer_vault (customer_id),
        password_hash text NOT NULL,
        consents jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL,
        last_sign_in_at timestamptz
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`DROP TABLE IF EXISTS ${s}.customer_accounts; DROP TABLE IF EXISTS ${s}.customer_vault;`);
  },
};
