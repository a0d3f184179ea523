/**
 * Waking other app instances on real PostgreSQL (engine/README.md, "Waking other instances"): the
 * NOTIFY is sent after the append committed, outside its transaction, coalesced, and the append never
 * waits for it. That it wakes a subscriber in another instance is tested in gapSafety.int.spec.ts,
 * whose long transactions would otherwise hold back that subscriber's reads when run beside it.
 * (PGlite's socket server does not carry notifications across connections.)
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '../contract/eventStoreContract.ts';
import type { EventStore } from '../eventStore.ts';
import { openTestDatabase, type TestDatabase, unavailableReason } from '../testing/testDatabase.ts';
import { appendsChannel } from './appendNotifier.ts';
import { createPostgresEventStore } from './createPostgresEventStore.ts';

const skip = unavailableReason('postgres');
if (skip) console.log(`[skip] waking other instances: ${skip}`);

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skip)('waking other instances on PostgreSQL', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await openTestDatabase('postgres', 20);
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, listenUrl: db.url });
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  /** A raw LISTEN on the schema's channel, counting the notifications it receives. */
  async function countNotifications() {
    const client = new pg.Client({ connectionString: db.url });
    const received: number[] = [];
    client.on('notification', () => received.push(performance.now()));
    await client.connect();
    await client.query(`LISTEN "${appendsChannel(db.schema)}"`);
    return { received, close: () => client.end() };
  }

  it('given a burst of concurrent appends, then far fewer NOTIFYs are sent than appends, and the last append is followed by one', async () => {
    const windowMs = 5;
    const listener = await countNotifications();
    const writers = 16;
    const perWriter = 25;
    const started = performance.now();
    let lastCommitted = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          await store.appendToStream(`burst-${w}`, [event('Burst')]);
          lastCommitted = performance.now();
        }
      }),
    );
    const elapsed = performance.now() - started;
    await expect.poll(() => listener.received.at(-1) ?? 0, { timeout: 5000 }).toBeGreaterThan(lastCommitted);
    await settle(100);
    await listener.close();
    const appends = writers * perWriter;
    expect(listener.received.length).toBeGreaterThan(0);
    expect(listener.received.length).toBeLessThan(appends / 4);
    // The leading NOTIFY, then at most one per window.
    expect(listener.received.length).toBeLessThanOrEqual(Math.ceil(elapsed / windowMs) + 2);
  });

  it('given a NOTIFY that cannot be sent yet, then the append returns without waiting for it, and the NOTIFY follows once it can', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The store's knex, with every pg_notify held back until the gate opens.
    const gated = new Proxy(db.knex, {
      get(target, property, receiver) {
        if (property !== 'raw') return Reflect.get(target, property, receiver);
        return (sql: string, bindings: Knex.RawBinding[]) =>
          sql.includes('pg_notify') ? gate.then(() => target.raw(sql, bindings)) : target.raw(sql, bindings);
      },
    });
    const gatedStore = await createPostgresEventStore({ knex: gated, schema: db.schema });
    const listener = await countNotifications();

    const appended = gatedStore.appendToStream(`gated-${randomUUID()}`, [event('Gated')]);
    const outcome = await Promise.race([appended.then(() => 'appended'), settle(5000).then(() => 'waited')]);
    expect(outcome).toBe('appended');
    await settle(100);
    expect(listener.received).toHaveLength(0);

    release();
    await expect.poll(() => listener.received.length, { timeout: 5000 }).toBe(1);
    await gatedStore.close();
    await listener.close();
  });

  it('given a NOTIFY due at the end of a long window, when the store closes, then close sends it at once', async () => {
    const closing = await createPostgresEventStore({
      knex: db.knex,
      schema: db.schema,
      notifyWindowMs: 60_000,
    });
    const listener = await countNotifications();
    await closing.appendToStream(`closing-${randomUUID()}`, [event('First')]);
    await expect.poll(() => listener.received.length, { timeout: 5000 }).toBe(1);
    await closing.appendToStream(`closing-${randomUUID()}`, [event('Second')]);
    await settle(100);
    expect(listener.received).toHaveLength(1); // the second waits for the window
    await closing.close();
    await expect.poll(() => listener.received.length, { timeout: 5000 }).toBe(2);
    await listener.close();
  });
});
