import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import { decideFavorites, evolveFavorites, initialFavorites } from '../domain/favorites/decide.ts';
import type { FavoritesEvent } from '../domain/favorites/events.ts';
import type { FunnelEventMetadata } from '../domain/funnel/funnelMetadata.ts';
import type { EventStore, JsonObject } from './eventStore.ts';
import { readTimeline, stateAfter } from './funnels/funnelHistory.ts';
import { type Evolver, handleCommand, readAggregate } from './handleCommand.ts';
import { createPostgresEventStore } from './postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from './testing/testDatabase.ts';

const favorites: Evolver<readonly string[], FavoritesEvent> = {
  initialState: initialFavorites,
  evolve: evolveFavorites,
};

describe('handleCommand on PostgreSQL', () => {
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

  const favorite = (stream: string, carId: string) =>
    handleCommand(
      store,
      stream,
      favorites,
      (s) => decideFavorites({ type: 'FavoriteCar', carId, carExists: true }, s),
      {
        newId: randomUUID,
      },
    );

  it('appends the decided events and reports the new state; a repeated command appends nothing', async () => {
    const stream = `favorites-visitor-${randomUUID()}`;
    const first = await favorite(stream, '12');
    expect(first.events).toHaveLength(1);
    expect(first.stream.state).toEqual(['12']);
    const again = await favorite(stream, '12');
    expect(again.events).toEqual([]);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('concurrent commands on one stream all land: the losers re-read and decide again', async () => {
    const stream = `favorites-visitor-${randomUUID()}`;
    const carIds = ['1', '2', '3', '4', '5'];
    const results = await Promise.allSettled(
      carIds.map((carId) =>
        handleCommand(
          store,
          stream,
          favorites,
          (s) => decideFavorites({ type: 'FavoriteCar', carId, carExists: true }, s),
          { newId: randomUUID, maxAttempts: 10 },
        ),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const { state, revision } = await readAggregate(store, stream, favorites);
    expect([...state].sort()).toEqual(carIds);
    expect(revision).toBe(4n);
  });

  it('gives up with a conflict after its attempts when another writer always gets in first', async () => {
    const stream = `favorites-visitor-${randomUUID()}`;
    let appends = 0;
    // A real concurrent writer: before each of the handler's appends, someone else appends to the stream.
    const contended: EventStore = {
      ...store,
      async appendToStream(name, events, options) {
        appends += 1;
        await store.appendToStream(name, [
          { id: randomUUID(), type: 'CarFavorited', data: { carId: `o${appends}` } },
        ]);
        return store.appendToStream(name, events, options);
      },
    };
    await expect(
      handleCommand(
        contended,
        stream,
        favorites,
        (s) => decideFavorites({ type: 'FavoriteCar', carId: '7', carExists: true }, s),
        {
          newId: randomUUID,
          maxAttempts: 3,
        },
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(appends).toBe(3);
    const { state } = await readAggregate(store, stream, favorites);
    expect(state).not.toContain('7'); // nothing of the handler's was written
  });
});

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

describe('handleCommand with an idempotency key on PostgreSQL', () => {
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
    handleCommand(store, stream, tally, (): TallyEvent[] => [{ type: 'Added', data: { n } }], {
      idempotencyKey: key,
      metadata: metadata('2026-11-21T10:00:00.000Z') as unknown as JsonObject,
      ...(maxAttempts ? { maxAttempts } : {}),
    });

  it('given a new stream, when a command is handled, then its events carry the metadata and the key', async () => {
    const stream = `tally-${randomUUID()}`;
    const result = await add(stream, 2, 'k1');
    expect(result).toMatchObject({ stream: { state: 2, revision: 0n }, replayed: false });
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
    expect(again).toMatchObject({
      replayed: true,
      stream: { state: 5 },
      events: [{ type: 'Added', data: { n: 2 } }],
    });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('given a decision made on the caller’s read, then it is appended as it is, and decided again only after a conflict', async () => {
    const stream = `tally-${randomUUID()}`;
    await add(stream, 1, 'first');
    const read = await readAggregate(store, stream, tally);
    let decisions = 0;
    const decide = () => {
      decisions += 1;
      return [{ type: 'Added', data: { n: 10 } } as const];
    };
    const options = {
      idempotencyKey: 'k',
      metadata: {},
      read,
      decided: [{ type: 'Added', data: { n: 10 } }] as const,
    };
    const result = await handleCommand(store, stream, tally, decide, options);
    expect([result.stream.state, decisions]).toEqual([11, 0]);
    await add(stream, 5, 'meanwhile');
    const late = await handleCommand(store, stream, tally, decide, { ...options, idempotencyKey: 'k2' });
    expect([late.stream.state, decisions]).toEqual([26, 1]);
  });

  it('given an evolver with an upcaster, when a stream is read, then its events are read through it', async () => {
    const stream = `tally-${randomUUID()}`;
    await add(stream, 2, 'old');
    const upcasting = {
      ...tally,
      upcast: (e: TallyEvent): TallyEvent => ({ ...e, data: { n: e.data.n * 10 } }),
    };
    const read = await readAggregate(store, stream, upcasting);
    expect([read.state, read.events]).toEqual([20, [{ type: 'Added', data: { n: 20 } }]]);
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
    expect(final.stream.state).toBe(15);
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
