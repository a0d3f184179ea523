/**
 * Appointment contacts found by their email, for erasing a visitor who never signed up
 * (engine/customers/eraseVisitor.ts): `customer_vault.contact_lookup`, the email's HMAC on `apc_` records,
 * not unique (one person books many times; an account's own lookup stays `email_lookup`, unique).
 * Records stored before it get theirs when an erasure first looks (this migration holds no key).
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const contactLookupsMigration: SchemaMigration = {
  name: '026_contact_lookups',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      ALTER TABLE ${s}.customer_vault ADD COLUMN contact_lookup bytea;
      CREATE INDEX customer_vault_contact_lookup ON ${s}.customer_vault (contact_lookup)
        WHERE contact_lookup IS NOT NULL;
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`ALTER TABLE ${s}.customer_vault DROP COLUMN contact_lookup`);
  },
};
