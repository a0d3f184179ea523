/**
 * Ids of the purchase and booking funnels (engine/funnels/funnelIds.ts). The SPEC's ids are digits
 * (`getcarpurchase/{id}`, `bookingId`), so each funnel takes its ids from a sequence of its own.
 * `funnel_start_keys` remembers which id a start command's idempotency key got, so a retried start
 * (a double click, a lost answer) finds the same purchase or booking instead of making a second one.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const funnelIdsMigration: SchemaMigration = {
  name: '008_funnel_ids',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE SEQUENCE ${s}.purchase_id_seq START WITH 1000;
      CREATE SEQUENCE ${s}.booking_id_seq START WITH 1000;
      CREATE TABLE ${s}.funnel_start_keys (
        funnel text NOT NULL CHECK (funnel IN ('purchase', 'booking')),
        idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 300),
        id bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (funnel, idempotency_key),
        UNIQUE (funnel, id)
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      DROP TABLE IF EXISTS ${s}.funnel_start_keys;
      DROP SEQUENCE IF EXISTS ${s}.booking_id_seq;
      DROP SEQUENCE IF EXISTS ${s}.purchase_id_seq;
    `);
  },
};
