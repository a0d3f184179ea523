import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  MaxAppendSizeExceededError,
  TimeoutError,
  UnavailableError,
  UnknownError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import {
  EventStoreUnavailableError,
  InvalidEventStoreArgumentError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../eventStoreErrors.ts';
import { describeHost, mapEsdbError, startupError } from './esdbErrors.ts';

const host = 'localhost:2113';

describe('mapping client errors to the port', () => {
  it('given a wrong expected version, when mapped, then ours carries stream, expected and actual', () => {
    const error = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'car-1',
      expected: 0n,
      current: 4n,
    });
    const mapped = mapEsdbError(error, { host, stream: 'car-1', expected: 0n });
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ stream: 'car-1', expected: 0n, actual: 4n, code: 'conflict' });
  });

  it('given a wrong expected version on a missing stream, when mapped, then actual is no_stream', () => {
    const error = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'car-1',
      expected: 'stream_exists',
      current: 'no_stream',
    });
    expect(mapEsdbError(error, { host, stream: 'car-1', expected: 'stream_exists' })).toMatchObject({
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });

  it('given legacy numbers from the server and no context, when mapped, then they become the port values', () => {
    const error = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'car-1',
      expected: -2n,
      current: -1n,
    });
    expect(mapEsdbError(error, { host })).toMatchObject({
      stream: 'car-1',
      expected: 'any',
      actual: 'no_stream',
    });
    const noStream = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 's',
      expected: -1n,
      current: 3n,
    });
    expect(mapEsdbError(noStream, { host })).toMatchObject({ expected: 'no_stream', actual: 3n });
  });

  it('given a deleted (tombstoned) stream, when mapped, then ours names the stream the caller used', () => {
    const mapped = mapEsdbError(EsdbStreamDeletedError.fromStreamName('$$car-1'), { host, stream: 'car-1' });
    expect(mapped).toBeInstanceOf(StreamDeletedError);
    expect(mapped).toMatchObject({ stream: 'car-1', code: 'illegal_state' });
  });

  it('given a missing stream, when mapped, then it is our not-found error', () => {
    const mapped = mapEsdbError(new EsdbStreamNotFoundError(undefined, 'car-2'), { host });
    expect(mapped).toBeInstanceOf(StreamNotFoundError);
    expect(mapped).toMatchObject({ stream: 'car-2', code: 'not_found' });
  });

  it('given an append over the size limit, when mapped, then it is a validation error', () => {
    const mapped = mapEsdbError(MaxAppendSizeExceededError.fromMaxAppendSize(1024), {
      host,
      stream: 'car-1',
    });
    expect(mapped).toBeInstanceOf(InvalidEventStoreArgumentError);
    expect(mapped.message).toContain('1024 bytes');
  });

  it.each([
    ['unavailable', new UnavailableError(undefined, '14 UNAVAILABLE: No connection established')],
    ['deadline exceeded', new DeadlineExceededError(undefined, '4 DEADLINE_EXCEEDED: Deadline exceeded')],
    ['timed out', new TimeoutError(undefined, '10 ABORTED: Operation timed out')],
    ['cancelled by the server', new CancelledError(undefined, '1 CANCELLED: server shutting down')],
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2113'), { code: 'ECONNREFUSED' }),
    ],
    ['discovery failed', new Error('Failed to discover after 10 attempts.')],
  ])('given the server is %s, when mapped, then it is unavailable with the host', (_label, error) => {
    const mapped = mapEsdbError(error, { host });
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect(mapped.message).toBe(`EventStoreDB at localhost:2113 is unreachable: ${error.message}`);
    expect(mapped.cause).toBe(error);
  });

  it('given an error it does not know, when mapped, then it is returned unchanged', () => {
    const unknown = new UnknownError(undefined, 'something odd');
    expect(mapEsdbError(unknown, { host })).toBe(unknown);
    const ours = new StreamNotFoundError('car-1');
    expect(mapEsdbError(ours, { host })).toBe(ours);
  });

  it('given something thrown that is not an Error, when mapped, then it becomes one', () => {
    expect(mapEsdbError('Impossible situation', { host })).toEqual(new Error('Impossible situation'));
  });
});

describe('the start-up check', () => {
  it('given an unreachable server, when the check fails, then the message names the host, not gRPC', () => {
    const error = startupError(new UnavailableError(undefined, '14 UNAVAILABLE: connect ECONNREFUSED'), host);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(error.message).toBe(
      'EventStoreDB at localhost:2113 is unreachable: 14 UNAVAILABLE: connect ECONNREFUSED',
    );
  });

  it('given no answer in time or an odd answer, when the check fails, then it is still unavailable', () => {
    expect(startupError(new Error('no answer within 5000 ms'), host).message).toBe(
      'EventStoreDB at localhost:2113 is unreachable: no answer within 5000 ms',
    );
    expect(startupError(new UnknownError(undefined, '12 UNIMPLEMENTED'), host)).toBeInstanceOf(
      EventStoreUnavailableError,
    );
  });

  it('given a user who may not read $all, when the check fails, then the message says so', () => {
    const error = startupError(new AccessDeniedError(undefined, 'Access denied'), host);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(error.message).toContain('refused the start-up check');
  });
});

describe('describing the host', () => {
  it.each([
    ['esdb://localhost:2113?tls=false', 'localhost:2113'],
    ['esdb://admin:changeit@db.internal:2113?tls=true', 'db.internal:2113'],
    ['esdb+discover://admin:s3cret@node1:2113,node2:2113?nodePreference=leader', 'node1:2113,node2:2113'],
  ])('given %s, when described, then it is %s without credentials', (connectionString, described) => {
    expect(describeHost(connectionString)).toBe(described);
  });
});
