/**
 * The EventStoreDB adapter of the event store port (`@eventstore/db-client`, gRPC). Used when
 * `EVENTSTORE_URL` is set; see `README.md` beside this file for how each call maps and where the
 * semantics differ from the Postgres adapter.
 */
import type { EventStoreDBClient } from '@eventstore/db-client';
import { BACKWARDS, END, jsonEvent } from '@eventstore/db-client';
import type {
  DeleteOptions,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  Subscription,
} from '../eventStore.ts';
import { START } from '../eventStore.ts';
import { StreamNotFoundError, WrongExpectedVersionError } from '../eventStoreErrors.ts';
import {
  validateEvents,
  validateExpectedRevision,
  validateMetadata,
  validateStreamName,
} from '../validateAppend.ts';
import { checkReachable, openEsdbClient } from './esdbConnect.ts';
import { mapEsdbError } from './esdbErrors.ts';
import {
  isAfter,
  matchesFilter,
  toDirection,
  toEsdbDeleteRevision,
  toEsdbExpectedRevision,
  toReadPosition,
  toReadRevision,
  toServerFilter,
  validateMaxCount,
} from './esdbMapping.ts';
import { fromEsdbMetadata, toEsdbMetadata } from './esdbMetadata.ts';
import { collectEvents } from './esdbRead.ts';
import { runEsdbSubscription } from './esdbSubscription.ts';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`. */
  readonly connectionString: string;
  /** How long the start-up check waits for the server (default 5 s). */
  readonly connectTimeoutMs?: number;
}

export async function createEsdbEventStore(options: EsdbEventStoreOptions): Promise<EventStore> {
  const { client, host } = openEsdbClient(options.connectionString);
  return connectEsdbEventStore(client, { host, connectTimeoutMs: options.connectTimeoutMs });
}

/** Checks the server answers (a one-event read of `$all`), then returns the adapter over `client`. */
export async function connectEsdbEventStore(
  client: EventStoreDBClient,
  options: { readonly host: string; readonly connectTimeoutMs?: number | undefined },
): Promise<EventStore> {
  await checkReachable(client, options.host, options.connectTimeoutMs ?? 5000);
  return esdbEventStore(client, options.host);
}

/** The adapter over a connected client (no start-up check). */
export function esdbEventStore(client: EventStoreDBClient, host: string): EventStore {
  const subscriptions = new Set<Subscription>();
  const mapError = (stream?: string, expected?: ExpectedRevision) => (error: unknown) =>
    mapEsdbError(error, { host, stream, expected });

  const lastRevision = async (stream: string): Promise<bigint | undefined> => {
    try {
      for await (const resolved of client.readStream(stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        return resolved.event?.revision;
      }
      return undefined;
    } catch (error) {
      throw mapEsdbError(error, { host, stream });
    }
  };

  const remove = async (stream: string, options: DeleteOptions | undefined, tombstone: boolean) => {
    validateStreamName(stream);
    const expected = options?.expectedRevision ?? 'any';
    validateExpectedRevision(expected);
    let revision: Exclude<ExpectedRevision, 'stream_exists'>;
    if (expected === 'stream_exists') {
      // The client's deletes know no `stream_exists`: expect the current revision instead.
      const last = await lastRevision(stream).catch((error: unknown) => {
        throw error instanceof StreamNotFoundError
          ? new WrongExpectedVersionError(stream, expected, 'no_stream')
          : error;
      });
      revision = last ?? 'any';
    } else {
      revision = expected;
    }
    const deleteOptions = { expectedRevision: toEsdbDeleteRevision(revision) };
    try {
      if (tombstone) await client.tombstoneStream(stream, deleteOptions);
      else await client.deleteStream(stream, deleteOptions);
    } catch (error) {
      const mapped = mapEsdbError(error, { host, stream, expected });
      // The server refuses to soft-delete a stream that never existed; the port makes that a no-op.
      const absent = mapped instanceof WrongExpectedVersionError && mapped.actual === 'no_stream';
      if (!tombstone && absent && (expected === 'any' || expected === 'no_stream')) return;
      throw mapped;
    }
  };

  return {
    async appendToStream(stream, events, options) {
      validateStreamName(stream);
      const expected = options?.expectedRevision ?? 'any';
      validateExpectedRevision(expected);
      const checked = validateEvents(events);
      const toAppend = checked.map(({ id, type }, index) =>
        jsonEvent({ id, type, data: events[index]!.data, metadata: events[index]!.metadata }),
      );
      try {
        const result = await client.appendToStream(stream, toAppend, {
          expectedRevision: toEsdbExpectedRevision(expected),
        });
        const position = result.position
          ? { commit: result.position.commit, prepare: result.position.prepare }
          : START;
        return { nextExpectedRevision: result.nextExpectedRevision, position };
      } catch (error) {
        throw mapEsdbError(error, { host, stream, expected });
      }
    },

    async readStream(stream, options: ReadStreamOptions = {}) {
      validateStreamName(stream);
      const maxCount = validateMaxCount(options.maxCount);
      const read = client.readStream(stream, {
        direction: toDirection(options.direction),
        fromRevision: toReadRevision(options),
        ...(maxCount === undefined ? {} : { maxCount: Math.max(maxCount, 1) }),
      });
      return collectEvents(read, { maxCount, mapError: mapError(stream) });
    },

    async readAll(options: ReadAllOptions = {}) {
      const maxCount = validateMaxCount(options.maxCount);
      const from = options.fromPosition ?? START;
      // No maxCount for the server: system and filtered-out events are dropped here, and the read is
      // cancelled once `maxCount` events are collected.
      const read = client.readAll({ fromPosition: toReadPosition(from) });
      const accept = (event: { position: typeof from; type: string; streamName: string }) =>
        isAfter(event.position, from) && matchesFilter(event, options.filter);
      return collectEvents(read, { accept, maxCount, mapError: mapError() });
    },

    subscribeToAll(handler, options = {}) {
      const source = client.subscribeToAll({
        fromPosition: toReadPosition(options.fromPosition),
        filter: toServerFilter(options.filter),
      });
      const subscription = runEsdbSubscription(source, handler, {
        from: options.fromPosition,
        filter: options.filter,
        mapError: mapError(),
      });
      subscriptions.add(subscription);
      subscription.done.then(
        () => subscriptions.delete(subscription),
        () => subscriptions.delete(subscription),
      );
      return subscription;
    },

    deleteStream: (stream, options) => remove(stream, options, false),
    tombstoneStream: (stream, options) => remove(stream, options, true),

    async setStreamMetadata(stream, metadata) {
      validateStreamName(stream);
      validateMetadata(metadata);
      const esdbMetadata = toEsdbMetadata(metadata);
      try {
        await client.setStreamMetadata(stream, esdbMetadata);
      } catch (error) {
        throw mapEsdbError(error, { host, stream });
      }
    },

    async getStreamMetadata(stream) {
      validateStreamName(stream);
      try {
        return fromEsdbMetadata((await client.getStreamMetadata(stream)).metadata);
      } catch (error) {
        throw mapEsdbError(error, { host, stream });
      }
    },

    async headPosition() {
      const read = client.readAll({ direction: BACKWARDS, fromPosition: END });
      const [newest] = await collectEvents(read, { maxCount: 1, mapError: mapError() });
      return newest?.position ?? START;
    },

    // Nothing is ever committed out of order here: what is committed is readable.
    async committedPosition() {
      const read = client.readAll({ direction: BACKWARDS, fromPosition: END });
      const [newest] = await collectEvents(read, { maxCount: 1, mapError: mapError() });
      return newest?.position ?? START;
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
}
