import type { ExpectedRevision } from '../eventStore.ts';
import { DuplicateEventIdError, StreamDeletedError, WrongExpectedVersionError } from '../eventStoreErrors.ts';

/** Maps the SQLSTATEs raised by the event store functions (see migrations/001) to typed errors. */
export function mapPostgresError(
  error: unknown,
  stream: string,
  expected: ExpectedRevision,
  eventId?: string,
): unknown {
  const pgError = error as { code?: string; detail?: string; constraint?: string };
  switch (pgError?.code) {
    case 'ES409':
      return new WrongExpectedVersionError(
        stream,
        expected,
        pgError.detail === 'no_stream' || pgError.detail === undefined ? 'no_stream' : BigInt(pgError.detail),
      );
    case 'ES410':
      return new StreamDeletedError(stream);
    case 'ES422':
    case 'ES208':
      return new DuplicateEventIdError(stream, eventId ?? 'unknown');
    case '23505':
      // Two appends of the same event id raced; the loser sees the unique index.
      return pgError.constraint?.includes('event_id')
        ? new DuplicateEventIdError(stream, eventId ?? 'unknown')
        : error;
    default:
      return error;
  }
}
