/**
 * Argument checks shared by every adapter, run before anything is sent, so a bad call is a typed
 * validation error and nothing is written.
 */
import type { EventData, ExpectedRevision, StreamMetadata } from './eventStore.ts';
import { InvalidEventStoreArgumentError } from './eventStoreErrors.ts';

/** EventStoreDB accepts long names; we keep ours indexable (btree) and readable. */
export const MAX_STREAM_NAME_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Control characters (C0, DEL, C1) and lone surrogates: not in a name, nor storable as UTF-8 text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const NOT_IN_NAMES = /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/u;
/** What PostgreSQL cannot store in text or jsonb (a NUL) and what UTF-8 cannot encode (a lone surrogate). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const NOT_STORABLE = /\u0000|[\uD800-\uDFFF]/u;

/** A name (a stream's, an event type) holds printable text only. */
function validateName(field: string, name: string): void {
  if (NOT_IN_NAMES.test(name))
    throw new InvalidEventStoreArgumentError(field, 'must not contain control characters or lone surrogates');
}

export function validateStreamName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0) {
    throw new InvalidEventStoreArgumentError('streamName', 'must be a non-empty string');
  }
  if (name.length > MAX_STREAM_NAME_LENGTH) {
    throw new InvalidEventStoreArgumentError(
      'streamName',
      `must be at most ${MAX_STREAM_NAME_LENGTH} characters`,
    );
  }
  if (name.startsWith('$')) {
    throw new InvalidEventStoreArgumentError(
      'streamName',
      'names starting with $ are reserved for the system',
    );
  }
  validateName('streamName', name);
}

export function validateExpectedRevision(expected: unknown): asserts expected is ExpectedRevision {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return;
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new InvalidEventStoreArgumentError('expectedRevision', 'must not be negative');
    return;
  }
  throw new InvalidEventStoreArgumentError(
    'expectedRevision',
    `must be 'any', 'no_stream', 'stream_exists' or a bigint revision, got ${String(expected)}`,
  );
}

/** Serialises once (the adapters send the text), failing on values JSON cannot carry faithfully. */
export function serialiseJson(field: string, value: unknown): string {
  assertPlainJson(field, value, new Set());
  return JSON.stringify(value);
}

function assertPlainJson(field: string, value: unknown, seen: Set<object>): void {
  switch (typeof value) {
    case 'string':
      if (NOT_STORABLE.test(value))
        throw new InvalidEventStoreArgumentError(field, 'text must not contain a NUL or a lone surrogate');
      return;
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new InvalidEventStoreArgumentError(field, 'numbers must be finite');
      return;
    case 'object': {
      if (value === null) return;
      if (seen.has(value)) throw new InvalidEventStoreArgumentError(field, 'must not contain cycles');
      seen.add(value);
      if (Array.isArray(value)) {
        for (const item of value) assertPlainJson(field, item, seen);
      } else {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) {
          throw new InvalidEventStoreArgumentError(
            field,
            `must be plain JSON, not ${proto?.constructor?.name}`,
          );
        }
        // An undefined property is left out, as JSON.stringify does (optional fields in TypeScript).
        for (const [key, item] of Object.entries(value)) {
          if (item === undefined) continue;
          if (NOT_STORABLE.test(key))
            throw new InvalidEventStoreArgumentError(
              field,
              'keys must not contain a NUL or a lone surrogate',
            );
          assertPlainJson(field, item, seen);
        }
      }
      seen.delete(value);
      return;
    }
    default:
      throw new InvalidEventStoreArgumentError(field, `must be JSON-serialisable, not ${typeof value}`);
  }
}

export interface SerialisedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export function validateEvents(events: readonly EventData[]): SerialisedEvent[] {
  if (!Array.isArray(events) || events.length === 0) {
    throw new InvalidEventStoreArgumentError('events', 'must be a non-empty array');
  }
  const ids = new Set<string>();
  return events.map((event, index) => {
    const at = `events[${index}]`;
    if (typeof event?.id !== 'string' || !UUID.test(event.id)) {
      throw new InvalidEventStoreArgumentError(`${at}.id`, 'must be a UUID');
    }
    if (ids.has(event.id.toLowerCase()))
      throw new InvalidEventStoreArgumentError(`${at}.id`, 'is repeated in the batch');
    ids.add(event.id.toLowerCase());
    if (typeof event.type !== 'string' || event.type.length === 0 || event.type.length > 200) {
      throw new InvalidEventStoreArgumentError(
        `${at}.type`,
        'must be a non-empty string of at most 200 characters',
      );
    }
    if (event.type.startsWith('$')) {
      throw new InvalidEventStoreArgumentError(
        `${at}.type`,
        'types starting with $ are reserved for the system',
      );
    }
    validateName(`${at}.type`, event.type);
    if (event.data === null || typeof event.data !== 'object' || Array.isArray(event.data)) {
      throw new InvalidEventStoreArgumentError(`${at}.data`, 'must be a JSON object');
    }
    return {
      id: event.id.toLowerCase(),
      type: event.type,
      data: serialiseJson(`${at}.data`, event.data),
      metadata: serialiseJson(`${at}.metadata`, event.metadata ?? {}),
    };
  });
}

export function validateMetadata(metadata: StreamMetadata): void {
  if (metadata === null || typeof metadata !== 'object') {
    throw new InvalidEventStoreArgumentError('metadata', 'must be an object');
  }
  const { maxAge, maxCount, truncateBefore, custom } = metadata;
  if (maxAge !== undefined && !(Number.isInteger(maxAge) && maxAge > 0)) {
    throw new InvalidEventStoreArgumentError('metadata.maxAge', 'must be a positive integer (seconds)');
  }
  if (maxCount !== undefined && !(Number.isInteger(maxCount) && maxCount > 0)) {
    throw new InvalidEventStoreArgumentError('metadata.maxCount', 'must be a positive integer');
  }
  if (truncateBefore !== undefined && !(typeof truncateBefore === 'bigint' && truncateBefore >= 0n)) {
    throw new InvalidEventStoreArgumentError('metadata.truncateBefore', 'must be a non-negative bigint');
  }
  if (custom !== undefined) serialiseJson('metadata.custom', custom);
}
