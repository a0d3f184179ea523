/**
 * The analysts' SQL (migrations/025): the events view's typed columns from a funnel event's metadata,
 * the read models' views kept on the live generation through a rebuild, and (real PostgreSQL) the
 * read-only role: it reads the analytics schema and nothing else, and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../../engine/database/openDatabase.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase, unavailableReason } from '../../engine/testing/testDatabase.ts';
import { analyticsViewsMigration } from '../../migrations/025_analytics_views.ts';
import { createProjectionRunner } from '../createProjectionRunner.ts';
import { eventTypeStats } from '../eventTypeStats.ts';
import { analyticsSchemaOf } from '../projectionTables.ts';
import { rebuildProjection } from '../rebuildProjection.ts';
import { createAnalyticsRole } from './analyticsRole.ts';

describe('analytics SQL views', () => {
  let db: TestDatabase;
  let store: EventStore;
  let a: string;

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema });
    a = `"${analyticsSchemaOf(db.schema)}"`;
    await store.appendToStream('purchase-42', [
      {
        id: randomUUID(),
        type: 'InfosSubmitted',
        data: { purchaseId: '42', customerId: 'cus_1' },
        metadata: {
          actor: { kind: 'staff', staffId: 'st_3', role: 'sales' },
          machine: { id: 'purchase', version: 3 },
          correlationId: 'purchase-42',
          causationId: 'cmd-1',
          idempotencyKey: 'k-1',
          at: '2031-05-04T10:11:12.000Z',
          reason: 'phone call',
        },
      },
      { id: randomUUID(), type: 'Noted', data: {}, metadata: { at: 'not a time', actor: 'nobody' } },
    ]);
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
  });

  it('shows one row per event with the common metadata in typed columns', async () => {
    const { rows } = await db.knex.raw(
      `SELECT * FROM ${a}.events ORDER BY commit_position, prepare_position`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      event_type: 'InfosSubmitted',
      stream_name: 'purchase-42',
      stream_category: 'purchase',
      revision: '0',
      occurred_at: new Date('2031-05-04T10:11:12.000Z'),
      actor_kind: 'staff',
      actor_id: 'st_3',
      actor_role: 'sales',
      machine_id: 'purchase',
      machine_version: 3,
      correlation_id: 'purchase-42',
      causation_id: 'cmd-1',
      idempotency_key: 'k-1',
      reason: 'phone call',
      data: { purchaseId: '42', customerId: 'cus_1' },
    });
    expect(rows[0].recorded_at).toBeInstanceOf(Date);
    expect(rows[0].position).toBe(`${rows[0].commit_position}/${rows[0].prepare_position}`);
    // Metadata of another shape gives nulls, never an error.
    expect(rows[1]).toMatchObject({
      occurred_at: null,
      actor_kind: null,
      actor_id: null,
      machine_version: null,
    });
  });

  it("keeps a read model's view on its live generation through a rebuild", async () => {
    const runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [eventTypeStats],
    });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    const count = async () =>
      (await db.knex.raw(`SELECT sum(events)::int AS n FROM ${a}.event_type_stats`)).rows[0].n as number;
    expect(await count()).toBe(2);
    const rebuilt = await rebuildProjection({
      knex: db.knex,
      store,
      schema: db.schema,
      projection: eventTypeStats,
    });
    expect(rebuilt.switched).toBe(true);
    expect(await count()).toBe(2);
    const { rows } = await db.knex.raw(`SELECT name, live, status FROM ${a}.projections`);
    expect(rows).toEqual([{ name: 'event_type_stats', live: true, status: 'live' }]);
  });

  it('exposes the read models already live when the migration runs on an existing database', async () => {
    await analyticsViewsMigration.down(db.knex, db.schema);
    await expect(db.knex.raw(`SELECT 1 FROM ${a}.event_type_stats`)).rejects.toThrow();
    await analyticsViewsMigration.up(db.knex, db.schema);
    const { rows } = await db.knex.raw(`SELECT sum(events)::int AS n FROM ${a}.event_type_stats`);
    expect(rows[0].n).toBe(2);
  });

  describe.skipIf(unavailableReason('postgres'))('the read-only role (real PostgreSQL)', () => {
    const role = `analyst_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const password = randomUUID();
    const dropRole = async () => {
      await db.knex.raw(`DROP OWNED BY "${role}"`).catch(() => {});
      await db.knex.raw(`DROP ROLE IF EXISTS "${role}"`);
    };

    it('reads the analytics schema, not the app tables, and cannot write', { timeout: 30_000 }, async () => {
      try {
        await readOnlyRole();
      } finally {
        await dropRole();
      }
    });

    async function readOnlyRole() {
      const made = await createAnalyticsRole(db.knex, { role, password, schema: db.schema });
      expect(made).toEqual({ created: true, schema: analyticsSchemaOf(db.schema) });
      const url = new URL(db.url);
      url.username = role;
      url.password = password;
      const analyst = createKnex(url.toString(), 1, 'analytics-role-test');
      try {
        const { rows } = await analyst.raw(`SELECT count(*)::int AS n FROM ${a}.events`);
        expect(rows[0].n).toBe(2);
        expect((await analyst.raw(`SELECT count(*)::int AS n FROM ${a}.event_type_stats`)).rows[0].n).toBe(2);
        await expect(analyst.raw(`SELECT 1 FROM "${db.schema}".events`)).rejects.toThrow(/permission denied/);
        await expect(analyst.raw(`SELECT 1 FROM "${db.schema}".staff_accounts`)).rejects.toThrow(
          /permission denied/,
        );
        await expect(analyst.raw(`CREATE TABLE ${a}.mine (x int)`)).rejects.toThrow(/read-only|permission/);
        // A view made later (a rebuild's switch-over) is readable too.
        await rebuildProjection({ knex: db.knex, store, schema: db.schema, projection: eventTypeStats });
        await analyst.destroy();
        const again = createKnex(url.toString(), 1, 'analytics-role-test');
        try {
          expect((await again.raw(`SELECT count(*)::int AS n FROM ${a}.event_type_stats`)).rows[0].n).toBe(2);
        } finally {
          await again.destroy();
        }
      } finally {
        await analyst.destroy().catch(() => {});
      }
      // Run again: the same role, a new password.
      expect(
        (await createAnalyticsRole(db.knex, { role, password: `${password}!`, schema: db.schema })).created,
      ).toBe(false);
    }
  });
});
