/**
 * Payments at Stripe (engine/providers/payment/stripe): what Stripe cannot answer by our payment id.
 * `payment_stripe_checkouts` has one row per payment created at Stripe: its Checkout Session (and the
 * session's URL, answered again to a retried create), its payment intent once Stripe made one (so a
 * refund made in Stripe's dashboard finds its payment), `request`: what the app asked, as validated
 * (amount, description, URLs, metadata: a retry is compared with it, webhooks carry its metadata), and
 * the app's cancellation: `cancelled_at` and `cancellation_reason` are written before the session is
 * expired, so its `checkout.session.expired` webhook reads as `payment.cancelled` (the app gave it up)
 * rather than `payment.failed` (it lapsed by itself).
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const paymentStripeMigration: SchemaMigration = {
  name: '011_payment_stripe',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.payment_stripe_checkouts (
        payment_id text PRIMARY KEY,
        session_id text NOT NULL UNIQUE,
        checkout_url text NOT NULL,
        payment_intent_id text UNIQUE,
        request jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        cancelled_at timestamptz,
        cancellation_reason text CHECK (
          cancellation_reason IS NULL OR (cancelled_at IS NOT NULL AND length(cancellation_reason) <= 200)
        )
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP TABLE IF EXISTS ${ident(schema)}.payment_stripe_checkouts`);
  },
};
