/**
 * The one contract suite of the event store port. Every adapter runs it: Postgres and PGlite always,
 * EventStoreDB when `EVENTSTORE_URL` points at a server. Each test writes to streams of its own (a
 * random prefix), so the suite can share one store per target.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData, EventStore, RecordedEvent } from '../eventStore.ts';
import { START } from '../eventStore.ts';
import {
  DuplicateEventIdError,
  InvalidEventStoreArgumentError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../eventStoreErrors.ts';
import { describeEventStoreModel } from './eventStoreModel.ts';

export interface ContractTarget {
  readonly name: string;
  /** Why this target cannot run here; the suite is skipped and the reason printed. */
  readonly skipReason?: string | undefined;
  open(): Promise<{ store: EventStore; close(): Promise<void> }>;
  /** Writers really run in parallel (not PGlite, which serialises transactions). */
  readonly parallelWriters: boolean;
  /**
   * Where an adapter cannot honour a part of the contract, the reason (printed, and the test skipped).
   * EventStoreDB has no index by event id, and differs from the model after tombstones and soft deletes.
   */
  readonly limits?: { readonly globalEventIds?: string; readonly modelEquivalence?: string };
}

export const event = (type = 'Something', data: Record<string, string | number> = {}): EventData => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'test' },
});

export function describeEventStoreContract(target: ContractTarget): void {
  if (target.skipReason) {
    console.log(`[skip] event store contract on ${target.name}: ${target.skipReason}`);
    describe.skip(`event store contract: ${target.name} (${target.skipReason})`, () => {
      it('is skipped', () => {});
    });
    return;
  }

  describe(`event store contract: ${target.name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    const stream = (name = 'stream') => `${name}-${randomUUID()}`;

    beforeAll(async () => {
      ({ store, close } = await target.open());
    });
    afterAll(async () => {
      await close?.();
    });

    describe('appending', () => {
      it('numbers a new stream from revision 0 and reads it back in order', async () => {
        const name = stream();
        const result = await store.appendToStream(name, [event('A', { n: 1 }), event('B', { n: 2 })], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextExpectedRevision).toBe(1n);
        const read = await store.readStream(name);
        expect(read.map((e) => [e.revision, e.type, e.data])).toEqual([
          [0n, 'A', { n: 1 }],
          [1n, 'B', { n: 2 }],
        ]);
        expect(read[1]!.position).toEqual(result.position);
        expect(read[0]!.metadata).toEqual({ actor: 'test' });
        expect(read[0]!.created).toBeInstanceOf(Date);
      });

      it.each([
        ['any', 'absent', true],
        ['no_stream', 'absent', true],
        ['stream_exists', 'absent', false],
        [0n, 'absent', false],
        ['any', 'at 1', true],
        ['no_stream', 'at 1', false],
        ['stream_exists', 'at 1', true],
        [1n, 'at 1', true],
        [0n, 'at 1', false],
        [2n, 'at 1', false],
      ] as const)('expected %s on a stream %s succeeds: %s', async (expected, given, succeeds) => {
        const name = stream();
        if (given === 'at 1') await store.appendToStream(name, [event(), event()]);
        const attempt = store.appendToStream(name, [event()], { expectedRevision: expected });
        if (succeeds) {
          await expect(attempt).resolves.toMatchObject({ nextExpectedRevision: given === 'at 1' ? 2n : 0n });
        } else {
          const error = await attempt.catch((e: unknown) => e);
          expect(error).toBeInstanceOf(WrongExpectedVersionError);
          expect(error).toMatchObject({
            stream: name,
            expected,
            actual: given === 'at 1' ? 1n : 'no_stream',
          });
        }
      });

      it('is idempotent by event id: a retried append succeeds once and writes nothing twice', async () => {
        const name = stream();
        await store.appendToStream(name, [event()]);
        const batch = [event('Retried'), event('Retried')];
        const first = await store.appendToStream(name, batch, { expectedRevision: 0n });
        const retry = await store.appendToStream(name, batch, { expectedRevision: 0n });
        expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect((await store.readStream(name)).map((e) => e.type)).toEqual([
          'Something',
          'Retried',
          'Retried',
        ]);
      });

      const noGlobalIds = target.limits?.globalEventIds;
      if (noGlobalIds) console.log(`[skip] ${target.name}: unique event ids across streams: ${noGlobalIds}`);
      it.skipIf(noGlobalIds)('refuses an event id already used by another stream', async () => {
        const reused = event();
        await store.appendToStream(stream(), [reused]);
        await expect(store.appendToStream(stream(), [reused])).rejects.toBeInstanceOf(DuplicateEventIdError);
      });
    });

    describe('bad input is a typed error and writes nothing', () => {
      const cases: [string, () => Promise<unknown>][] = [
        ['an empty stream name', () => store.appendToStream('', [event()])],
        ['an over-long stream name', () => store.appendToStream('x'.repeat(201), [event()])],
        ['a negative revision', () => store.appendToStream(stream(), [event()], { expectedRevision: -1n })],
        [
          'an unknown expected-revision kind',
          () => store.appendToStream(stream(), [event()], { expectedRevision: 'latest' as never }),
        ],
        [
          'a number as revision',
          () => store.appendToStream(stream(), [event()], { expectedRevision: 3 as never }),
        ],
        ['no events', () => store.appendToStream(stream(), [])],
        [
          'a bigint in data',
          () => store.appendToStream(stream(), [{ ...event(), data: { n: 1n } as never }]),
        ],
        [
          'a function in data',
          () => store.appendToStream(stream(), [{ ...event(), data: { f: () => 1 } as never }]),
        ],
        [
          'a Date in data',
          () => store.appendToStream(stream(), [{ ...event(), data: { d: new Date() } as never }]),
        ],
        ['NaN in data', () => store.appendToStream(stream(), [{ ...event(), data: { n: Number.NaN } }])],
        ['an id that is not a UUID', () => store.appendToStream(stream(), [{ ...event(), id: 'nope' }])],
        ['a negative delete revision', () => store.deleteStream(stream(), { expectedRevision: -5n })],
        ['a NUL in a stream name', () => store.appendToStream(`${stream()}\u0000`, [event()])],
        ['a control character in a stream name read', () => store.readStream(`${stream()}\u001b`)],
        ['a lone surrogate in a stream name', () => store.appendToStream(`${stream()}\uD800`, [event()])],
        ['a NUL in an event type', () => store.appendToStream(stream(), [{ ...event(), type: 'Bad\u0000' }])],
        [
          'a NUL in a text of data',
          () => store.appendToStream(stream(), [{ ...event(), data: { text: 'a\u0000b' } }]),
        ],
        [
          'a lone surrogate in a text of metadata',
          () => store.appendToStream(stream(), [{ ...event(), metadata: { note: '\uDC00' } }]),
        ],
        [
          'a NUL in a key of data',
          () => store.appendToStream(stream(), [{ ...event(), data: { 'a\u0000': 1 } }]),
        ],
      ];
      it.each(cases)('%s', async (_label, attempt) => {
        const before = await store.headPosition();
        await expect(attempt()).rejects.toBeInstanceOf(InvalidEventStoreArgumentError);
        expect(await store.headPosition()).toEqual(before);
      });

      it('a cyclic object in data', async () => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        const name = stream();
        await expect(
          store.appendToStream(name, [{ ...event(), data: cyclic as never }]),
        ).rejects.toBeInstanceOf(InvalidEventStoreArgumentError);
        await expect(store.readStream(name)).rejects.toBeInstanceOf(StreamNotFoundError);
      });
    });

    describe('reading a stream', () => {
      it('reads forwards and backwards from a revision, at most maxCount', async () => {
        const name = stream();
        await store.appendToStream(
          name,
          [0, 1, 2, 3, 4].map((n) => event('N', { n })),
        );
        const revisions = (events: RecordedEvent[]) => events.map((e) => Number(e.revision));
        expect(revisions(await store.readStream(name, { fromRevision: 2n }))).toEqual([2, 3, 4]);
        expect(revisions(await store.readStream(name, { fromRevision: 1n, maxCount: 2 }))).toEqual([1, 2]);
        expect(revisions(await store.readStream(name, { direction: 'backwards' }))).toEqual([4, 3, 2, 1, 0]);
        expect(revisions(await store.readStream(name, { direction: 'backwards', fromRevision: 2n }))).toEqual(
          [2, 1, 0],
        );
        expect(revisions(await store.readStream(name, { direction: 'backwards', maxCount: 1 }))).toEqual([4]);
      });

      it('says not found for a stream never written', async () => {
        await expect(store.readStream(stream())).rejects.toBeInstanceOf(StreamNotFoundError);
      });
    });

    describe('reading $all', () => {
      it('returns events after a position, filtered by event-type and stream prefixes', async () => {
        const prefix = `all-${randomUUID()}`;
        await store.appendToStream(`${prefix}-car-1`, [event('CarListed'), event('PriceChanged')]);
        await store.appendToStream(`${prefix}-booking-1`, [event('BookingStarted')]);
        await store.appendToStream(`${prefix}-car-2`, [event('CarListed')]);
        const mine = await store.readAll({ filter: { streamNamePrefixes: [prefix] }, maxCount: 100_000 });
        expect(mine.map((e) => e.type)).toEqual(['CarListed', 'PriceChanged', 'BookingStarted', 'CarListed']);
        const cars = await store.readAll({
          filter: { streamNamePrefixes: [`${prefix}-car`] },
          maxCount: 100_000,
        });
        expect(cars.map((e) => e.streamName)).toEqual([
          `${prefix}-car-1`,
          `${prefix}-car-1`,
          `${prefix}-car-2`,
        ]);
        const listed = await store.readAll({
          filter: { streamNamePrefixes: [prefix], eventTypePrefixes: ['CarL', 'Booking'] },
          maxCount: 100_000,
        });
        expect(listed.map((e) => e.type)).toEqual(['CarListed', 'BookingStarted', 'CarListed']);
        const after = await store.readAll({
          fromPosition: mine[1]!.position,
          filter: { streamNamePrefixes: [prefix] },
          maxCount: 100_000,
        });
        expect(after.map((e) => e.id)).toEqual([mine[2]!.id, mine[3]!.id]);
        const limited = await store.readAll({ filter: { streamNamePrefixes: [prefix] }, maxCount: 2 });
        expect(limited).toHaveLength(2);
      });

      it('takes a prefix’s characters literally, wildcards and backslashes included', async () => {
        const prefix = `lit-${randomUUID()}`;
        await store.appendToStream(`${prefix}-a_b`, [event('Car_Listed')]);
        await store.appendToStream(`${prefix}-axb`, [event('CarXListed')]);
        await store.appendToStream(`${prefix}-a%b`, [event('Car%Listed')]);
        await store.appendToStream(`${prefix}-a\\b`, [event('Car\\Listed')]);
        const read = async (filter: { streamNamePrefixes?: string[]; eventTypePrefixes?: string[] }) =>
          (
            await store.readAll({ filter: { streamNamePrefixes: [prefix], ...filter }, maxCount: 100_000 })
          ).map((e) => e.streamName.slice(prefix.length));
        expect(await read({ streamNamePrefixes: [`${prefix}-a_`] })).toEqual(['-a_b']);
        expect(await read({ streamNamePrefixes: [`${prefix}-a%`] })).toEqual(['-a%b']);
        expect(await read({ streamNamePrefixes: [`${prefix}-a\\`] })).toEqual(['-a\\b']);
        expect(await read({ eventTypePrefixes: ['Car_'] })).toEqual(['-a_b']);
        expect(await read({ eventTypePrefixes: ['Car%', 'Car\\'] })).toEqual(['-a%b', '-a\\b']);
      });
    });

    describe('subscribing to $all', () => {
      it('delivers history, signals caught-up, then delivers live events, filtered', async () => {
        const prefix = `sub-${randomUUID()}`;
        await store.appendToStream(`${prefix}-a`, [event('Old')]);
        await store.appendToStream(`other-${prefix}`, [event('NotMine')]);
        const seen: string[] = [];
        let caughtUp!: () => void;
        const caughtUpOnce = new Promise<void>((resolve) => {
          caughtUp = resolve;
        });
        let gotLive!: () => void;
        const live = new Promise<void>((resolve) => {
          gotLive = resolve;
        });
        const subscription = store.subscribeToAll(
          {
            onEvent(e) {
              seen.push(e.type);
              if (e.type === 'New') gotLive();
            },
            onCaughtUp: () => caughtUp(),
          },
          { fromPosition: START, filter: { streamNamePrefixes: [prefix] } },
        );
        await caughtUpOnce;
        expect(seen).toEqual(['Old']);
        await store.appendToStream(`${prefix}-a`, [event('New')]);
        await live;
        expect(seen).toEqual(['Old', 'New']);
        await subscription.stop();
        await expect(subscription.done).resolves.toBeUndefined();
      });

      it('ends with the handler error when the handler throws', async () => {
        const prefix = `subfail-${randomUUID()}`;
        await store.appendToStream(`${prefix}-a`, [event('Boom')]);
        const subscription = store.subscribeToAll(
          {
            onEvent() {
              throw new Error('handler failed');
            },
          },
          { filter: { streamNamePrefixes: [prefix] } },
        );
        await expect(subscription.done).rejects.toThrow('handler failed');
      });
    });

    describe('deleting', () => {
      it('soft delete hides a stream; an append recreates it and revisions continue', async () => {
        const name = stream();
        await store.appendToStream(name, [event('Old'), event('Old')]);
        await store.deleteStream(name, { expectedRevision: 1n });
        await expect(store.readStream(name)).rejects.toBeInstanceOf(StreamNotFoundError);
        const recreated = await store.appendToStream(name, [event('New')], { expectedRevision: 'no_stream' });
        expect(recreated.nextExpectedRevision).toBe(2n);
        const read = await store.readStream(name);
        expect(read.map((e) => [e.revision, e.type])).toEqual([[2n, 'New']]);
        expect((await store.getStreamMetadata(name)).truncateBefore).toBe(2n);
      });

      it('a tombstone is final for reads, appends and metadata', async () => {
        const name = stream();
        await store.appendToStream(name, [event()]);
        await store.tombstoneStream(name);
        await expect(store.readStream(name)).rejects.toBeInstanceOf(StreamDeletedError);
        await expect(store.appendToStream(name, [event()])).rejects.toBeInstanceOf(StreamDeletedError);
        await expect(store.setStreamMetadata(name, { maxCount: 1 })).rejects.toBeInstanceOf(
          StreamDeletedError,
        );
      });

      it('deleting checks the expected revision', async () => {
        const name = stream();
        await store.appendToStream(name, [event()]);
        await expect(store.deleteStream(name, { expectedRevision: 5n })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        await expect(store.tombstoneStream(name, { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        expect(await store.readStream(name)).toHaveLength(1);
      });
    });

    describe('stream metadata', () => {
      it('limits reads by maxCount and truncateBefore, and keeps custom values', async () => {
        const name = stream();
        await store.appendToStream(
          name,
          [0, 1, 2, 3, 4].map((n) => event('N', { n })),
        );
        await store.setStreamMetadata(name, { maxCount: 3, custom: { owner: 'catalogue' } });
        expect((await store.readStream(name)).map((e) => e.data.n)).toEqual([2, 3, 4]);
        expect(await store.getStreamMetadata(name)).toEqual({ maxCount: 3, custom: { owner: 'catalogue' } });
        await store.setStreamMetadata(name, { truncateBefore: 4n });
        expect((await store.readStream(name)).map((e) => e.data.n)).toEqual([4]);
        await store.setStreamMetadata(name, { maxAge: 3600 });
        expect((await store.readStream(name)).map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4]);
        expect(await store.getStreamMetadata(stream())).toEqual({});
      });

      it('hides events older than maxAge seconds', async () => {
        const name = stream();
        await store.appendToStream(name, [event('Old')]);
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await store.appendToStream(name, [event('Recent')]);
        await store.setStreamMetadata(name, { maxAge: 1 });
        expect((await store.readStream(name)).map((e) => e.type)).toEqual(['Recent']);
      });

      it('refuses bad metadata', async () => {
        await expect(store.setStreamMetadata(stream(), { maxCount: -1 })).rejects.toBeInstanceOf(
          InvalidEventStoreArgumentError,
        );
      });
    });

    if (!target.parallelWriters) {
      console.log(
        `[skip] ${target.name}: racing writers: it runs one transaction at a time (no real parallelism)`,
      );
    }
    describe.runIf(target.parallelWriters)('racing writers', () => {
      it('many writers with the same expected revision: exactly one wins, revisions stay contiguous', async () => {
        const name = stream('race');
        await store.appendToStream(name, [event()]);
        const writers = 30;
        const outcomes = await Promise.allSettled(
          Array.from({ length: writers }, (_, i) =>
            store.appendToStream(name, [event('Raced', { writer: i }), event('Raced', { writer: i })], {
              expectedRevision: 0n,
            }),
          ),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        expect(won).toHaveLength(1);
        for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
          expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
        }
        const read = await store.readStream(name);
        expect(read.map((e) => Number(e.revision))).toEqual([0, 1, 2]);
        expect(new Set(read.slice(1).map((e) => e.data.writer)).size).toBe(1);
      });

      it('many writers appending with expected "any": all succeed, revisions contiguous', async () => {
        const name = stream('race-any');
        await Promise.all(Array.from({ length: 30 }, () => store.appendToStream(name, [event(), event()])));
        const read = await store.readStream(name);
        expect(read.map((e) => Number(e.revision))).toEqual(Array.from({ length: 60 }, (_, i) => i));
      });
    });

    const noModel = target.limits?.modelEquivalence;
    if (noModel) console.log(`[skip] ${target.name}: model-based test: ${noModel}`);
    else describeEventStoreModel(() => store);
  });
}
