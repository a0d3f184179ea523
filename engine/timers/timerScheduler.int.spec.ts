/**
 * The timer scheduler on a real database (DATABASE_URL, or the embedded PGlite), with a clock moved by
 * hand: due checks, idempotent scheduling, cancel, retries with back-off, and several schedulers sharing
 * one table firing each timer once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/errors.ts';
import { createKnex } from '../database/openDatabase.ts';
import {
  type DatabaseTarget,
  openTestDatabase,
  type TestDatabase,
  unavailableReason,
} from '../testing/testDatabase.ts';
import { createTimerScheduler } from './createTimerScheduler.ts';
import type { DueTimer, ScheduleTimer, TimerScheduler, TimerSchedulerOptions } from './timerScheduler.ts';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const holdExpiry = (holdId: string, dueAt: Date): ScheduleTimer => ({
  idempotencyKey: `hold-expiry:${holdId}`,
  dueAt,
  streamName: `car-${holdId}`,
  command: { type: 'ExpireHold', holdId },
});

describe('timer scheduler', () => {
  let db: TestDatabase;
  let now: Date;
  let dispatched: DueTimer[];
  const clock = () => now;
  const scheduler = (options: Partial<TimerSchedulerOptions> = {}): TimerScheduler =>
    createTimerScheduler({
      knex: db.knex,
      schema: db.schema,
      clock,
      dispatch: async (timer) => {
        dispatched.push(timer);
      },
      log: () => {},
      ...options,
    });

  beforeEach(async () => {
    db = await openTestDatabase();
    now = T0;
    dispatched = [];
  });
  afterEach(async () => {
    await db.close();
  });

  it('given a timer due at 10:05, when the clock passes 10:05, then it fires once, and firing again fires nothing', async () => {
    const timers = scheduler();
    expect(await timers.schedule(holdExpiry('h1', at(300_000)))).toMatchObject({ created: true });

    now = at(299_999);
    expect(await timers.fireDue()).toBe(0);
    expect(dispatched).toEqual([]);

    now = at(300_001);
    expect(await timers.fireDue()).toBe(1);
    expect(dispatched).toEqual([
      {
        id: expect.any(String),
        idempotencyKey: 'hold-expiry:h1',
        dueAt: at(300_000),
        streamName: 'car-h1',
        command: { type: 'ExpireHold', holdId: 'h1' },
        attempt: 1,
      },
    ]);
    expect(await timers.get('hold-expiry:h1')).toMatchObject({ status: 'fired', firedAt: now, attempts: 1 });

    now = at(10_000_000);
    expect(await timers.fireDue()).toBe(0);
    expect(dispatched).toHaveLength(1);
  });

  it('given the same idempotency key scheduled twice, then one timer exists, with the first due time', async () => {
    const timers = scheduler();
    expect(await timers.schedule(holdExpiry('h1', at(1000)))).toMatchObject({ created: true });
    expect(await timers.schedule(holdExpiry('h1', at(9000)))).toEqual({ created: false });

    const all = await timers.list();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ idempotencyKey: 'hold-expiry:h1', dueAt: at(1000), status: 'pending' });
  });

  it('given a timer cancelled before its due time, then it never fires, and a second cancel is false', async () => {
    const timers = scheduler();
    await timers.schedule(holdExpiry('h1', at(1000)));
    expect(await timers.cancel('hold-expiry:h1')).toBe(true);

    now = at(5000);
    expect(await timers.fireDue()).toBe(0);
    expect(dispatched).toEqual([]);
    expect(await timers.get('hold-expiry:h1')).toMatchObject({ status: 'cancelled' });
    expect(await timers.cancel('hold-expiry:h1')).toBe(false);
    expect(await timers.cancel('hold-expiry:unknown')).toBe(false);
  });

  it('given a timer that has fired, when it is cancelled, then cancel is false and it stays fired', async () => {
    const timers = scheduler();
    await timers.schedule(holdExpiry('h1', at(1000)));
    now = at(1000);
    expect(await timers.fireDue()).toBe(1);

    expect(await timers.cancel('hold-expiry:h1')).toBe(false);
    expect(await timers.get('hold-expiry:h1')).toMatchObject({ status: 'fired' });
  });

  it('given a dispatch that keeps failing, then it is retried after a growing lease and marked failed after maxAttempts, keeping the last error', async () => {
    const attempts: number[] = [];
    const timers = scheduler({
      leaseMs: 1000,
      maxAttempts: 3,
      dispatch: async (timer) => {
        attempts.push(timer.attempt);
        throw new Error(`payment service down (attempt ${timer.attempt})`);
      },
    });
    await timers.schedule(holdExpiry('h1', at(0)));

    expect(await timers.fireDue()).toBe(0);
    expect(await timers.get('hold-expiry:h1')).toMatchObject({
      status: 'pending',
      attempts: 1,
      leasedUntil: at(1000),
      lastError: 'Error: payment service down (attempt 1)',
    });
    now = at(999);
    await timers.fireDue(); // still inside the lease
    expect(attempts).toEqual([1]);

    now = at(1001);
    await timers.fireDue(); // second attempt; back-off 2 × 1000 ms
    expect(attempts).toEqual([1, 2]);
    now = at(3000);
    await timers.fireDue();
    expect(attempts).toEqual([1, 2]);

    now = at(3002);
    await timers.fireDue();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await timers.get('hold-expiry:h1')).toMatchObject({
      status: 'failed',
      attempts: 3,
      firedAt: null,
      lastError: 'Error: payment service down (attempt 3)',
    });

    now = at(1_000_000);
    expect(await timers.fireDue()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('given a dispatch that fails once, then the retry fires it and the first error stays on record', async () => {
    let fail = true;
    const timers = scheduler({
      leaseMs: 1000,
      dispatch: async () => {
        if (fail) throw new Error('flaky');
      },
    });
    await timers.schedule(holdExpiry('h1', at(0)));
    expect(await timers.fireDue()).toBe(0);

    fail = false;
    now = at(1001);
    expect(await timers.fireDue()).toBe(1);
    expect(await timers.get('hold-expiry:h1')).toMatchObject({
      status: 'fired',
      attempts: 2,
      lastError: 'Error: flaky',
    });
  });

  it('given more due timers than a batch, then fireDue fires them all in due order', async () => {
    const timers = scheduler({ batchSize: 3 });
    for (const i of [7, 3, 9, 1, 5, 2, 8, 4, 6, 0]) await timers.schedule(holdExpiry(`h${i}`, at(i * 10)));
    now = at(1000);

    expect(await timers.fireDue()).toBe(10);
    expect(dispatched.map((t) => t.idempotencyKey)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `hold-expiry:h${i}`),
    );
  });

  it('given a running loop, when stop() is called during a dispatch, then stop waits for it and the timer is fired', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const dispatching = new Promise<void>((resolve) => {
      started = resolve;
    });
    const timers = scheduler({
      pollIntervalMs: 10,
      dispatch: async () => {
        started();
        await released;
      },
    });
    await timers.schedule(holdExpiry('h1', at(0)));
    timers.start();
    await dispatching;

    let stopped = false;
    const stopping = timers.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await timers.get('hold-expiry:h1')).toMatchObject({ status: 'fired' });
  });

  it.each([
    ['idempotencyKey', { idempotencyKey: '' }],
    ['idempotencyKey', { idempotencyKey: 'k'.repeat(201) }],
    ['dueAt', { dueAt: new Date('not a date') }],
    ['streamName', { streamName: '  ' }],
    ['command', { command: [] }],
    ['command', { command: null }],
    ['command', { command: 'ExpireHold' }],
    ['command', { command: { at: 1n } }],
  ])('given a bad %s, then schedule throws a ValidationError and inserts nothing', async (field, patch) => {
    const timers = scheduler();
    const timer = { ...holdExpiry('h1', at(0)), ...patch } as unknown as ScheduleTimer;
    const error = await timers.schedule(timer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details.fields).toHaveProperty(field);
    expect(await timers.list()).toEqual([]);
  });

  it('given an empty key, then cancel throws a ValidationError', async () => {
    await expect(scheduler().cancel('')).rejects.toBeInstanceOf(ValidationError);
  });
});

describe.each<DatabaseTarget>(['postgres', 'default'])('timer schedulers racing on %s', (target) => {
  const skip = unavailableReason(target);
  if (skip) console.log(`[skip] timer schedulers racing on ${target}: ${skip}`);

  it.skipIf(skip)(
    'given 200 due timers and 4 schedulers on their own pools, when all fire at once, then each timer is dispatched once and marked fired',
    async () => {
      const db = await openTestDatabase(target);
      const pools = Array.from({ length: 4 }, () => createKnex(db.url, 2, 'timer-race'));
      try {
        const calls = new Map<string, number>();
        const schedulers = pools.map((knex) =>
          createTimerScheduler({
            knex,
            schema: db.schema,
            clock: () => at(60_000),
            batchSize: 7,
            log: () => {},
            dispatch: async (timer) => {
              calls.set(timer.idempotencyKey, (calls.get(timer.idempotencyKey) ?? 0) + 1);
              // Let the other schedulers claim while this one dispatches.
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
            },
          }),
        );
        const [first] = schedulers;
        for (let i = 0; i < 200; i++) await first?.schedule(holdExpiry(`h${i}`, at(i * 100)));

        const fired = await Promise.all(schedulers.map((s) => s.fireDue()));

        expect(fired.reduce((a, b) => a + b, 0)).toBe(200);
        expect(fired.filter((n) => n > 0).length).toBeGreaterThan(1); // they did race
        expect(calls.size).toBe(200);
        expect([...calls.values()].every((n) => n === 1)).toBe(true);
        const statuses = await db.knex
          .withSchema(db.schema)
          .from('timers')
          .select('status')
          .count({ n: '*' })
          .groupBy('status');
        expect(statuses.map((r) => ({ status: r.status, n: Number(r.n) }))).toEqual([
          { status: 'fired', n: 200 },
        ]);
      } finally {
        await Promise.all(pools.map((knex) => knex.destroy()));
        await db.close();
      }
    },
  );
});
