import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreContract, event } from '../contract/eventStoreContract.ts';
import type { EventStore } from '../eventStore.ts';
import { DuplicateEventIdError } from '../eventStoreErrors.ts';
import { type DatabaseTarget, openTestDatabase, unavailableReason } from '../testing/testDatabase.ts';
import { createPostgresEventStore } from './createPostgresEventStore.ts';

async function openStore(target: DatabaseTarget, poolSize?: number) {
  const db = await openTestDatabase(target, poolSize);
  const store = await createPostgresEventStore({
    knex: db.knex,
    schema: db.schema,
    listenUrl: db.embedded ? undefined : db.url,
  });
  return {
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
