/**
 * The timer port: commands due at a time ("expire hold H on car C at 14:05"), stored in the `timers`
 * table (migrations/003_timers.ts) and fired by a scheduler that any number of app instances may run.
 * See README.md beside this file for the claim/lease/dispatch/mark cycle and what "once" means.
 */
import type { Knex } from 'knex';
import type { JsonObject } from '../eventStore.ts';

/** Where a timer is in its life: only `pending` timers are ever claimed. */
export type TimerStatus = 'pending' | 'fired' | 'cancelled' | 'failed';

/** What a caller asks to run later. */
export interface ScheduleTimer {
  /**
   * Unique per timer (≤ 200 characters), e.g. `hold-expiry:<holdId>`. Scheduling a key that exists in any
   * status is a no-op, and command handlers use it to dedupe a re-dispatch.
   */
  readonly idempotencyKey: string;
  readonly dueAt: Date;
  /** The stream the command is about (e.g. the car's stream), for routing and the back office. */
  readonly streamName: string;
  readonly command: JsonObject;
}

/** A claimed timer, handed to `dispatch`. `attempt` counts from 1 and includes this one. */
export interface DueTimer extends ScheduleTimer {
  readonly id: string;
  readonly attempt: number;
}

/** A stored timer as the back office sees it. */
export interface TimerRecord extends ScheduleTimer {
  readonly id: string;
  readonly status: TimerStatus;
  readonly attempts: number;
  readonly leasedUntil: Date | null;
  readonly firedAt: Date | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
}

/** The outcome of `schedule`: `created: false` when the key already existed (nothing was changed). */
export type ScheduleResult = { readonly created: true; readonly id: string } | { readonly created: false };

/** Options of `createTimerScheduler`. Durations in milliseconds. */
export interface TimerSchedulerOptions {
  readonly knex: Knex;
  /** Schema holding `timers` (default `public`). */
  readonly schema?: string;
  /** The only source of time: due checks, leases and `fired_at` all use it. */
  readonly clock: () => Date;
  /** Runs a due timer's command. Throwing leaves the timer pending for a retry after its lease. */
  readonly dispatch: (timer: DueTimer) => Promise<void>;
  /** Timers claimed per round (default 50). */
  readonly batchSize?: number;
  /** How long a claim is exclusive; a retry waits `leaseMs × attempts` (default 30 000). */
  readonly leaseMs?: number;
  /** Attempts before a timer is marked `failed` (default 5). */
  readonly maxAttempts?: number;
  /** Pause between rounds of the loop started by `start()` (default 1000). */
  readonly pollIntervalMs?: number;
  /** Where dispatch failures and loop errors go (default console.error). */
  readonly log?: (message: string, error?: unknown) => void;
}

/** Schedules, cancels and reads timers (the table, without the loop that fires them). */
export interface TimerStore {
  /** Stores a pending timer; idempotent by key (the first schedule wins, later ones change nothing). */
  schedule(timer: ScheduleTimer): Promise<ScheduleResult>;
  /**
   * Pending → cancelled; false when the key is unknown or no longer pending (fired, failed, cancelled).
   * A dispatch already in flight is not recalled: the command's own stream decides such a race.
   */
  cancel(idempotencyKey: string): Promise<boolean>;
  /** One timer by key, in any status. */
  get(idempotencyKey: string): Promise<TimerRecord | undefined>;
  /** Timers by due time (oldest first), optionally of one status; for the back office. */
  list(options?: { readonly status?: TimerStatus; readonly limit?: number }): Promise<TimerRecord[]>;
}

/** Schedules, cancels and fires timers. */
export interface TimerScheduler extends TimerStore {
  /** Claims, dispatches and marks every timer due at `clock()`, a batch at a time; returns how many fired. */
  fireDue(): Promise<number>;
  /** Starts a loop calling `fireDue()` every `pollIntervalMs`; a no-op when already started. */
  start(): void;
  /** Stops the loop, waiting for a round in flight to finish. */
  stop(): Promise<void>;
}
