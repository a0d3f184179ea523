/** Favorites moving from a visitor to the account at sign-in, on the in-memory event store. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { evolveFavorites, initialFavorites, MAX_FAVORITES } from '../../domain/favorites/decide.ts';
import { favoritesStream } from '../../domain/favorites/events.ts';
import { readAggregate } from '../../engine/handleCommand.ts';
import { createInMemoryEventStore } from '../../engine/memory/createInMemoryEventStore.ts';
import { moveVisitorFavorites } from './moveVisitorFavorites.ts';

const favorites = { initialState: initialFavorites, evolve: evolveFavorites };
const visitor = favoritesStream({ kind: 'visitor', id: 'v1' });
const customer = favoritesStream({ kind: 'customer', id: 'cus_1' });

async function given(store: ReturnType<typeof createInMemoryEventStore>, stream: string, carIds: string[]) {
  if (carIds.length === 0) return;
  await store.appendToStream(
    stream,
    carIds.map((carId) => ({ id: randomUUID(), type: 'CarFavorited', data: { carId } })),
  );
}
const listOf = async (store: ReturnType<typeof createInMemoryEventStore>, stream: string) =>
  (await readAggregate(store, stream, favorites)).state;

describe('moving a visitor’s favorites to the account', () => {
  it('given favorites on both lists, then the account gets the new ones after its own, the browser’s list empties, and again changes nothing', async () => {
    const store = createInMemoryEventStore();
    await given(store, visitor, ['1', '2', '3']);
    await given(store, customer, ['2', '9']);
    const move = moveVisitorFavorites({ store, newId: randomUUID });
    await move({ customerId: 'cus_1', visitorId: 'v1' });
    expect(await listOf(store, customer)).toEqual(['2', '9', '1', '3']);
    expect(await listOf(store, visitor)).toEqual([]);
    const events = (await store.readAll()).length;
    await move({ customerId: 'cus_1', visitorId: 'v1' });
    expect((await store.readAll()).length).toBe(events);
  });

  it('given an account nearly full, then only what fits moves and the rest stays with the browser', async () => {
    const store = createInMemoryEventStore();
    await given(
      store,
      customer,
      Array.from({ length: MAX_FAVORITES - 1 }, (_, i) => `c${i}`),
    );
    await given(store, visitor, ['1', '2']);
    await moveVisitorFavorites({ store, newId: randomUUID })({ customerId: 'cus_1', visitorId: 'v1' });
    expect((await listOf(store, customer)).at(-1)).toBe('1');
    expect(await listOf(store, visitor)).toEqual(['2']);
  });

  it('given no visitor id or an empty list, then nothing is written', async () => {
    const store = createInMemoryEventStore();
    const move = moveVisitorFavorites({ store, newId: randomUUID });
    await move({ customerId: 'cus_1', visitorId: undefined });
    await move({ customerId: 'cus_1', visitorId: 'v1' });
    expect(await store.readAll()).toEqual([]);
  });
});
