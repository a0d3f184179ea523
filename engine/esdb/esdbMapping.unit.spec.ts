import { END, START as ESDB_START } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { START } from '../eventStore.ts';
import { InvalidEventStoreArgumentError } from '../eventStoreErrors.ts';
import { esdbEvent } from './esdbFakes.ts';
import {
  isAfter,
  matchesFilter,
  toDirection,
  toEsdbExpectedRevision,
  toReadPosition,
  toReadRevision,
  toRecordedEvent,
  toServerFilter,
  validateMaxCount,
} from './esdbMapping.ts';

describe('expected revisions', () => {
  it.each([
    ['any', 'any'],
    ['no_stream', 'no_stream'],
    ['stream_exists', 'stream_exists'],
    [0n, 0n],
    [41n, 41n],
  ] as const)('given %s, when mapped, then the client gets %s', (ours, theirs) => {
    expect(toEsdbExpectedRevision(ours)).toBe(theirs);
  });
});

describe('stream read options', () => {
  it('given no options, when mapped, then it reads forwards from the start', () => {
    expect(toDirection(undefined)).toBe('forwards');
    expect(toReadRevision({})).toBe(ESDB_START);
  });

  it('given backwards without a revision, when mapped, then it reads backwards from the end', () => {
    expect(toDirection('backwards')).toBe('backwards');
    expect(toReadRevision({ direction: 'backwards' })).toBe(END);
  });

  it('given a revision, when mapped, then the revision is kept in either direction', () => {
    expect(toReadRevision({ fromRevision: 3n })).toBe(3n);
    expect(toReadRevision({ direction: 'backwards', fromRevision: 2n })).toBe(2n);
  });

  it('given a negative revision, when mapped, then it is a validation error', () => {
    expect(() => toReadRevision({ fromRevision: -1n })).toThrow(InvalidEventStoreArgumentError);
  });

  it.each([[1.5], [-1], [Number.NaN], ['3']])(
    'given maxCount %s, when validated, then it is refused',
    (n) => {
      expect(() => validateMaxCount(n)).toThrow(InvalidEventStoreArgumentError);
    },
  );

  it('given maxCount 0, 5 or none, when validated, then it is kept', () => {
    expect([validateMaxCount(0), validateMaxCount(5), validateMaxCount(undefined)]).toEqual([
      0,
      5,
      undefined,
    ]);
  });
});

describe('$all positions: ours are exclusive, the server reads inclusively', () => {
  it('given START (or a copy of it) or nothing, when mapped, then the client reads from its START', () => {
    expect(toReadPosition(START)).toBe(ESDB_START);
    expect(toReadPosition({ commit: -1n, prepare: -1n })).toBe(ESDB_START);
    expect(toReadPosition(undefined)).toBe(ESDB_START);
  });

  it("given 'end', when mapped, then the client reads from its END", () => {
    expect(toReadPosition('end')).toBe(END);
  });

  it('given a position, when mapped, then the client gets the same commit and prepare', () => {
    expect(toReadPosition({ commit: 200n, prepare: 180n })).toEqual({ commit: 200n, prepare: 180n });
  });

  it('given the position read from, when compared, then the event at it is not after it', () => {
    const from = { commit: 200n, prepare: 200n };
    expect(isAfter({ commit: 200n, prepare: 200n }, from)).toBe(false);
    expect(isAfter({ commit: 100n, prepare: 100n }, from)).toBe(false);
    expect(isAfter({ commit: 200n, prepare: 201n }, from)).toBe(true);
    expect(isAfter({ commit: 300n, prepare: 150n }, from)).toBe(true);
  });

  it('given START or no position, when compared, then every event is after it', () => {
    expect(isAfter({ commit: 0n, prepare: 0n }, START)).toBe(true);
    expect(isAfter({ commit: 0n, prepare: 0n }, undefined)).toBe(true);
  });
});

describe('filters', () => {
  const carListed = { type: 'CarListed', streamName: 'car-1' };
  const bookingStarted = { type: 'BookingStarted', streamName: 'booking-1' };

  it('given no filter, when matched, then everything matches', () => {
    expect(matchesFilter(carListed, undefined)).toBe(true);
    expect(matchesFilter(carListed, {})).toBe(true);
  });

  it('given type prefixes, when matched, then any prefix is enough', () => {
    const filter = { eventTypePrefixes: ['Booking', 'CarL'] };
    expect(matchesFilter(carListed, filter)).toBe(true);
    expect(matchesFilter(bookingStarted, filter)).toBe(true);
    expect(matchesFilter({ type: 'PriceChanged', streamName: 'car-1' }, filter)).toBe(false);
  });

  it('given both lists, when matched, then an event must match one prefix of each', () => {
    const filter = { eventTypePrefixes: ['CarL', 'Booking'], streamNamePrefixes: ['car-'] };
    expect(matchesFilter(carListed, filter)).toBe(true);
    expect(matchesFilter(bookingStarted, filter)).toBe(false);
  });

  it('given an empty list, when matched, then nothing matches', () => {
    expect(matchesFilter(carListed, { streamNamePrefixes: [] })).toBe(false);
  });

  it('given both lists, when sent to the server, then it filters by event type only', () => {
    const filter = toServerFilter({ eventTypePrefixes: ['CarL'], streamNamePrefixes: ['car-'] });
    expect(filter).toMatchObject({ filterOn: 'eventType', prefixes: ['CarL'] });
  });

  it('given only stream prefixes, when sent to the server, then it filters by stream name', () => {
    expect(toServerFilter({ streamNamePrefixes: ['car-'] })).toMatchObject({
      filterOn: 'streamName',
      prefixes: ['car-'],
    });
  });

  it('given no prefixes, when sent to the server, then it still excludes system event types', () => {
    expect(toServerFilter(undefined)).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
    expect(toServerFilter({ eventTypePrefixes: [] })).toMatchObject({ regex: '^[^$].*' });
  });
});

describe('recorded events', () => {
  it('given a JSON event, when mapped, then every field of the port is filled', () => {
    expect(toRecordedEvent(esdbEvent(3, { streamId: 'car-9', type: 'PriceChanged' }))).toEqual({
      id: '0000000a-0000-4000-8000-000000000003',
      streamName: 'car-9',
      revision: 2n,
      position: { commit: 300n, prepare: 300n },
      type: 'PriceChanged',
      data: { n: 3 },
      metadata: { actor: 'test' },
      created: new Date('2024-05-01T10:00:00.000Z'),
    });
  });

  it('given no or non-object metadata, when mapped, then metadata is {}', () => {
    expect(toRecordedEvent(esdbEvent(1, { metadata: undefined }))?.metadata).toEqual({});
    expect(toRecordedEvent(esdbEvent(1, { metadata: new Uint8Array([1, 2]) }))?.metadata).toEqual({});
    expect(toRecordedEvent(esdbEvent(1, { metadata: ['a'] }))?.metadata).toEqual({});
  });

  it('given a stream read from an old server without positions, when mapped, then the commit position is used', () => {
    const resolved = { ...esdbEvent(1, { position: undefined }), commitPosition: 77n };
    expect(toRecordedEvent(resolved)?.position).toEqual({ commit: 77n, prepare: 77n });
  });

  it.each([
    ['a link', esdbEvent(1, { type: '$>', streamId: '$ce-car' })],
    ['stream metadata', esdbEvent(1, { type: '$metadata', streamId: '$$car-1' })],
    ['a tombstone', esdbEvent(1, { type: '$streamDeleted' })],
    ['an event of a system stream', esdbEvent(1, { type: 'UserCreated', streamId: '$user-admin' })],
    ['a binary event', esdbEvent(1, { isJson: false, data: new Uint8Array([1]) })],
    ['JSON that is not an object', esdbEvent(1, { data: [1, 2] })],
    ['malformed JSON (the client hands over the text)', esdbEvent(1, { data: '{oops' })],
    ['an unresolved link', { event: undefined }],
  ])('given %s, when mapped, then it is skipped', (_label, resolved) => {
    expect(toRecordedEvent(resolved)).toBeUndefined();
  });
});
