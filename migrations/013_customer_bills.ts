/**
 * The account's bills (engine/bills): the bills a buyer adds for their own cars (the facts here, the
 * file in the media storage under `my-bills/<billId>`) and the ZIP bundles of the documents we issue
 * (their progress and bytes, kept for an hour). Both go with the customer's account (cascade); a bill
 * goes with its car.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const customerBillsMigration: SchemaMigration = {
  name: '013_customer_bills',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.customer_bills (
        bill_id text PRIMARY KEY CHECK (bill_id ~ '^bl_[a-f0-9]{32}$'),
        customer_id text NOT NULL REFERENCES ${s}.customer_accounts (customer_id) ON DELETE CASCADE,
        car_id text NOT NULL REFERENCES ${s}.customer_cars (car_id) ON DELETE CASCADE,
        upload_key text NOT NULL CHECK (length(upload_key) BETWEEN 8 AND 64),
        bill_date date NOT NULL,
        garage text NOT NULL CHECK (length(garage) BETWEEN 1 AND 80),
        description text CHECK (length(description) <= 300),
        amount bigint NOT NULL CHECK (amount >= 0),
        currency text NOT NULL CHECK (currency IN ('EUR', 'PLN')),
        content_type text NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        created_at timestamptz NOT NULL,
        UNIQUE (customer_id, upload_key)
      );
      CREATE INDEX customer_bills_customer ON ${s}.customer_bills (customer_id, car_id, bill_date);
      CREATE TABLE ${s}.customer_bill_bundles (
        bundle_id text PRIMARY KEY CHECK (bundle_id ~ '^bb_[a-f0-9]{32}$'),
        customer_id text NOT NULL REFERENCES ${s}.customer_accounts (customer_id) ON DELETE CASCADE,
        content_key text NOT NULL,
        locale text NOT NULL,
        document_ids text[] NOT NULL,
        done integer NOT NULL DEFAULT 0,
        zip bytea,
        failed boolean NOT NULL DEFAULT false,
        attempt integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        UNIQUE (customer_id, content_key)
      );
      CREATE INDEX customer_bill_bundles_expiry ON ${s}.customer_bill_bundles (expires_at);
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(
      `DROP TABLE IF EXISTS ${s}.customer_bill_bundles; DROP TABLE IF EXISTS ${s}.customer_bills`,
    );
  },
};
