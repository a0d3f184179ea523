import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventStore.ts';
import { EventStoreUnavailableError } from '../eventStoreErrors.ts';
import { esdbEvent, fakeSubscription } from './esdbFakes.ts';
import { runEsdbSubscription } from './esdbSubscription.ts';

const mapError = (error: unknown) => new EventStoreUnavailableError(`mapped: ${(error as Error).message}`);

/** Resolves when `check` holds, polling the event loop. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await sleep(2);
  expect(check()).toBe(true);
}

describe('catch-up subscription over the client', () => {
  it('given events, when delivered, then one handler call runs at a time, in order', async () => {
    const source = fakeSubscription();
    const seen: string[] = [];
    let running = 0;
    let overlapped = false;
    const subscription = runEsdbSubscription(
      source,
      {
        async onEvent(event) {
          running += 1;
          overlapped ||= running > 1;
          seen.push(`start ${event.revision}`);
          await sleep(5);
          seen.push(`end ${event.revision}`);
          running -= 1;
        },
      },
      { mapError },
    );
    for (const n of [1, 2, 3]) source.write(esdbEvent(n));
    await until(() => seen.length === 6);
    expect(overlapped).toBe(false);
    expect(seen).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    await subscription.stop();
  });

  it('given "caught up" arrives while earlier events are buffered, when delivered, then onCaughtUp follows them', async () => {
    const source = fakeSubscription();
    const log: string[] = [];
    const subscription = runEsdbSubscription(
      source,
      {
        async onEvent(event) {
          await sleep(5);
          log.push(`event ${event.revision}`);
        },
        onCaughtUp: () => log.push('caught up'),
      },
      { mapError },
    );
    for (const n of [1, 2, 3]) source.write(esdbEvent(n));
    source.emit('caughtUp');
    source.write(esdbEvent(4));
    await until(() => log.length === 5);
    expect(log).toEqual(['event 0', 'event 1', 'event 2', 'caught up', 'event 3']);
    await subscription.stop();
  });

  it('given nothing to catch up on, when the server says caught up, then onCaughtUp is called at once', async () => {
    const source = fakeSubscription();
    let caughtUp = 0;
    const subscription = runEsdbSubscription(
      source,
      { onEvent() {}, onCaughtUp: () => caughtUp++ },
      { mapError },
    );
    await sleep(1);
    source.emit('caughtUp');
    expect(caughtUp).toBe(1);
    await subscription.stop();
  });

  it('given system, filtered-out and already-seen events, when delivered, then only the rest reach the handler', async () => {
    const source = fakeSubscription();
    const seen: RecordedEvent[] = [];
    const subscription = runEsdbSubscription(
      source,
      { onEvent: (event) => void seen.push(event) },
      {
        from: { commit: 100n, prepare: 100n },
        filter: { eventTypePrefixes: ['Car'], streamNamePrefixes: ['car-'] },
        mapError,
      },
    );
    source.write(esdbEvent(1)); // at the exclusive start position
    source.write(esdbEvent(2, { type: '$metadata', streamId: '$$car-1' }));
    source.write(esdbEvent(3, { streamId: 'booking-1' }));
    source.write(esdbEvent(4, { type: 'BookingStarted' }));
    source.write(esdbEvent(5));
    await until(() => seen.length === 1);
    await sleep(5);
    expect(seen.map((e) => e.position.commit)).toEqual([500n]);
    await subscription.stop();
  });

  it('given a handler call in progress, when stopped, then stop waits for it and done resolves', async () => {
    const source = fakeSubscription();
    let finished = false;
    let started = false;
    const subscription = runEsdbSubscription(
      source,
      {
        async onEvent() {
          started = true;
          await sleep(20);
          finished = true;
        },
      },
      { mapError },
    );
    source.write(esdbEvent(1));
    source.write(esdbEvent(2));
    await until(() => started);
    await subscription.stop();
    expect(finished).toBe(true);
    await expect(subscription.done).resolves.toBeUndefined();
    expect(source.unsubscribed).toBeGreaterThan(0);
  });

  it('given a handler that throws, when delivered, then done rejects with its error and delivery stops', async () => {
    const source = fakeSubscription();
    const failure = new Error('handler failed');
    const seen: bigint[] = [];
    const subscription = runEsdbSubscription(
      source,
      {
        onEvent(event) {
          seen.push(event.revision);
          throw failure;
        },
      },
      { mapError },
    );
    source.write(esdbEvent(1));
    source.write(esdbEvent(2));
    await expect(subscription.done).rejects.toBe(failure);
    expect(seen).toEqual([0n]);
    expect(source.unsubscribed).toBeGreaterThan(0);
    await subscription.stop();
  });

  it('given an onCaughtUp that throws, when the server says caught up, then done rejects with its error', async () => {
    const source = fakeSubscription();
    const failure = new Error('caught-up handler failed');
    const subscription = runEsdbSubscription(
      source,
      {
        onEvent() {},
        onCaughtUp() {
          throw failure;
        },
      },
      { mapError },
    );
    await sleep(1);
    source.emit('caughtUp');
    await expect(subscription.done).rejects.toBe(failure);
  });

  it('given the connection fails, when delivering, then done rejects with the mapped error', async () => {
    const source = fakeSubscription();
    const subscription = runEsdbSubscription(source, { onEvent() {} }, { mapError });
    source.destroy(new Error('14 UNAVAILABLE'));
    await expect(subscription.done).rejects.toThrow('mapped: 14 UNAVAILABLE');
  });

  it('given the server ends the subscription, when delivering, then done rejects as unavailable', async () => {
    const source = fakeSubscription();
    const subscription = runEsdbSubscription(source, { onEvent() {} }, { mapError });
    source.end();
    await expect(subscription.done).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });
});
