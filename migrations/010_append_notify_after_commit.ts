/**
 * Appends that commit together. The append function no longer sends the NOTIFY that wakes other app
 * instances: PostgreSQL serialises the commits of transactions that notified, which held concurrent
 * appends to one commit at a time. The event store adapter notifies after the append committed,
 * outside its transaction, coalesced (engine/README.md, "Waking other instances"). A one-event append
 * also takes a lighter insert (see appendEventsFunction.ts). Otherwise the function is 005's.
 */
import type { Knex } from 'knex';
import { appendEventsFunction } from './appendEventsFunction.ts';
import type { SchemaMigration } from './migration.ts';

export const appendNotifyAfterCommitMigration: SchemaMigration = {
  name: '010_append_notify_after_commit',
  async up(knex: Knex, schema: string) {
    await knex.raw(
      appendEventsFunction(knex, schema, {
        replanIdChecks: true,
        notifyInTransaction: false,
        oneEventInsert: true,
      }),
    );
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(appendEventsFunction(knex, schema, { replanIdChecks: true }));
  },
};
