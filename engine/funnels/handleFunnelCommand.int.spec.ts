/**
 * The funnels' command handler on real PostgreSQL: metadata on every event, idempotency keys (a
 * repeated or racing command appends once), concurrent commands re-decided, and the staff history
 * (timeline, state after any event). A tiny "tally" decider stands in for a funnel machine.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.ts';
import type { FunnelEventMetadata } from '../../domain/funnel/funnelMetadata.ts';
import type { EventStore } from '../eventStore.ts';
import type { Evolver } from '../handleCommand.ts';
import { createPostgresEventStore } from '../postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { readTimeline, stateAfter } from './funnelHistory.ts';
import { handleFunnelCommand } from './handleFunnelCommand.ts';

type TallyEvent = { type: 'Added'; data: { n: number } };
const tally: Evolver<number, TallyEvent> = {
  initialState: 0,
  evolve: (total, event) => total + event.data.n,
};
const metadata = (at: string): Omit<FunnelEventMetadata, 'idempotencyKey'> => ({
  actor: { kind: 'buyer', customerId: 'cus_1' },
  machine: { id: 'tally', version: 1 },
  correlationId: 'tally-1',
  causationId: randomUUID(),
  at,
});

describe('handleFunnelCommand on PostgreSQL', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema });
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
  });

  const add = (stream: string, n: number, key: string, maxAttempts?: number) =>
    handleFunnelCommand(store, stream, tally, () => [{ type: 'Added', data: { n } }], {
      idempotencyKey: key,
      metadata: metadata('2026-11-21T10:00:00.000Z'),
      ...(maxAttempts ? { maxAttempts } : {}),
    });

  it('given a new stream, when a command is handled, then its events carry the metadata and the key', async () => {
    const stream = `tally-${randomUUID()}`;
    const result = await add(stream, 2, 'k1');
    expect(result).toMatchObject({ state: 2, revision: 0n, replayed: false });
    const [event] = await store.readStream(stream);
    expect(event?.metadata).toMatchObject({
      idempotencyKey: 'k1',
      actor: { kind: 'buyer', customerId: 'cus_1' },
      machine: { id: 'tally', version: 1 },
      at: '2026-11-21T10:00:00.000Z',
    });
  });

  it('given a handled key, when the same command comes again, then nothing is appended and the first events are answered', async () => {
    const stream = `tally-${randomUUID()}`;
    await add(stream, 2, 'k1');
    await add(stream, 3, 'k2');
    const again = await add(stream, 2, 'k1');
    expect(again).toMatchObject({ replayed: true, state: 5, events: [{ type: 'Added', data: { n: 2 } }] });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('given ten copies of one command at once (a double click, retries), then exactly one set of events lands', async () => {
    const stream = `tally-${randomUUID()}`;
    await add(stream, 1, 'first');
    const results = await Promise.all(Array.from({ length: 10 }, () => add(stream, 7, 'same-key', 20)));
    expect(await store.readStream(stream)).toHaveLength(2);
    for (const result of results) expect(result.events).toEqual([{ type: 'Added', data: { n: 7 } }]);
  });

  it('given different commands at once, then each is re-decided after a conflict and all land', async () => {
    const stream = `tally-${randomUUID()}`;
    await Promise.all([1, 2, 3, 4, 5].map((n) => add(stream, n, `key-${n}`, 10)));
    const final = await add(stream, 0, 'read');
    expect(final.state).toBe(15);
  });

  it('given a stream, then the timeline lists every event with its metadata and the state after any event is exact', async () => {
    const stream = `tally-${randomUUID()}`;
    await add(stream, 2, 'a');
    await add(stream, 3, 'b');
    await add(stream, 4, 'c');
    const timeline = await readTimeline(store, stream);
    expect(
      timeline.map((entry) => [entry.revision, entry.type, entry.data, entry.metadata.idempotencyKey]),
    ).toEqual([
      [0, 'Added', { n: 2 }, 'a'],
      [1, 'Added', { n: 3 }, 'b'],
      [2, 'Added', { n: 4 }, 'c'],
    ]);
    expect(await stateAfter(store, stream, tally, 1)).toBe(5);
    await expect(stateAfter(store, stream, tally, 3)).rejects.toBeInstanceOf(NotFoundError);
    await expect(readTimeline(store, `tally-${randomUUID()}`)).rejects.toBeInstanceOf(NotFoundError);
  });
});
