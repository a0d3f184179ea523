import type { EventStoreDBClient } from '@eventstore/db-client';
import {
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  UnavailableError,
} from '@eventstore/db-client';
import { describe, expect, it, vi } from 'vitest';
import type { EventData } from '../eventStore.ts';
import { START } from '../eventStore.ts';
import {
  EventStoreUnavailableError,
  InvalidEventStoreArgumentError,
  WrongExpectedVersionError,
} from '../eventStoreErrors.ts';
import { connectEsdbEventStore, createEsdbEventStore, esdbEventStore } from './createEsdbEventStore.ts';
import { esdbEvent, fakeRead, silentRead } from './esdbFakes.ts';

const host = 'localhost:2113';
const event = (n = 1): EventData => ({
  id: `0000000b-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'CarListed',
  data: { n },
  metadata: { actor: 'test' },
});

/** A client whose every method fails the test unless the test gives it a behaviour. */
function fakeClient(methods: Partial<Record<ClientMethod, (...args: never[]) => unknown>> = {}) {
  const method = (name: ClientMethod) =>
    vi.fn(
      methods[name] ??
        (() => {
          throw new Error(`unexpected client call: ${name}`);
        }),
    );
  return {
    appendToStream: method('appendToStream'),
    readStream: method('readStream'),
    readAll: method('readAll'),
    subscribeToAll: method('subscribeToAll'),
    deleteStream: method('deleteStream'),
    tombstoneStream: method('tombstoneStream'),
    setStreamMetadata: method('setStreamMetadata'),
    getStreamMetadata: method('getStreamMetadata'),
    dispose: vi.fn(async () => {}),
  };
}
type ClientMethod =
  | 'appendToStream'
  | 'readStream'
  | 'readAll'
  | 'subscribeToAll'
  | 'deleteStream'
  | 'tombstoneStream'
  | 'setStreamMetadata'
  | 'getStreamMetadata';
const asClient = (fake: ReturnType<typeof fakeClient>) => fake as unknown as EventStoreDBClient;

describe('appending', () => {
  it('given bad input, when appending, then it is a validation error and nothing is sent', async () => {
    const client = fakeClient();
    const store = esdbEventStore(asClient(client), host);
    await expect(store.appendToStream('car-1', [{ ...event(), id: 'nope' }])).rejects.toBeInstanceOf(
      InvalidEventStoreArgumentError,
    );
    await expect(store.appendToStream('$system', [event()])).rejects.toBeInstanceOf(
      InvalidEventStoreArgumentError,
    );
    await expect(store.appendToStream('car-1', [event()], { expectedRevision: -1n })).rejects.toBeInstanceOf(
      InvalidEventStoreArgumentError,
    );
    expect(client.appendToStream).not.toHaveBeenCalled();
  });

  it('given events, when appending, then the client gets JSON events with our ids and the expected revision', async () => {
    const client = fakeClient({
      appendToStream: async () => ({
        success: true,
        nextExpectedRevision: 5n,
        position: { commit: 900n, prepare: 880n },
      }),
    });
    const store = esdbEventStore(asClient(client), host);
    const result = await store.appendToStream('car-1', [event(1), event(2)], { expectedRevision: 3n });
    expect(result).toEqual({ nextExpectedRevision: 5n, position: { commit: 900n, prepare: 880n } });
    const [stream, sent, options] = client.appendToStream.mock.calls[0] as unknown as [
      string,
      unknown[],
      unknown,
    ];
    expect(stream).toBe('car-1');
    expect(options).toEqual({ expectedRevision: 3n });
    expect(sent).toEqual([
      expect.objectContaining({
        id: event(1).id,
        type: 'CarListed',
        contentType: 'application/json',
        data: { n: 1 },
      }),
      expect.objectContaining({ id: event(2).id, metadata: { actor: 'test' } }),
    ]);
  });

  it('given a conflict, when appending, then it is our WrongExpectedVersionError', async () => {
    const client = fakeClient({
      appendToStream: async () => {
        throw new EsdbWrongExpectedVersionError(undefined, {
          streamName: 'car-1',
          expected: 0n,
          current: 2n,
        });
      },
    });
    const store = esdbEventStore(asClient(client), host);
    const error = await store.appendToStream('car-1', [event()], { expectedRevision: 0n }).catch((e) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ stream: 'car-1', expected: 0n, actual: 2n });
  });
});

describe('reading', () => {
  it('given a position, when reading $all, then only events strictly after it come back, at most maxCount', async () => {
    const read = fakeRead([
      esdbEvent(2),
      esdbEvent(3, { type: '$metadata', streamId: '$$car-1' }),
      esdbEvent(4),
      esdbEvent(5),
      esdbEvent(6),
    ]);
    const client = fakeClient({ readAll: () => read });
    const store = esdbEventStore(asClient(client), host);
    const events = await store.readAll({ fromPosition: { commit: 200n, prepare: 200n }, maxCount: 2 });
    expect(events.map((e) => e.position.commit)).toEqual([400n, 500n]);
    expect(client.readAll).toHaveBeenCalledWith({ fromPosition: { commit: 200n, prepare: 200n } });
    expect(read.cancelled).toBe(1);
  });

  it('given a missing stream, when reading it, then it is our StreamNotFoundError', async () => {
    const client = fakeClient({
      readStream: () => fakeRead([new EsdbStreamNotFoundError(undefined, 'car-1')]),
    });
    const store = esdbEventStore(asClient(client), host);
    await expect(store.readStream('car-1')).rejects.toMatchObject({
      name: 'StreamNotFoundError',
      stream: 'car-1',
    });
  });

  it('given backwards from a revision, when reading a stream, then the client gets the same options', async () => {
    const client = fakeClient({ readStream: () => fakeRead([esdbEvent(3), esdbEvent(2)]) });
    const store = esdbEventStore(asClient(client), host);
    const events = await store.readStream('car-1', { direction: 'backwards', fromRevision: 2n, maxCount: 2 });
    expect(events.map((e) => e.revision)).toEqual([2n, 1n]);
    expect(client.readStream).toHaveBeenCalledWith('car-1', {
      direction: 'backwards',
      fromRevision: 2n,
      maxCount: 2,
    });
  });

  it('given system events at the end of $all, when asking the head position, then they are skipped', async () => {
    const client = fakeClient({
      readAll: () =>
        fakeRead([esdbEvent(9, { type: '$statsCollected', streamId: '$stats-1' }), esdbEvent(8)]),
    });
    const store = esdbEventStore(asClient(client), host);
    expect(await store.headPosition()).toEqual({ commit: 800n, prepare: 800n });
  });

  it('given an empty $all, when asking the head position, then it is START', async () => {
    const store = esdbEventStore(asClient(fakeClient({ readAll: () => fakeRead([]) })), host);
    expect(await store.headPosition()).toEqual(START);
  });
});

describe('deleting', () => {
  it('given stream_exists on a missing stream, when deleting, then it is a conflict and nothing is deleted', async () => {
    const client = fakeClient({
      readStream: () => fakeRead([new EsdbStreamNotFoundError(undefined, 'car-1')]),
    });
    const store = esdbEventStore(asClient(client), host);
    const error = await store.deleteStream('car-1', { expectedRevision: 'stream_exists' }).catch((e) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });
    expect(client.deleteStream).not.toHaveBeenCalled();
  });

  it('given stream_exists on a stream at 4, when tombstoning, then the client expects revision 4', async () => {
    const client = fakeClient({
      readStream: () => fakeRead([esdbEvent(5)]),
      tombstoneStream: async () => ({}),
    });
    const store = esdbEventStore(asClient(client), host);
    await store.tombstoneStream('car-1', { expectedRevision: 'stream_exists' });
    expect(client.tombstoneStream).toHaveBeenCalledWith('car-1', { expectedRevision: 4n });
  });

  it('given a stream that never existed, when soft-deleting with any, then it is a no-op', async () => {
    const client = fakeClient({
      deleteStream: async () => {
        throw new EsdbWrongExpectedVersionError(undefined, {
          streamName: 'car-1',
          expected: 'any',
          current: -1n,
        });
      },
    });
    const store = esdbEventStore(asClient(client), host);
    await expect(store.deleteStream('car-1')).resolves.toBeUndefined();
    await expect(store.deleteStream('car-1', { expectedRevision: 3n })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
  });
});

describe('stream metadata', () => {
  it('given metadata, when set, then the client gets its own field names and custom keys beside them', async () => {
    const client = fakeClient({ setStreamMetadata: async () => ({}) });
    const store = esdbEventStore(asClient(client), host);
    await store.setStreamMetadata('car-1', {
      maxCount: 3,
      truncateBefore: 2n,
      custom: { owner: 'catalogue' },
    });
    expect(client.setStreamMetadata).toHaveBeenCalledWith('car-1', {
      owner: 'catalogue',
      maxCount: 3,
      truncateBefore: 2,
    });
  });

  it('given bad metadata, when set, then nothing is sent', async () => {
    const client = fakeClient();
    const store = esdbEventStore(asClient(client), host);
    await expect(store.setStreamMetadata('car-1', { maxCount: -1 })).rejects.toBeInstanceOf(
      InvalidEventStoreArgumentError,
    );
    expect(client.setStreamMetadata).not.toHaveBeenCalled();
  });

  it('given a stream without metadata, when read, then it is {}', async () => {
    const client = fakeClient({ getStreamMetadata: async () => ({ streamName: 'car-1' }) });
    expect(await esdbEventStore(asClient(client), host).getStreamMetadata('car-1')).toEqual({});
  });
});

describe('connecting', () => {
  it('given an unreachable server, when connecting, then it is a clear unavailable error and the client is disposed', async () => {
    const client = fakeClient({
      readAll: () => fakeRead([new UnavailableError(undefined, '14 UNAVAILABLE: No connection established')]),
    });
    const error = await connectEsdbEventStore(asClient(client), { host }).catch((e) => e);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(error.message).toBe(
      'EventStoreDB at localhost:2113 is unreachable: 14 UNAVAILABLE: No connection established',
    );
    expect(client.dispose).toHaveBeenCalled();
  });

  it('given a server that never answers, when connecting, then it gives up after the timeout', async () => {
    const client = fakeClient({ readAll: () => silentRead() });
    const error = await connectEsdbEventStore(asClient(client), { host, connectTimeoutMs: 20 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(error.message).toBe('EventStoreDB at localhost:2113 is unreachable: no answer within 20 ms');
  });

  it('given a reachable server, when connecting, then the store is returned', async () => {
    const client = fakeClient({ readAll: () => fakeRead([esdbEvent(1)]) });
    const store = await connectEsdbEventStore(asClient(client), { host });
    await store.close();
    expect(client.dispose).toHaveBeenCalled();
  });

  it('given a malformed connection string, when creating, then the error does not repeat the password', async () => {
    const error = await createEsdbEventStore({ connectionString: 'esdb://admin:s3cret@db:notaport' }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('invalid EventStoreDB connection string for db:notaport');
    expect(error.message).not.toContain('s3cret');
  });
});
