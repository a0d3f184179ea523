/**
 * The mail outbox (engine/mail/README.md): one row per mail, unique per cause (`dedupe_key`), holding
 * a recipient reference and non-personal parameters only; a worker's lease while it sends.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const mailOutboxMigration: SchemaMigration = {
  name: '018_mail_outbox',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.mail_outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        dedupe_key text NOT NULL UNIQUE,
        template text NOT NULL,
        locale text NOT NULL,
        recipient_kind text NOT NULL CHECK (recipient_kind IN ('customer', 'staff')),
        recipient_id text NOT NULL,
        params jsonb NOT NULL CHECK (jsonb_typeof(params) = 'object'),
        secret bytea,
        status text NOT NULL DEFAULT 'waiting'
          CHECK (status IN ('waiting', 'sent', 'failed', 'cancelled')),
        attempts integer NOT NULL DEFAULT 0,
        due_at timestamptz NOT NULL,
        lease_owner uuid,
        lease_until timestamptz,
        last_error text,
        cancel_reason text,
        message_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        sent_at timestamptz
      );
      CREATE INDEX mail_outbox_due ON ${s}.mail_outbox (due_at) WHERE status = 'waiting';
      CREATE INDEX mail_outbox_recipient ON ${s}.mail_outbox (recipient_kind, recipient_id)
        WHERE status = 'waiting';
      CREATE INDEX mail_outbox_list ON ${s}.mail_outbox (status, created_at DESC, id DESC);
    `);
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(`DROP TABLE IF EXISTS ${ident(schema)}.mail_outbox`);
  },
};
