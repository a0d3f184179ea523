/**
 * The event store port in memory: the reference model of the port's semantics. The contract suite's
 * model-based test drives a real adapter and this one with the same commands and compares them; unit
 * tests of command handlers may use it where no database is involved.
 */

import { startCatchUpSubscription } from '../catchUpSubscription.ts';
import {
  type AppendResult,
  comparePositions,
  type DeleteOptions,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type JsonObject,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  START,
  type StreamMetadata,
  type SubscriptionHandler,
} from '../eventStore.ts';
import {
  DuplicateEventIdError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../eventStoreErrors.ts';
import {
  validateEvents,
  validateExpectedRevision,
  validateMetadata,
  validateStreamName,
} from '../validateAppend.ts';
import { Wakeup } from '../Wakeup.ts';

interface StreamState {
  revision: bigint;
  deleted: 'soft' | 'tombstone' | null;
  metadata: StreamMetadata;
}

export interface InMemoryEventStoreOptions {
  /** The clock used for `created` and `maxAge` (default: the system clock). */
  readonly now?: () => Date;
}

export function createInMemoryEventStore(options: InMemoryEventStoreOptions = {}): EventStore {
  const now = options.now ?? (() => new Date());
  const streams = new Map<string, StreamState>();
  const log: RecordedEvent[] = [];
  const byId = new Map<string, RecordedEvent>();
  const wakeup = new Wakeup();

  const exists = (state: StreamState | undefined) =>
    !!state && state.deleted === null && state.revision >= 0n;

  function check(stream: string, state: StreamState | undefined, expected: ExpectedRevision): void {
    if (state?.deleted === 'tombstone') throw new StreamDeletedError(stream);
    const actual = exists(state) ? state!.revision : 'no_stream';
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === 'no_stream') ||
      (expected === 'stream_exists' && actual !== 'no_stream') ||
      (typeof expected === 'bigint' && actual === expected);
    if (!ok) throw new WrongExpectedVersionError(stream, expected, actual);
  }

  const stateOf = (stream: string): StreamState => {
    let state = streams.get(stream);
    if (!state) {
      state = { revision: -1n, deleted: null, metadata: {} };
      streams.set(stream, state);
    }
    return state;
  };

  function readAll(opts: ReadAllOptions = {}): RecordedEvent[] {
    const from = opts.fromPosition ?? START;
    const types = opts.filter?.eventTypePrefixes;
    const names = opts.filter?.streamNamePrefixes;
    return log
      .filter(
        (e) =>
          comparePositions(e.position, from) > 0 &&
          (!types || types.some((p) => e.type.startsWith(p))) &&
          (!names || names.some((p) => e.streamName.startsWith(p))),
      )
      .slice(0, opts.maxCount ?? 1000);
  }

  return {
    async appendToStream(stream, events: readonly EventData[], appendOptions = {}): Promise<AppendResult> {
      const expected = appendOptions.expectedRevision ?? 'any';
      validateStreamName(stream);
      validateExpectedRevision(expected);
      const serialised = validateEvents(events);
      const found = serialised.map((e) => byId.get(e.id));
      if (found.some(Boolean)) {
        const first = found[0];
        const retried =
          first?.streamName === stream &&
          found.every((e, i) => e && e.streamName === stream && e.revision === first.revision + BigInt(i));
        if (!retried) throw new DuplicateEventIdError(stream, serialised[0]!.id);
        const last = found.at(-1)!;
        return { nextExpectedRevision: last.revision, position: last.position };
      }
      const state = streams.get(stream);
      check(stream, state, expected);
      const target = stateOf(stream);
      const commit = BigInt(log.length + 1);
      let revision = target.revision;
      for (const [i, e] of serialised.entries()) {
        revision += 1n;
        const recorded: RecordedEvent = {
          id: e.id,
          streamName: stream,
          revision,
          position: { commit, prepare: BigInt(log.length + 1 + i) },
          type: e.type,
          data: JSON.parse(e.data) as JsonObject,
          metadata: JSON.parse(e.metadata) as JsonObject,
          created: now(),
        };
        byId.set(e.id, recorded);
      }
      for (const e of serialised) log.push(byId.get(e.id)!);
      target.revision = revision;
      target.deleted = null;
      wakeup.notify();
      return { nextExpectedRevision: revision, position: log.at(-1)!.position };
    },

    async readStream(stream, readOptions = {}) {
      validateStreamName(stream);
      const state = streams.get(stream);
      if (state?.deleted === 'tombstone') throw new StreamDeletedError(stream);
      if (!exists(state)) throw new StreamNotFoundError(stream);
      const { maxAge, maxCount, truncateBefore } = state!.metadata;
      let lowest = truncateBefore ?? 0n;
      if (maxCount !== undefined && state!.revision - BigInt(maxCount) + 1n > lowest) {
        lowest = state!.revision - BigInt(maxCount) + 1n;
      }
      const oldest = maxAge === undefined ? undefined : now().getTime() - maxAge * 1000;
      const backwards = readOptions.direction === 'backwards';
      const from = readOptions.fromRevision ?? (backwards ? 'end' : 'start');
      let events = log.filter(
        (e) =>
          e.streamName === stream &&
          e.revision >= lowest &&
          (oldest === undefined || e.created.getTime() >= oldest) &&
          (typeof from !== 'bigint' || (backwards ? e.revision <= from : e.revision >= from)),
      );
      if (backwards) events = events.reverse();
      return events.slice(0, readOptions.maxCount ?? Number.MAX_SAFE_INTEGER);
    },

    readAll: async (opts) => readAll(opts),

    subscribeToAll(handler: SubscriptionHandler, subscribeOptions = {}) {
      const from = subscribeOptions.fromPosition ?? START;
      return startCatchUpSubscription(handler, {
        readAll: async (opts) => readAll(opts),
        from: from === 'end' ? (log.at(-1)?.position ?? START) : from,
        filter: subscribeOptions.filter,
        batchSize: subscribeOptions.batchSize ?? 500,
        pollIntervalMs: 1000,
        wakeup,
      });
    },

    async deleteStream(stream, deleteOptions: DeleteOptions = {}) {
      const expected = deleteOptions.expectedRevision ?? 'any';
      validateStreamName(stream);
      validateExpectedRevision(expected);
      const state = streams.get(stream);
      check(stream, state, expected);
      if (exists(state)) {
        state!.deleted = 'soft';
        state!.metadata = { ...state!.metadata, truncateBefore: state!.revision + 1n };
      }
    },

    async tombstoneStream(stream, deleteOptions: DeleteOptions = {}) {
      const expected = deleteOptions.expectedRevision ?? 'any';
      validateStreamName(stream);
      validateExpectedRevision(expected);
      check(stream, streams.get(stream), expected);
      stateOf(stream).deleted = 'tombstone';
    },

    async setStreamMetadata(stream, metadata) {
      validateStreamName(stream);
      validateMetadata(metadata);
      const state = stateOf(stream);
      if (state.deleted === 'tombstone') throw new StreamDeletedError(stream);
      state.metadata = structuredClone(metadata);
    },

    async getStreamMetadata(stream) {
      validateStreamName(stream);
      const state = streams.get(stream);
      if (state?.deleted === 'tombstone') throw new StreamDeletedError(stream);
      return state ? structuredClone(state.metadata) : {};
    },

    async headPosition(): Promise<Position> {
      return log.at(-1)?.position ?? START;
    },

    // Nothing is ever committed out of order here: what is committed is readable.
    async committedPosition(): Promise<Position> {
      return log.at(-1)?.position ?? START;
    },

    async close() {
      wakeup.notify();
    },
  };
}
