/**
 * Payments (engine/providers/payment): a checkout the app cancels (`Payments.cancel`, as Stripe's
 * "expire a Checkout Session") ends as `cancelled`, with the reason the app gave. Widens the status
 * CHECK of migration 007 (its name is PostgreSQL's default for a column constraint) and adds
 * `cancellation_reason`, set only on cancelled payments. `completed_at` is when it was cancelled, so
 * 007's rule "pending exactly when not completed" still holds.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const paymentCancelMigration: SchemaMigration = {
  name: '009_payment_cancel',
  async up(knex: Knex, schema: string) {
    const table = `${ident(schema)}.payment_sandbox_payments`;
    await knex.raw(`
      ALTER TABLE ${table} DROP CONSTRAINT payment_sandbox_payments_status_check;
      ALTER TABLE ${table} ADD CONSTRAINT payment_sandbox_payments_status_check
        CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled'));
      ALTER TABLE ${table} ADD COLUMN cancellation_reason text
        CONSTRAINT payment_sandbox_payments_cancellation_reason_check
        CHECK (cancellation_reason IS NULL OR (status = 'cancelled' AND length(cancellation_reason) <= 200));
    `);
  },
  async down(knex: Knex, schema: string) {
    const table = `${ident(schema)}.payment_sandbox_payments`;
    // Before 009 a checkout could not be cancelled: a cancelled one is kept as failed (not payable).
    await knex.raw(`
      ALTER TABLE ${table} DROP COLUMN cancellation_reason;
      UPDATE ${table} SET status = 'failed' WHERE status = 'cancelled';
      ALTER TABLE ${table} DROP CONSTRAINT payment_sandbox_payments_status_check;
      ALTER TABLE ${table} ADD CONSTRAINT payment_sandbox_payments_status_check
        CHECK (status IN ('pending', 'succeeded', 'failed'));
    `);
  },
};
