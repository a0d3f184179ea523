/**
 * Runs the migrations with knex's migrator (its lock table keeps concurrent app instances from
 * migrating twice), into one schema: `public` for the app, a throw-away one per test file.
 */
import type { Knex } from 'knex';
import { eventStoreMigration } from './001_event_store.ts';
import { projectionsMigration } from './002_projections.ts';
import { timersMigration } from './003_timers.ts';
import { sessionsAndStaffMigration } from './004_sessions_and_staff.ts';
import { appendEventsReplanMigration } from './005_append_events_replan.ts';
import { customersMigration } from './006_customers.ts';
import { paymentSandboxMigration } from './007_payment_sandbox.ts';
import { funnelIdsMigration } from './008_funnel_ids.ts';
import { paymentCancelMigration } from './009_payment_cancel.ts';
import { appendNotifyAfterCommitMigration } from './010_append_notify_after_commit.ts';
import { paymentStripeMigration } from './011_payment_stripe.ts';
import { customerCarsMigration } from './012_customer_cars.ts';
import { customerBillsMigration } from './013_customer_bills.ts';
import { customerNumbersMigration } from './014_customer_numbers.ts';
import { staffInvitationsMigration } from './015_staff_invitations.ts';
import { savedViewsMigration } from './016_saved_views.ts';
import { customerSignUpBackfillMigration } from './017_customer_signup_backfill.ts';
import { mailOutboxMigration } from './018_mail_outbox.ts';
import { leadsMigration } from './019_leads.ts';
import { appointmentsMigration } from './020_appointments.ts';
import { reportRunsMigration } from './024_report_runs.ts';
import { analyticsViewsMigration } from './025_analytics_views.ts';
import { contactLookupsMigration } from './026_contact_lookups.ts';
import { ident, type SchemaMigration } from './migration.ts';

export const MIGRATIONS: readonly SchemaMigration[] = [
  eventStoreMigration,
  projectionsMigration,
  timersMigration,
  sessionsAndStaffMigration,
  appendEventsReplanMigration,
  customersMigration,
  paymentSandboxMigration,
  funnelIdsMigration,
  paymentCancelMigration,
  appendNotifyAfterCommitMigration,
  paymentStripeMigration,
  customerCarsMigration,
  customerBillsMigration,
  customerNumbersMigration,
  staffInvitationsMigration,
  savedViewsMigration,
  customerSignUpBackfillMigration,
  mailOutboxMigration,
  leadsMigration,
  appointmentsMigration,
  reportRunsMigration,
  analyticsViewsMigration,
  contactLookupsMigration,
];

function migrationSource(schema: string): Knex.MigrationSource<SchemaMigration> {
  return {
    getMigrations: async () => [...MIGRATIONS],
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => ({
      up: (knex: Knex) => migration.up(knex, schema),
      down: (knex: Knex) => migration.down(knex, schema),
    }),
  };
}

export interface MigrateOptions {
  readonly schema?: string;
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(knex: Knex, options: MigrateOptions = {}): Promise<string[]> {
  const schema = options.schema ?? 'public';
  await knex.raw(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
  const [, applied] = await knex.migrate.latest({
    migrationSource: migrationSource(schema),
    schemaName: schema,
    tableName: 'knex_migrations',
  });
  return applied as string[];
}

export async function rollbackAll(knex: Knex, options: MigrateOptions = {}): Promise<void> {
  const schema = options.schema ?? 'public';
  await knex.migrate.rollback(
    { migrationSource: migrationSource(schema), schemaName: schema, tableName: 'knex_migrations' },
    true,
  );
}
