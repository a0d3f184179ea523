/**
 * The events explorer on the in-memory store: filters by actor and recorded time on the events read,
 * a page cut short by its scan limit with a cursor that goes on where it stopped, a stream read in
 * several reads, and a deleted stream as not found.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.ts';
import type { EventStore, JsonObject } from '../../engine/eventStore.ts';
import { createInMemoryEventStore } from '../../engine/memory/createInMemoryEventStore.ts';
import { actorOf, eventExplorer } from './eventExplorer.ts';

const T0 = Date.parse('2031-01-01T00:00:00Z');
const HOUR = 3_600_000;

async function storeWith(count: number): Promise<EventStore> {
  let tick = 0;
  const store = createInMemoryEventStore({ now: () => new Date(T0 + tick * HOUR) });
  for (let n = 0; n < count; n++) {
    tick = n;
    const actor: JsonObject =
      n % 10 === 9 ? { kind: 'staff', staffId: 'st_1', role: 'sales' } : { kind: 'system', name: 'seed' };
    await store.appendToStream(`car-${n}`, [
      { id: crypto.randomUUID(), type: 'CarListed', data: { n }, metadata: { actor } },
    ]);
  }
  return store;
}

describe('the events explorer', () => {
  describe('given 100 events an hour apart, one in ten by a staff member', () => {
    it('when filtered by the staff member, then it answers their events only, oldest first', async () => {
      const explorer = eventExplorer({ store: await storeWith(100), readSize: 7 });
      const page = await explorer.page({ actor: 'st_1' }, { limit: 50, scanLimit: 1000 });
      expect(page.events.map((e) => e.data.n)).toEqual([9, 19, 29, 39, 49, 59, 69, 79, 89, 99]);
      expect(page.events[0]!.actor).toEqual({ kind: 'staff', id: 'st_1', role: 'sales' });
      expect(page.next).toBeNull();
    });

    it('when the scan limit is reached first, then the page is short and the cursor goes on from there', async () => {
      const explorer = eventExplorer({ store: await storeWith(100), readSize: 7 });
      const first = await explorer.page({ actor: 'st_1' }, { limit: 50, scanLimit: 25 });
      expect(first.events.map((e) => e.data.n)).toEqual([9, 19]);
      expect(first.scanned).toBe(25);
      expect(first.next).not.toBeNull();
      const [commit, prepare] = first.next!.split('/').map(BigInt);
      const second = await explorer.page(
        { actor: 'st_1' },
        { after: { commit: commit!, prepare: prepare! }, limit: 50, scanLimit: 1000 },
      );
      expect(second.events.map((e) => e.data.n)).toEqual([29, 39, 49, 59, 69, 79, 89, 99]);
    });

    it('when filtered by time, then `from` is included and `to` is not', async () => {
      const explorer = eventExplorer({ store: await storeWith(100) });
      const from = new Date(T0 + 10 * HOUR);
      const to = new Date(T0 + 13 * HOUR);
      const page = await explorer.page({ from, to }, { limit: 50, scanLimit: 1000 });
      expect(page.events.map((e) => e.data.n)).toEqual([10, 11, 12]);
    });

    it('when downloaded, then every matching event comes, across many reads', async () => {
      const explorer = eventExplorer({ store: await storeWith(100), readSize: 3 });
      const all = [];
      for await (const event of explorer.all({ type: 'CarListed', streamPrefix: 'car-1' })) all.push(event);
      expect(all.map((e) => e.streamName)).toEqual([
        'car-1',
        ...Array.from({ length: 10 }, (_, i) => `car-1${i}`),
      ]);
    });
  });

  describe('given a stream longer than one read, and a deleted one', () => {
    it('then the stream comes whole, and the deleted one is not found', async () => {
      const store = createInMemoryEventStore();
      await store.appendToStream(
        'purchase-1',
        Array.from({ length: 5 }, (_, n) => ({ id: crypto.randomUUID(), type: 'Noted', data: { n } })),
      );
      await store.appendToStream('purchase-2', [{ id: crypto.randomUUID(), type: 'Noted', data: {} }]);
      await store.deleteStream('purchase-2');
      const explorer = eventExplorer({ store, readSize: 2 });
      expect((await explorer.stream('purchase-1')).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      await expect(explorer.stream('purchase-2')).rejects.toBeInstanceOf(NotFoundError);
      await expect(explorer.stream('purchase-3')).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('an actor of any shape', () => {
    it('is read when it names its kind, else it is none', () => {
      expect(actorOf({ actor: { kind: 'buyer', visitorId: 'v_1' } })).toEqual({
        kind: 'buyer',
        id: 'v_1',
        role: null,
      });
      expect(actorOf({ actor: 'someone' })).toBeNull();
      expect(actorOf({ actor: { id: 'x' } })).toBeNull();
      expect(actorOf({})).toBeNull();
    });
  });
});
