/**
 * Gap safety on real PostgreSQL: global positions come from a sequence and commit out of order. A
 * subscriber must neither skip an append that took its position first and commits last, nor ever see
 * one that rolls back. (PGlite runs one transaction at a time, so the interleaving cannot happen there.)
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '../contract/eventStoreContract.ts';
import { createKnex } from '../database/openDatabase.ts';
import { comparePositions, type EventStore, type RecordedEvent } from '../eventStore.ts';
import { openTestDatabase, type TestDatabase, unavailableReason } from '../testing/testDatabase.ts';
import { appendPayload, createPostgresEventStore } from './createPostgresEventStore.ts';

const skip = unavailableReason('postgres');
if (skip) console.log(`[skip] gap safety: ${skip}`);

describe.skipIf(skip)('gap-safe subscriptions on PostgreSQL', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    store = await createPostgresEventStore({
      knex: db.knex,
      schema: db.schema,
      listenUrl: db.url,
      pollIntervalMs: 50,
    });
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  const appendInTransaction = async (trx: Knex.Transaction, stream: string, type: string) => {
    await trx.raw(`SELECT * FROM "${db.schema}".append_events(?, 'any', ?::jsonb)`, [
      stream,
      appendPayload([event(type)]),
    ]);
  };
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('given an append that takes its position first and commits last, when it commits, then it is delivered once, before the later one', async () => {
    const prefix = `gap-${randomUUID()}`;
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(
      { onEvent: (e) => void seen.push(e) },
      { filter: { streamNamePrefixes: [prefix] } },
    );

    const late = await db.knex.transaction();
    await appendInTransaction(late, `${prefix}-a`, 'TookPositionFirst');
    await store.appendToStream(`${prefix}-b`, [event('CommittedFirst')]);
    const rolledBack = await db.knex.transaction();
    await appendInTransaction(rolledBack, `${prefix}-c`, 'RolledBack');
    await rolledBack.rollback();

    await settle(400);
    expect(seen.map((e) => e.type)).toEqual([]); // delivering the later event now would skip the late one

    await late.commit();
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(2);
    await settle(300);
    expect(seen.map((e) => e.type)).toEqual(['TookPositionFirst', 'CommittedFirst']);
    expect(seen[0]!.position.prepare).toBeLessThan(seen[1]!.position.prepare);
    await subscription.stop();
  });

  it('given an append in a long transaction, readAll waits for it rather than returning what follows', async () => {
    const prefix = `gap-read-${randomUUID()}`;
    const open = await db.knex.transaction();
    await appendInTransaction(open, `${prefix}-a`, 'Open');
    await store.appendToStream(`${prefix}-b`, [event('After')]);
    expect(await store.readAll({ filter: { streamNamePrefixes: [prefix] } })).toEqual([]);
    await open.commit();
    // Visible once no older transaction anywhere in the cluster is still open (other test files run too).
    await expect
      .poll(
        async () => (await store.readAll({ filter: { streamNamePrefixes: [prefix] } })).map((e) => e.type),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['Open', 'After']);
  });

  it('given an append in a long transaction, the committed position runs ahead of the head until it commits', async () => {
    const prefix = `gap-head-${randomUUID()}`;
    const open = await db.knex.transaction();
    await appendInTransaction(open, `${prefix}-a`, 'Open');
    const after = await store.appendToStream(`${prefix}-b`, [event('After')]);
    // "Caught up" must wait for this: the later event is committed but no gap-safe reader may see it yet.
    expect(await store.committedPosition()).toEqual(after.position);
    expect(comparePositions(await store.headPosition(), after.position)).toBeLessThan(0);
    await open.commit();
    await expect
      .poll(async () => comparePositions(await store.headPosition(), after.position), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(0);
  });

  it('given a subscriber in another app instance, then the NOTIFY sent after each append committed wakes it long before its poll interval', async () => {
    const prefix = `listen-${randomUUID()}`;
    const otherKnex = createKnex(db.url, 2, 'other-instance');
    const other = await createPostgresEventStore({
      knex: otherKnex,
      schema: db.schema,
      listenUrl: db.url,
      pollIntervalMs: 60_000,
    });
    const received: number[] = [];
    let caughtUp!: () => void;
    const live = new Promise<void>((resolve) => {
      caughtUp = resolve;
    });
    const subscription = other.subscribeToAll(
      {
        onEvent: (e) => void received.push(performance.now() - Number(e.data.sentAt)),
        onCaughtUp: () => caughtUp(),
      },
      { fromPosition: 'end', filter: { streamNamePrefixes: [prefix] } },
    );
    await live; // the subscriber has read once and now sleeps for up to a minute
    for (let i = 0; i < 5; i++) {
      await store.appendToStream(`${prefix}-a`, [{ ...event('Ping'), data: { sentAt: performance.now() } }]);
      await settle(50);
    }
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(5);
    expect(Math.max(...received)).toBeLessThan(1000);
    await subscription.stop();
    await other.close();
    await otherKnex.destroy();
  });
});
