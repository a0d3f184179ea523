/**
 * The timer scheduler on PostgreSQL/PGlite. One round: claim due timers in a single short statement
 * (FOR UPDATE SKIP LOCKED + a lease token), then dispatch each outside any transaction, then mark it
 * fired only if this round still holds its lease. On PGlite every connection shares one session, so a
 * transaction held open across `dispatch` (which may query) would deadlock; on PostgreSQL it would pin
 * a connection and row locks for the length of a command. See README.md.
 */
import { randomUUID } from 'node:crypto';
import { createPollLoop } from './createPollLoop.ts';
import { type TimerRow, toDueTimer, toTimerRecord } from './timerRows.ts';
import type { DueTimer, TimerScheduler, TimerSchedulerOptions, TimerStore } from './timerScheduler.ts';
import { validateIdempotencyKey, validateTimer } from './validateTimer.ts';

const MAX_ERROR_LENGTH = 2000;

/** How a claimed timer ends its round: `pending` again (with a retry time), fired, or failed. */
interface Outcome {
  readonly status: 'pending' | 'fired' | 'failed';
  readonly firedAt?: Date;
  readonly lastError?: string;
  readonly retryAt?: Date | undefined;
}

/** Creates a scheduler over the `timers` table of `options.schema`; `start()` runs it in the background. */
export function createTimerScheduler(options: TimerSchedulerOptions): TimerScheduler {
  const { knex, clock, dispatch } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".timers`;
  const batchSize = positiveInteger('batchSize', options.batchSize ?? 50);
  const leaseMs = positiveInteger('leaseMs', options.leaseMs ?? 30_000);
  const maxAttempts = positiveInteger('maxAttempts', options.maxAttempts ?? 5);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  if (!(pollIntervalMs >= 0)) throw new RangeError('pollIntervalMs must be ≥ 0');
  const log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

  /** Claims up to `batchSize` due timers for `token`; the claim counts as an attempt. */
  async function claim(token: string): Promise<TimerRow[]> {
    const now = clock();
    // The CTE is materialised, so its LIMIT and row locks hold for the UPDATE; rows another claimer has
    // locked are skipped, rows it has just leased fail the lease test on re-check.
    const { rows } = await knex.raw<{ rows: TimerRow[] }>(
      `WITH due AS MATERIALIZED (
         SELECT id FROM ${table}
         WHERE status = 'pending' AND due_at <= ? AND (leased_until IS NULL OR leased_until < ?)
         ORDER BY due_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
       UPDATE ${table} t SET lease = ?, leased_until = ?, attempts = t.attempts + 1
       FROM due WHERE t.id = due.id AND t.status = 'pending'
       RETURNING t.*`,
      [now, now, batchSize, token, later(now, leaseMs)],
    );
    return rows.sort(
      (a, b) => a.due_at.getTime() - b.due_at.getTime() || Number(BigInt(a.id) - BigInt(b.id)),
    );
  }

  /** Settles a claimed timer; false when it was cancelled meanwhile or its lease passed to another. */
  async function settle(row: TimerRow, token: string, outcome: Outcome): Promise<boolean> {
    const result = await knex.raw<{ rowCount: number }>(
      `UPDATE ${table} SET status = ?, fired_at = ?, last_error = COALESCE(?, last_error),
         leased_until = ?, lease = NULL
       WHERE id = ? AND lease = ? AND status = 'pending'`,
      [
        outcome.status,
        outcome.firedAt ?? null,
        outcome.lastError ?? null,
        outcome.retryAt ?? null,
        row.id,
        token,
      ],
    );
    return result.rowCount === 1;
  }

  async function fireOne(row: TimerRow, token: string): Promise<boolean> {
    const timer: DueTimer = toDueTimer(row);
    // Crashes during dispatch also use up attempts: a timer that keeps killing its process gives up too.
    if (timer.attempt > maxAttempts) {
      const error = row.last_error ?? `lease expired ${maxAttempts} times without completion`;
      await settle(row, token, { status: 'failed', lastError: error });
      log(`timer ${timer.idempotencyKey} failed: attempts exhausted`);
      return false;
    }
    // A slow batch may outlive its lease; another scheduler may own the timer now, so leave it.
    if (row.leased_until && clock() >= row.leased_until) return false;
    try {
      await dispatch(timer);
    } catch (error) {
      const failed = timer.attempt >= maxAttempts;
      const now = clock();
      await settle(row, token, {
        status: failed ? 'failed' : 'pending',
        lastError: describe(error),
        // Back-off: the next claim waits leaseMs × attempts from now.
        retryAt: failed ? undefined : later(now, leaseMs * timer.attempt),
      });
      log(
        `timer ${timer.idempotencyKey} attempt ${timer.attempt} ${failed ? 'failed for good' : 'failed'}`,
        error,
      );
      return false;
    }
    const marked = await settle(row, token, { status: 'fired', firedAt: clock() });
    if (!marked) log(`timer ${timer.idempotencyKey} was cancelled or re-leased while dispatching`);
    return marked;
  }

  /** One claim-dispatch-mark round; `claimed` tells whether a full batch suggests more are due. */
  async function round(): Promise<{ claimed: number; fired: number }> {
    const token = randomUUID();
    const rows = await claim(token);
    let fired = 0;
    for (const row of rows) if (await fireOne(row, token)) fired++;
    return { claimed: rows.length, fired };
  }

  const loop = createPollLoop({
    intervalMs: pollIntervalMs,
    round: async () => (await round()).claimed === batchSize,
    onError: (error) => log('timer scheduler round failed', error),
  });

  return {
    ...createTimerStore(options),

    async fireDue() {
      let total = 0;
      for (;;) {
        const { claimed, fired } = await round();
        total += fired;
        if (claimed < batchSize) return total;
      }
    },

    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}

/**
 * The `timers` table without the loop: schedule, cancel and read timers. What a command handler needs
 * (funnels schedule hold expiries) before the scheduler that fires them is built with its handlers.
 */
export function createTimerStore(options: Pick<TimerSchedulerOptions, 'knex' | 'schema'>): TimerStore {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".timers`;
  return {
    async schedule(timer) {
      validateTimer(timer);
      const { rows } = await knex.raw<{ rows: { id: string }[] }>(
        `INSERT INTO ${table} (idempotency_key, due_at, stream_name, command) VALUES (?, ?, ?, ?::jsonb)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [timer.idempotencyKey, timer.dueAt, timer.streamName, JSON.stringify(timer.command)],
      );
      const [row] = rows;
      return row ? { created: true, id: String(row.id) } : { created: false };
    },

    async cancel(idempotencyKey) {
      validateIdempotencyKey(idempotencyKey);
      const result = await knex.raw<{ rowCount: number }>(
        `UPDATE ${table} SET status = 'cancelled', lease = NULL, leased_until = NULL
         WHERE idempotency_key = ? AND status = 'pending'`,
        [idempotencyKey],
      );
      return result.rowCount === 1;
    },

    async get(idempotencyKey) {
      const { rows } = await knex.raw<{ rows: TimerRow[] }>(
        `SELECT * FROM ${table} WHERE idempotency_key = ?`,
        [idempotencyKey],
      );
      return rows[0] && toTimerRecord(rows[0]);
    },

    async list(query = {}) {
      const { rows } = await knex.raw<{ rows: TimerRow[] }>(
        `SELECT * FROM ${table} ${query.status ? 'WHERE status = ?' : ''} ORDER BY due_at, id LIMIT ?`,
        [...(query.status ? [query.status] : []), query.limit ?? 100],
      );
      return rows.map(toTimerRecord);
    },
  };
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
