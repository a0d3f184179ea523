import { describe, expect, it } from 'vitest';
import { startCatchUpSubscription } from './catchUpSubscription.ts';
import {
  comparePositions,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  START,
} from './eventStore.ts';
import { Wakeup } from './Wakeup.ts';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number, type: string): RecordedEvent =>
  ({ type, position: at(n), streamName: `s-${n}`, data: {} }) as unknown as RecordedEvent;

/** A log in memory, read as the Postgres adapter reads it: after a position, filtered, limited. */
function fakeLog(events: RecordedEvent[]) {
  const reads: Position[] = [];
  const readAll = async (options: ReadAllOptions) => {
    const from = options.fromPosition ?? START;
    reads.push(from);
    const types = options.filter?.eventTypePrefixes ?? [];
    return events
      .filter((e) => comparePositions(e.position, from) > 0)
      .filter((e) => types.length === 0 || types.some((t) => e.type.startsWith(t)))
      .slice(0, options.maxCount ?? 1000);
  };
  const horizon = async () => events.at(-1)?.position ?? START;
  return { reads, readAll, horizon };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('a filtered catch-up subscription', () => {
  it('given a log without a matching event, then after one read it reads on from the log’s horizon, not from the start, and still delivers a match appended later', async () => {
    // Given
    const events = [event(1, 'CarListed'), event(2, 'CarListed'), event(3, 'CarPriceChanged')];
    const log = fakeLog(events);
    const wakeup = new Wakeup();
    const delivered: RecordedEvent[] = [];
    const subscription = startCatchUpSubscription(
      { onEvent: (e) => void delivered.push(e) },
      {
        readAll: log.readAll,
        horizon: log.horizon,
        from: START,
        filter: { eventTypePrefixes: ['Booking'] },
        batchSize: 10,
        pollIntervalMs: 10_000,
        wakeup,
      },
    );
    await until(() => log.reads.length === 1);
    // When
    events.push(event(4, 'BookingStarted'));
    wakeup.notify();
    await until(() => delivered.length === 1);
    wakeup.notify();
    await until(() => log.reads.length === 3);
    await subscription.stop();
    // Then
    expect(log.reads).toEqual([START, at(3), at(4)]);
    expect(delivered.map((e) => e.type)).toEqual(['BookingStarted']);
  });

  it('given a full batch, then it reads on from the last event delivered (the horizon may lie beyond events not yet read)', async () => {
    // Given
    const events = [1, 2, 3, 4, 5].map((n) => event(n, 'BookingStarted'));
    const log = fakeLog(events);
    const delivered: number[] = [];
    const subscription = startCatchUpSubscription(
      { onEvent: (e) => void delivered.push(Number(e.position.commit)) },
      {
        readAll: log.readAll,
        horizon: log.horizon,
        from: START,
        filter: { eventTypePrefixes: ['Booking'] },
        batchSize: 2,
        pollIntervalMs: 10_000,
        wakeup: new Wakeup(),
      },
    );
    // When
    await until(() => delivered.length === 5);
    await subscription.stop();
    // Then
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
    expect(log.reads.slice(0, 3)).toEqual([START, at(2), at(4)]);
  });
});

describe('a catch-up subscription woken by appends', () => {
  it('given appends arriving within its coalescing window, then it reads them together: one read, every event delivered', async () => {
    // Given: caught up on an empty log, coalescing 100 ms.
    const events: RecordedEvent[] = [];
    const log = fakeLog(events);
    const wakeup = new Wakeup();
    const delivered: RecordedEvent[] = [];
    const subscription = startCatchUpSubscription(
      { onEvent: (e) => void delivered.push(e) },
      { readAll: log.readAll, from: START, batchSize: 10, pollIntervalMs: 10_000, coalesceMs: 100, wakeup },
    );
    await until(() => log.reads.length === 1);
    // When: three appends, each waking it at once.
    for (let n = 1; n <= 3; n++) {
      events.push(event(n, 'CarListed'));
      wakeup.notify();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Then
    await until(() => delivered.length === 3);
    expect(log.reads).toHaveLength(2);
    await subscription.stop();
  });
});
