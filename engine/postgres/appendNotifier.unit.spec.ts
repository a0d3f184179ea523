import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppendNotifier } from './appendNotifier.ts';

/** A notifier whose sends record when they started and settle when the test says so. */
function notifierWith(windowMs: number, onError: (error: Error) => void = () => {}) {
  const started: number[] = [];
  const settle: ((error?: Error) => void)[] = [];
  const send = () =>
    new Promise<void>((resolve, reject) => {
      started.push(Date.now());
      settle.push((error) => (error ? reject(error) : resolve()));
    });
  return { log: { started, settle }, notifier: createAppendNotifier({ send, windowMs, onError }) };
}

describe('the append notifier', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given a burst of appends, then the first sends at once and the rest share one send when the window ends', async () => {
    // Given
    const { log, notifier } = notifierWith(5);
    // When: an append, then nine more within the window
    notifier.appended();
    expect(log.started).toEqual([0]);
    log.settle[0]!();
    for (let i = 1; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(0.4);
      notifier.appended();
    }
    await vi.advanceTimersByTimeAsync(5);
    log.settle[1]?.();
    await vi.advanceTimersByTimeAsync(50);
    // Then: two sends for ten appends, the second once the first window ended
    expect(log.started).toEqual([0, 5]);
    await notifier.close();
  });

  it('given a send still in flight when the window ends, then the next waits for it: one send at a time', async () => {
    // Given
    const { log, notifier } = notifierWith(5);
    notifier.appended();
    // When: appends while the first send takes 30 ms
    await vi.advanceTimersByTimeAsync(1);
    notifier.appended();
    await vi.advanceTimersByTimeAsync(29);
    expect(log.started).toEqual([0]);
    log.settle[0]!();
    await vi.advanceTimersByTimeAsync(0);
    // Then: the append made during the send is followed by a send that started after it
    expect(log.started).toEqual([0, 30]);
    log.settle[1]!();
    await notifier.close();
  });

  it('given a send that fails, then the error goes to onError, the append is not affected, and later appends send again', async () => {
    // Given
    const errors: Error[] = [];
    const { log, notifier } = notifierWith(5, (e) => errors.push(e));
    // When
    expect(() => notifier.appended()).not.toThrow();
    log.settle[0]!(new Error('connection lost'));
    await vi.advanceTimersByTimeAsync(10);
    notifier.appended();
    log.settle[1]!();
    // Then
    expect(errors.map((e) => e.message)).toEqual(['connection lost']);
    expect(log.started).toEqual([0, 10]);
    await notifier.close();
  });

  it('given a send due at the end of the window, when the store closes, then it is sent at once and close waits for it; appends after close send nothing', async () => {
    // Given
    const { log, notifier } = notifierWith(1000);
    notifier.appended();
    log.settle[0]!();
    await vi.advanceTimersByTimeAsync(1);
    notifier.appended();
    // When
    let closed = false;
    const closing = notifier.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    // Then
    expect(log.started).toEqual([0, 1]);
    expect(closed).toBe(false);
    log.settle[1]!();
    await closing;
    notifier.appended();
    expect(log.started).toHaveLength(2);
  });
});
