/**
 * Input checks of `schedule`, reporting every problem at once as a ValidationError (field → problems),
 * so nothing half-valid reaches the table.
 */
import { ValidationError } from '../../domain/errors.ts';
import { MAX_STREAM_NAME_LENGTH } from '../validateAppend.ts';
import type { ScheduleTimer } from './timerScheduler.ts';

/** Longest idempotency key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** Throws a ValidationError unless `timer` is a well-formed ScheduleTimer. */
export function validateTimer(timer: ScheduleTimer): void {
  const fields: Record<string, string[]> = {};
  const problem = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };
  const input = (timer ?? {}) as Partial<Record<keyof ScheduleTimer, unknown>>;

  const keyProblem = idempotencyKeyProblem(input.idempotencyKey);
  if (keyProblem) problem('idempotencyKey', keyProblem);

  if (!(input.dueAt instanceof Date) || Number.isNaN(input.dueAt.getTime())) {
    problem('dueAt', 'must be a valid Date');
  }

  const { streamName } = input;
  if (typeof streamName !== 'string' || streamName.trim() === '') {
    problem('streamName', 'must be a non-empty string');
  } else if (streamName.length > MAX_STREAM_NAME_LENGTH) {
    problem('streamName', `must be at most ${MAX_STREAM_NAME_LENGTH} characters`);
  }

  const commandProblem = jsonObjectProblem(input.command);
  if (commandProblem) problem('command', commandProblem);

  const names = Object.keys(fields);
  if (names.length > 0) throw new ValidationError(`invalid timer: ${names.join(', ')}`, fields);
}

/** Throws a ValidationError unless `key` is a usable idempotency key. */
export function validateIdempotencyKey(key: unknown): asserts key is string {
  const message = idempotencyKeyProblem(key);
  if (message) throw ValidationError.field('idempotencyKey', message);
}

function idempotencyKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key.trim() === '') return 'must be a non-empty string';
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    return `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
  }
  return undefined;
}

// The command is stored as jsonb and handed back after a round trip: it must survive JSON unchanged.
function jsonObjectProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a JSON object';
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return 'must be a plain JSON object';
  try {
    JSON.stringify(value);
  } catch {
    return 'must be serialisable as JSON';
  }
  return undefined;
}
