/**
 * The runner's shared read of `$all`, on the in-memory event store: members at different positions get
 * each event once, a member far behind catches up without holding the others back, and a failing member
 * fails alone.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventStore, Position, RecordedEvent, SubscriptionHandler } from '../engine/eventStore.ts';
import { START } from '../engine/eventStore.ts';
import { createInMemoryEventStore } from '../engine/memory/createInMemoryEventStore.ts';
import { createSharedSubscription } from './sharedSubscription.ts';

/** The in-memory store, counting the shared subscriptions it is asked for. */
function countingStore() {
  const store = createInMemoryEventStore();
  const counted = { subscriptions: 0 };
  const counting: EventStore = {
    ...store,
    subscribeToAll(handler, options) {
      counted.subscriptions += 1;
      return store.subscribeToAll(handler, options);
    },
  };
  const append = async (stream: string, type: string, n: number): Promise<Position> =>
    (await store.appendToStream(stream, [{ id: randomUUID(), type, data: { n } }])).position;
  return { store: counting, counted, append };
}

const collector = (onEvent: (event: RecordedEvent) => Promise<void> | void = () => {}) => {
  const seen: number[] = [];
  const handler: SubscriptionHandler = {
    async onEvent(event) {
      await onEvent(event);
      seen.push(event.data.n as number);
    },
  };
  return { seen, handler };
};

describe('shared subscription', () => {
  it('given members at different positions, then each gets every event of its filter after its position once, from one shared read', async () => {
    const { store, counted, append } = countingStore();
    const shared = createSharedSubscription({ store, batchSize: 2 });
    await append('a-1', 'Apple', 1);
    const second = await append('b-1', 'Banana', 2);
    await append('a-1', 'Apple', 3);
    const apples = collector();
    const all = collector();
    const a = shared.subscribe(apples.handler, {
      fromPosition: START,
      filter: { eventTypePrefixes: ['Apple'] },
    });
    const b = shared.subscribe(all.handler, { fromPosition: second });
    await expect.poll(() => [apples.seen, all.seen]).toEqual([[1, 3], [3]]);
    for (let n = 4; n <= 9; n++) await append(n % 2 ? 'a-1' : 'b-1', n % 2 ? 'Apple' : 'Banana', n);
    await expect
      .poll(() => [apples.seen, all.seen])
      .toEqual([
        [1, 3, 5, 7, 9],
        [3, 4, 5, 6, 7, 8, 9],
      ]);
    expect(counted.subscriptions).toBe(1);
    await a.stop();
    await b.stop();
    await a.done;
  });

  it('given a member far behind, then it catches up alone while the others keep getting new events', async () => {
    const { store, append } = countingStore();
    const shared = createSharedSubscription({ store, batchSize: 10 });
    for (let n = 1; n <= 3; n++) await append('a-1', 'Apple', n);
    const live = collector();
    const liveSubscription = shared.subscribe(live.handler, { fromPosition: await store.headPosition() });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const behind = collector(() => gate);
    const behindSubscription = shared.subscribe(behind.handler, { fromPosition: START });
    await append('a-1', 'Apple', 4);
    await expect.poll(() => live.seen).toEqual([4]);
    expect(behind.seen).toEqual([]);
    release();
    await append('a-1', 'Apple', 5);
    await expect.poll(() => behind.seen).toEqual([1, 2, 3, 4, 5]);
    expect(live.seen).toEqual([4, 5]);
    await liveSubscription.stop();
    await behindSubscription.stop();
  });

  it('given a member whose handler throws, then it fails alone and the shared read goes on for the others', async () => {
    const { store, counted, append } = countingStore();
    const shared = createSharedSubscription({ store, batchSize: 10 });
    const failing = collector((event) => {
      if (event.data.n === 2) throw new Error('cannot take 2');
    });
    const other = collector();
    const f = shared.subscribe(failing.handler, { fromPosition: START });
    const o = shared.subscribe(other.handler, { fromPosition: START });
    await expect.poll(() => counted.subscriptions).toBe(1);
    await append('a-1', 'Apple', 1);
    await append('a-1', 'Apple', 2);
    await append('a-1', 'Apple', 3);
    await expect(f.done).rejects.toThrow('cannot take 2');
    await expect.poll(() => other.seen).toEqual([1, 2, 3]);
    expect(failing.seen).toEqual([1]);

    // Once nobody is left the shared read stops; the next member starts another.
    await o.stop();
    const late = collector();
    const l = shared.subscribe(late.handler, { fromPosition: START });
    await expect.poll(() => late.seen).toEqual([1, 2, 3]);
    await append('a-1', 'Apple', 4);
    await expect.poll(() => late.seen).toEqual([1, 2, 3, 4]);
    expect(counted.subscriptions).toBe(2);
    await l.stop();
  });
});
