import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreContract, event } from '../contract/eventStoreContract.ts';
import type { EventStore } from '../eventStore.ts';
import { DuplicateEventIdError } from '../eventStoreErrors.ts';
import { type DatabaseTarget, openTestDatabase, unavailableReason } from '../testing/testDatabase.ts';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './createPostgresEventStore.ts';

async function openStore(
  target: DatabaseTarget,
  poolSize?: number,
  options: Partial<PostgresEventStoreOptions> = {},
) {
  const db = await openTestDatabase(target, poolSize);
  const store = await createPostgresEventStore({
    knex: db.knex,
    schema: db.schema,
    listenUrl: db.embedded ? undefined : db.url,
    ...options,
  });
  return {
    db,
    store,
    async close() {
      await store.close();
      await db.close();
    },
  };
}

for (const target of ['postgres', 'pglite'] as const) {
  describeEventStoreContract({
    name: target === 'postgres' ? 'PostgreSQL' : 'PGlite',
    skipReason: unavailableReason(target),
    parallelWriters: target === 'postgres',
    open: () => openStore(target, 40),
  });
}

/**
 * The one-event insert of `append_events` (migration 010): a stream that exists takes the fast path,
 * where an event id stored already must still end as the contract says (a retry returns its first
 * outcome; an id of another stream's event is refused), with nothing written twice.
 */
describe('appending one event to a stream that exists', () => {
  let opened: Awaited<ReturnType<typeof openStore>>;
  let store: EventStore;
  beforeAll(async () => {
    opened = await openStore('default');
    store = opened.store;
  });
  afterAll(() => opened.close());

  it('given an append retried with expected revision any, then the retry answers the first outcome and writes nothing', async () => {
    // Given
    const stream = `one-${randomUUID()}`;
    await store.appendToStream(stream, [event('First')]);
    const once = event('Once');
    const first = await store.appendToStream(stream, [once]);
    // When
    const retry = await store.appendToStream(stream, [once]);
    // Then
    expect(retry).toEqual(first);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['First', 'Once']);
  });

  it("given an event id of another stream's event, then the append is refused and the stream is unchanged", async () => {
    // Given
    const stream = `one-${randomUUID()}`;
    await store.appendToStream(stream, [event('First')]);
    const reused = event('Elsewhere');
    await store.appendToStream(`other-${randomUUID()}`, [reused]);
    // When
    const append = store.appendToStream(stream, [reused]);
    // Then
    await expect(append).rejects.toBeInstanceOf(DuplicateEventIdError);
    // Still at revision 0: the refused append moved nothing.
    const after = await store.appendToStream(stream, [event('Next')], { expectedRevision: 0n });
    expect(after.nextExpectedRevision).toBe(1n);
  });
});

describe('a filtered subscription', () => {
  it('given nothing to deliver, then each of its reads is one statement (the rows and the head they were read up to), and a match appended later is delivered', async () => {
    // Given: a log with an event the filter skips, and a subscription polling every 20 ms
    const opened = await openStore('default', 10, { pollIntervalMs: 20, coalesceMs: 0 });
    const prefix = `wanted-${randomUUID()}`;
    await opened.store.appendToStream(`skipped-${randomUUID()}`, [event('Skipped')]);
    const delivered: string[] = [];
    const subscription = opened.store.subscribeToAll(
      { onEvent: (e) => void delivered.push(e.type) },
      { filter: { streamNamePrefixes: [prefix] } },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // When: it polls with nothing to deliver
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    opened.db.knex.on('query', record);
    await new Promise((resolve) => setTimeout(resolve, 300));
    opened.db.knex.off('query', record);
    // Then: one statement per read, no separate head query
    expect(statements.length).toBeGreaterThan(3);
    expect(statements.filter((sql) => !sql.includes('LEFT JOIN LATERAL'))).toEqual([]);
    await opened.store.appendToStream(`${prefix}-a`, [event('Wanted')]);
    await expect.poll(() => delivered, { timeout: 10_000 }).toEqual(['Wanted']);
    await subscription.stop();
    await opened.close();
  });
});
