import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledContentRefresh } from './scheduledContentRefresh.ts';

describe('scheduled content refresh', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2031-01-01T10:00:00.000Z') }));
  afterEach(() => vi.useRealTimers());

  it('drops the kept pages when the next scheduled publication starts, then plans the one after', async () => {
    const times = [new Date('2031-01-01T10:05:00.000Z'), new Date('2031-01-01T11:00:00.000Z'), undefined];
    const next = vi.fn(async () => times.shift());
    const refresh = vi.fn();
    const planner = scheduledContentRefresh({ next, refresh, log: () => {} });
    await planner.plan();
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(55 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(next).toHaveBeenCalledTimes(3);
  });

  it('plans nothing without scheduled content, and logs a failed read', async () => {
    const log = vi.fn();
    const refresh = vi.fn();
    await scheduledContentRefresh({ next: async () => undefined, refresh, log }).plan();
    await scheduledContentRefresh({
      next: async () => {
        throw new Error('down');
      },
      refresh,
      log,
    }).plan();
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
  });
});
