/**
 * Typed errors of the event store port. They extend the app's one error base (`domain/errors.ts`), so
 * the HTTP error handler maps them like any other: a wrong expected revision is a conflict (409), a
 * deleted stream an illegal state, a missing stream not found, a bad argument a validation error.
 */
import { DomainError } from '../domain/errors.ts';
import type { ExpectedRevision } from './eventStore.ts';

export function describeExpected(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? expected.toString() : expected;
}

/** The stream was not in the state the append or delete expected. */
export class WrongExpectedVersionError extends DomainError {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's current revision, or `'no_stream'` when it does not exist. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      'conflict',
      `stream ${stream}: expected revision ${describeExpected(expected)}, actual ${typeof actual === 'bigint' ? actual.toString() : actual}`,
      {
        stream,
        expected: describeExpected(expected),
        actual: typeof actual === 'bigint' ? actual.toString() : actual,
      },
    );
    this.name = 'WrongExpectedVersionError';
  }
}

/** The stream was tombstoned: it can never be read or written again. */
export class StreamDeletedError extends DomainError {
  constructor(readonly stream: string) {
    super('illegal_state', `stream ${stream} is deleted`, { stream });
    this.name = 'StreamDeletedError';
  }
}

/** The stream does not exist (or was soft-deleted). */
export class StreamNotFoundError extends DomainError {
  constructor(readonly stream: string) {
    super('not_found', `stream ${stream} not found`, { stream });
    this.name = 'StreamNotFoundError';
  }
}

/** An argument the store refuses before writing anything (name, revision, event shape). */
export class InvalidEventStoreArgumentError extends DomainError {
  constructor(field: string, message: string) {
    super('validation', `${field}: ${message}`, { fields: { [field]: [message] } });
    this.name = 'InvalidEventStoreArgumentError';
  }
}

/** An event id was already used by another append (another stream, or other events). */
export class DuplicateEventIdError extends DomainError {
  constructor(
    readonly stream: string,
    readonly eventId: string,
  ) {
    super('conflict', `event id ${eventId} was already appended elsewhere`, { stream, eventId });
    this.name = 'DuplicateEventIdError';
  }
}

/** The store cannot be reached (start-up check, lost connection). Infrastructure, not domain. */
export class EventStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}
