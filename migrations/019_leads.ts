/**
 * Leads (domain/leads/README.md): `lead_contacts`, each lead's own vault subject (the person's words
 * sealed under a data key of the lead's, as in `customer_vault`; an HMAC of the email, not unique, so an
 * erasure finds a person's leads; the account it joined); erasure nulls the key, data and lookup. The
 * outbox learns two recipient kinds: a lead's contact and a dealer (addresses read at send time).
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const leadsMigration: SchemaMigration = {
  name: '019_leads',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.lead_contacts (
        lead_id text PRIMARY KEY CHECK (lead_id ~ '^lead_[a-f0-9]{32}$'),
        email_lookup bytea,
        customer_id text,
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
      CREATE INDEX lead_contacts_email ON ${s}.lead_contacts (email_lookup) WHERE email_lookup IS NOT NULL;
      CREATE INDEX lead_contacts_customer ON ${s}.lead_contacts (customer_id) WHERE customer_id IS NOT NULL;
      ALTER TABLE ${s}.mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_recipient_kind_check;
      ALTER TABLE ${s}.mail_outbox ADD CONSTRAINT mail_outbox_recipient_kind_check
        CHECK (recipient_kind IN ('customer', 'staff', 'lead', 'dealer'));
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      DELETE FROM ${s}.mail_outbox WHERE recipient_kind IN ('lead', 'dealer');
      ALTER TABLE ${s}.mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_recipient_kind_check;
      ALTER TABLE ${s}.mail_outbox ADD CONSTRAINT mail_outbox_recipient_kind_check
        CHECK (recipient_kind IN ('customer', 'staff'));
      DROP TABLE IF EXISTS ${s}.lead_contacts;
    `);
  },
};
