/**
 * Customers who signed up before their sign-up was recorded as an event (`CustomerSignedUp`, which gives
 * the customers' read model their public number and sign-up time): listed here once, and recorded by the
 * accounts' `recordPendingSignUps` at start (engine/customers/accounts), which empties the list.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const customerSignUpBackfillMigration: SchemaMigration = {
  name: '017_customer_signup_backfill',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.customer_signup_backfill (customer_id text PRIMARY KEY);
      INSERT INTO ${s}.customer_signup_backfill (customer_id) SELECT customer_id FROM ${s}.customer_accounts;
    `);
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP TABLE IF EXISTS ${ident(schema)}.customer_signup_backfill`);
  },
};
