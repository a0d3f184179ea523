/**
 * Test support for the EventStoreDB adapter's unit tests: client-shaped events, reads and
 * subscriptions built on Node streams, so the adapter's logic runs without a server.
 */
import { PassThrough, Readable } from 'node:stream';
import type { EsdbRecordedEvent, EsdbResolvedEvent } from './esdbMapping.ts';

/** The n-th event (n ≥ 1): revision n-1, position n×100, id ending in n. */
export function esdbEvent(n: number, overrides: Partial<EsdbRecordedEvent> = {}): EsdbResolvedEvent {
  return {
    event: {
      streamId: 'car-1',
      id: `0000000A-0000-4000-8000-${String(n).padStart(12, '0')}`,
      isJson: true,
      revision: BigInt(n - 1),
      type: 'CarListed',
      created: new Date('2024-05-01T10:00:00.000Z'),
      data: { n },
      metadata: { actor: 'test' },
      position: { commit: BigInt(n * 100), prepare: BigInt(n * 100) },
      ...overrides,
    },
  };
}

export type FakeRead = Readable & { cancelled: number; cancel(): Promise<void> };

/** A client read yielding `items` in order; an `Error` item fails the read at that point. */
export function fakeRead(items: readonly (EsdbResolvedEvent | Error)[]): FakeRead {
  const queue = [...items];
  const stream = new Readable({
    objectMode: true,
    read() {
      const next = queue.shift();
      if (next === undefined) this.push(null);
      else if (next instanceof Error) this.destroy(next);
      else this.push(next);
    },
  });
  return Object.assign(stream, {
    cancelled: 0,
    async cancel() {
      (stream as FakeRead).cancelled += 1;
    },
  });
}

/** A client read that never answers (an unreachable host that drops packets). */
export function silentRead(): FakeRead {
  const stream = new Readable({ objectMode: true, read() {} });
  return Object.assign(stream, {
    cancelled: 0,
    async cancel() {
      (stream as FakeRead).cancelled += 1;
    },
  });
}

export type FakeSubscription = PassThrough & { unsubscribed: number; unsubscribe(): Promise<void> };

/** A client subscription: `write` events into it, `emit('caughtUp')` as the client does. */
export function fakeSubscription(): FakeSubscription {
  const stream = new PassThrough({ objectMode: true });
  return Object.assign(stream, {
    unsubscribed: 0,
    async unsubscribe() {
      (stream as FakeSubscription).unsubscribed += 1;
    },
  });
}
