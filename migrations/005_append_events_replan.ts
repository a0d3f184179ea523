/**
 * Redefines the event store's append function so that its slow path (new, deleted or retried streams)
 * no longer reuses a plan made while the events table was small: see appendEventsFunction.ts.
 */
import type { Knex } from 'knex';
import { appendEventsFunction } from './appendEventsFunction.ts';
import type { SchemaMigration } from './migration.ts';

export const appendEventsReplanMigration: SchemaMigration = {
  name: '005_append_events_replan',
  async up(knex: Knex, schema: string) {
    await knex.raw(appendEventsFunction(knex, schema, { replanIdChecks: true }));
  },
  async down(knex: Knex, schema: string) {
    await knex.raw(appendEventsFunction(knex, schema, { replanIdChecks: false }));
  },
};
