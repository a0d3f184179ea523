/**
 * Payments (engine/providers/payment): the sandbox checkout's own tables, standing in for what a hosted
 * checkout (Stripe, Adyen) keeps on its side, and the app's record of webhook events already processed.
 *
 * - `payment_sandbox_payments`: one row per payment (amount in minor units, status, refunded so far).
 * - `payment_sandbox_refunds`: one row per refund; its id makes a retried refund a no-op.
 * - `payment_sandbox_events`: the webhooks the sandbox sent or must still send (body as signed, delivery).
 * - `payment_webhook_events`: the receiving side: ids of the provider's events already handled, so a
 *   replayed webhook is recognised and changes nothing. Used with the sandbox and with a real provider.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const paymentSandboxMigration: SchemaMigration = {
  name: '007_payment_sandbox',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.payment_sandbox_payments (
        payment_id text PRIMARY KEY,
        amount bigint NOT NULL CHECK (amount > 0),
        currency text NOT NULL CHECK (currency IN ('EUR', 'PLN')),
        description text NOT NULL,
        success_url text NOT NULL,
        failure_url text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
        created_at timestamptz NOT NULL,
        completed_at timestamptz,
        CHECK ((status = 'pending') = (completed_at IS NULL))
      );

      CREATE TABLE ${s}.payment_sandbox_refunds (
        refund_id text PRIMARY KEY,
        payment_id text NOT NULL REFERENCES ${s}.payment_sandbox_payments (payment_id),
        amount bigint NOT NULL CHECK (amount > 0),
        reason text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX payment_sandbox_refunds_payment ON ${s}.payment_sandbox_refunds (payment_id, created_at);

      CREATE TABLE ${s}.payment_sandbox_events (
        event_id text PRIMARY KEY,
        payment_id text NOT NULL REFERENCES ${s}.payment_sandbox_payments (payment_id),
        event_type text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        delivered_at timestamptz,
        last_error text
      );
      CREATE INDEX payment_sandbox_events_undelivered ON ${s}.payment_sandbox_events (created_at)
        WHERE delivered_at IS NULL;

      CREATE TABLE ${s}.payment_webhook_events (
        event_id text PRIMARY KEY,
        event_type text NOT NULL,
        payment_id text NOT NULL,
        received_at timestamptz NOT NULL
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      DROP TABLE IF EXISTS ${s}.payment_webhook_events;
      DROP TABLE IF EXISTS ${s}.payment_sandbox_events;
      DROP TABLE IF EXISTS ${s}.payment_sandbox_refunds;
      DROP TABLE IF EXISTS ${s}.payment_sandbox_payments;
    `);
  },
};
