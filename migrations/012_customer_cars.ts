/**
 * The buyers' own cars (engine/customers/cars): one row per car a customer recorded in their account.
 * Only the car's facts (brand, model, year, mileage) and its picture's media key and type are here;
 * the plate is personal data and lives in the vault. Rows go with the customer's account when it is
 * erased (cascade).
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const customerCarsMigration: SchemaMigration = {
  name: '012_customer_cars',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.customer_cars (
        car_id text PRIMARY KEY CHECK (car_id ~ '^mc_[a-z0-9]{1,40}$'),
        customer_id text NOT NULL REFERENCES ${s}.customer_accounts (customer_id) ON DELETE CASCADE,
        brand text NOT NULL CHECK (length(brand) BETWEEN 1 AND 40),
        model text NOT NULL CHECK (length(model) BETWEEN 1 AND 60),
        year integer NOT NULL,
        mileage_km integer NOT NULL CHECK (mileage_km >= 0),
        image_type text,
        version integer NOT NULL DEFAULT 1 CHECK (version > 0),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX customer_cars_customer ON ${s}.customer_cars (customer_id, created_at);
    `);
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP TABLE IF EXISTS ${ident(schema)}.customer_cars`);
  },
};
