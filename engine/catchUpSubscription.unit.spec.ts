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
  const calls = { readAll: 0, horizon: 0, readFiltered: 0 };
  const read = (options: ReadAllOptions) => {
    const from = options.fromPosition ?? START;
    reads.push(from);
    const types = options.filter?.eventTypePrefixes ?? [];
    return events
      .filter((e) => comparePositions(e.position, from) > 0)
      .filter((e) => types.length === 0 || types.some((t) => e.type.startsWith(t)))
      .slice(0, options.maxCount ?? 1000);
  };
  const head = () => events.at(-1)?.position ?? START;
  const readAll = async (options: ReadAllOptions) => {
    calls.readAll++;
    return read(options);
  };
  const horizon = async () => {
    calls.horizon++;
    return head();
  };
  const readFiltered = async (options: ReadAllOptions) => {
    calls.readFiltered++;
    return { horizon: head(), events: read(options) };
  };
  return { reads, calls, readAll, horizon, readFiltered };
}

/** The two ways an adapter can give a filtered subscription its horizon. */
const horizonSources = {
  'asked before each read': (log: ReturnType<typeof fakeLog>) => ({ horizon: log.horizon }),
  'answered by the read itself (one round trip)': (log: ReturnType<typeof fakeLog>) => ({
    readFiltered: log.readFiltered,
  }),
};

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe.each(Object.entries(horizonSources))(
  'a filtered catch-up subscription, its horizon %s',
  (source, horizonOf) => {
    const oneRoundTrip = source.includes('one round trip');
    /** Subscribed to `Booking…` events from the start, reading `batchSize` at a time. */
    const bookings = (log: ReturnType<typeof fakeLog>, batchSize: number, wakeup: Wakeup) => ({
      readAll: log.readAll,
      ...horizonOf(log),
      from: START,
      filter: { eventTypePrefixes: ['Booking'] },
      batchSize,
      pollIntervalMs: 10_000,
      wakeup,
    });

    it('given a log without a matching event, then after one read it reads on from the log’s horizon, not from the start, and still delivers a match appended later', async () => {
      // Given
      const events = [event(1, 'CarListed'), event(2, 'CarListed'), event(3, 'CarPriceChanged')];
      const log = fakeLog(events);
      const wakeup = new Wakeup();
      const delivered: RecordedEvent[] = [];
      let caughtUp = 0; // signalled right before it waits for a wake-up
      const subscription = startCatchUpSubscription(
        { onEvent: (e) => void delivered.push(e), onCaughtUp: () => caughtUp++ },
        bookings(log, 10, wakeup),
      );
      await until(() => caughtUp === 1);
      // When
      events.push(event(4, 'BookingStarted'));
      wakeup.notify();
      await until(() => caughtUp === 2);
      wakeup.notify();
      await until(() => log.reads.length === 3);
      await subscription.stop();
      // Then
      expect(log.reads).toEqual([START, at(3), at(4)]);
      expect(delivered.map((e) => e.type)).toEqual(['BookingStarted']);
      expect(log.calls).toEqual(
        oneRoundTrip
          ? { readAll: 0, horizon: 0, readFiltered: 3 }
          : { readAll: 3, horizon: 3, readFiltered: 0 },
      );
    });

    it('given a full batch, then it reads on from the last event delivered (the horizon may lie beyond events not yet read)', async () => {
      // Given
      const events = [1, 2, 3, 4, 5].map((n) => event(n, 'BookingStarted'));
      const log = fakeLog(events);
      const delivered: number[] = [];
      const subscription = startCatchUpSubscription(
        { onEvent: (e) => void delivered.push(Number(e.position.commit)) },
        bookings(log, 2, new Wakeup()),
      );
      // When
      await until(() => delivered.length === 5);
      await subscription.stop();
      // Then
      expect(delivered).toEqual([1, 2, 3, 4, 5]);
      expect(log.reads.slice(0, 3)).toEqual([START, at(2), at(4)]);
    });
  },
);

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
