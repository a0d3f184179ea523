/**
 * Staff invitations: an admin invites a person by email (engine/staff); their account waits without a
 * password (`password_hash` null: it cannot sign in) until they set one through the invitation's link.
 * One invitation per account: only the SHA-256 of its random token is stored, it is single-use
 * (`accepted_at`) and ends at `expires_at`; inviting again replaces the token.
 */
import type { Knex } from 'knex';
import { ident, type SchemaMigration } from './migration.ts';

export const staffInvitationsMigration: SchemaMigration = {
  name: '015_staff_invitations',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      ALTER TABLE ${s}.staff_accounts ALTER COLUMN password_hash DROP NOT NULL;

      CREATE TABLE ${s}.staff_invitations (
        staff_id uuid PRIMARY KEY REFERENCES ${s}.staff_accounts (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        locale text NOT NULL,
        invited_by uuid,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz
      );
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      DROP TABLE IF EXISTS ${s}.staff_invitations;
      DELETE FROM ${s}.staff_accounts WHERE password_hash IS NULL;
      ALTER TABLE ${s}.staff_accounts ALTER COLUMN password_hash SET NOT NULL;
    `);
  },
};
