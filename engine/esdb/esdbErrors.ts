/**
 * Turns `@eventstore/db-client` errors into the port's typed errors, so callers never see the client's
 * classes or raw gRPC statuses.
 */

import type { AppendExpectedRevision, CurrentRevision } from '@eventstore/db-client';
import { ErrorType, isCommandError } from '@eventstore/db-client';
import type { ExpectedRevision } from '../eventStore.ts';
import {
  EventStoreUnavailableError,
  InvalidEventStoreArgumentError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../eventStoreErrors.ts';

export interface EsdbErrorContext {
  /** Host part of the connection string, for messages (never the credentials). */
  readonly host: string;
  /** The stream the call addressed (the client may name the metadata stream `$$…` instead). */
  readonly stream?: string;
  /** What the caller expected (the server reports legacy numbers such as -2 for `any`). */
  readonly expected?: ExpectedRevision;
}

/** The hosts of an `esdb://` or `esdb+discover://` connection string, without user info or options. */
export function describeHost(connectionString: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(connectionString.trim());
  return match?.[1] ?? 'an invalid connection string';
}

/** Legacy expected-version numbers the server puts in error metadata. */
export function fromEsdbExpected(expected: AppendExpectedRevision): ExpectedRevision {
  if (typeof expected !== 'bigint' || expected >= 0n) return expected;
  if (expected === -1n) return 'no_stream';
  if (expected === -4n) return 'stream_exists';
  return 'any';
}

export function fromEsdbActual(actual: CurrentRevision): bigint | 'no_stream' {
  return typeof actual === 'bigint' && actual >= 0n ? actual : 'no_stream';
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
]);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function unreachable(host: string, cause: unknown): EventStoreUnavailableError {
  return new EventStoreUnavailableError(`EventStoreDB at ${host} is unreachable: ${messageOf(cause)}`, {
    cause,
  });
}

/** Our typed error for a client error; anything it does not know is returned unchanged. */
export function mapEsdbError(error: unknown, context: EsdbErrorContext): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (isCommandError(error)) {
    switch (error.type) {
      case ErrorType.WRONG_EXPECTED_VERSION:
        return new WrongExpectedVersionError(
          context.stream ?? error.streamName,
          context.expected ?? fromEsdbExpected(error.expectedVersion),
          fromEsdbActual(error.actualVersion),
        );
      case ErrorType.STREAM_DELETED:
        return new StreamDeletedError(context.stream ?? error.streamName);
      case ErrorType.STREAM_NOT_FOUND:
        return new StreamNotFoundError(context.stream ?? error.streamName);
      case ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED:
        return new InvalidEventStoreArgumentError(
          'events',
          `exceed the server's maximum append size of ${error.maxAppendSize} bytes`,
        );
      case ErrorType.UNAVAILABLE:
      case ErrorType.DEADLINE_EXCEEDED:
      case ErrorType.TIMEOUT:
      case ErrorType.CANCELLED:
      case ErrorType.NOT_LEADER:
        return unreachable(context.host, error);
      default:
        return error;
    }
  }
  const code = (error as { code?: unknown }).code;
  if (
    (typeof code === 'string' && CONNECTION_CODES.has(code)) ||
    error.message.startsWith('Failed to discover')
  ) {
    return unreachable(context.host, error);
  }
  return error;
}

/** The start-up check's failure: always an {@link EventStoreUnavailableError}, never the client's error. */
export function startupError(error: unknown, host: string): EventStoreUnavailableError {
  if (error instanceof Error && isCommandError(error) && error.type === ErrorType.ACCESS_DENIED) {
    return new EventStoreUnavailableError(
      `EventStoreDB at ${host} refused the start-up check (reading $all needs a user allowed to read it): ${error.message}`,
      { cause: error },
    );
  }
  const mapped = mapEsdbError(error, { host });
  return mapped instanceof EventStoreUnavailableError ? mapped : unreachable(host, error);
}
