/**
 * Dealer appointments (domain/appointment/README.md): the vault also keeps appointment contacts
 * (`apc_…`: the name, email and phone typed in the form, sealed like a customer's), which have no email
 * lookup, so a visitor's address never blocks a later sign-up. The appointments' read model is the
 * projection `appointments` (projections/appointments), whose tables the runner creates.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const appointmentsMigration: SchemaMigration = {
  name: '020_appointments',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      ALTER TABLE ${s}.customer_vault DROP CONSTRAINT customer_vault_check;
      ALTER TABLE ${s}.customer_vault ADD CONSTRAINT customer_vault_check CHECK (
        CASE WHEN erased_at IS NULL
          THEN (email_lookup IS NOT NULL OR customer_id LIKE 'apc\\_%') AND key_id IS NOT NULL
            AND wrapped_key IS NOT NULL AND sealed_data IS NOT NULL
          ELSE email_lookup IS NULL AND key_id IS NULL AND wrapped_key IS NULL AND sealed_data IS NULL
        END
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      DELETE FROM ${s}.customer_vault WHERE customer_id LIKE 'apc\\_%';
      ALTER TABLE ${s}.customer_vault DROP CONSTRAINT customer_vault_check;
      ALTER TABLE ${s}.customer_vault ADD CONSTRAINT customer_vault_check CHECK (
        CASE WHEN erased_at IS NULL
          THEN email_lookup IS NOT NULL AND key_id IS NOT NULL AND wrapped_key IS NOT NULL
            AND sealed_data IS NOT NULL
          ELSE email_lookup IS NULL AND key_id IS NULL AND wrapped_key IS NULL AND sealed_data IS NULL
        END
      );
    `);
  },
};
