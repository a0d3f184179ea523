import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../domain/errors.ts';
import { decideFavorites, evolveFavorites, initialFavorites } from '../domain/favorites/decide.ts';
import type { FavoritesEvent } from '../domain/favorites/events.ts';
import type { EventStore } from './eventStore.ts';
import { aggregateStream, type Evolver, handleCommand } from './handleCommand.ts';
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
    expect(first.state).toEqual(['12']);
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
    const { state, revision } = await aggregateStream(store, stream, favorites);
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
    const { state } = await aggregateStream(store, stream, favorites);
    expect(state).not.toContain('7'); // nothing of the handler's was written
  });
});
