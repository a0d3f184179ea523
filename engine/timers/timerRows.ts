/** Rows of `timers` as pg returns them (int8 as text, timestamptz as Date), and their mapping. */
import type { JsonObject } from '../eventStore.ts';
import type { DueTimer, TimerRecord, TimerStatus } from './timerScheduler.ts';

/** A row of `timers`. */
export interface TimerRow {
  id: string;
  idempotency_key: string;
  due_at: Date;
  stream_name: string;
  command: JsonObject;
  status: TimerStatus;
  attempts: number;
  lease: string | null;
  leased_until: Date | null;
  fired_at: Date | null;
  last_error: string | null;
  created_at: Date;
}

/** The timer handed to `dispatch`; the claim has already counted this attempt. */
export function toDueTimer(row: TimerRow): DueTimer {
  return {
    id: String(row.id),
    idempotencyKey: row.idempotency_key,
    dueAt: row.due_at,
    streamName: row.stream_name,
    command: row.command,
    attempt: row.attempts,
  };
}

export function toTimerRecord(row: TimerRow): TimerRecord {
  return {
    id: String(row.id),
    idempotencyKey: row.idempotency_key,
    dueAt: row.due_at,
    streamName: row.stream_name,
    command: row.command,
    status: row.status,
    attempts: row.attempts,
    leasedUntil: row.leased_until,
    firedAt: row.fired_at,
    lastError: row.last_error,
    createdAt: row.created_at,
  };
}
