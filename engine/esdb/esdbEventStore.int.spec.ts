/** The port's contract suite against EventStoreDB, when `EVENTSTORE_URL` points at a server. */
import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from '../contract/eventStoreContract.ts';
import { EventStoreUnavailableError } from '../eventStoreErrors.ts';
import { createEsdbEventStore } from './createEsdbEventStore.ts';

const url = process.env.EVENTSTORE_URL;

describeEventStoreContract({
  name: 'EventStoreDB',
  skipReason: url ? undefined : 'EVENTSTORE_URL is unset: no EventStoreDB server reachable',
  parallelWriters: true,
  limits: {
    globalEventIds: 'EventStoreDB dedupes event ids per stream only (no global index)',
    modelEquivalence:
      'EventStoreDB answers StreamDeleted to retries after a tombstone and resets metadata on soft delete',
  },
  async open() {
    const store = await createEsdbEventStore({ connectionString: url! });
    return { store, close: () => store.close() };
  },
});

describe('EventStoreDB adapter start-up', () => {
  it('given no server at the URL, then start-up fails with a clear EventStoreUnavailableError', async () => {
    // A port held by this test, where every connection is dropped at once: no EventStoreDB answers,
    // and no other process can take the port meanwhile (as it could a port probed and closed).
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const attempt = createEsdbEventStore({
      connectionString: `esdb://127.0.0.1:${port}?tls=false`,
      connectTimeoutMs: 3000,
    });
    const error = await attempt.catch((e: unknown) => e);
    await new Promise((resolve) => server.close(resolve));
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect((error as Error).message).toMatch(
      new RegExp(`EventStoreDB at 127\\.0\\.0\\.1:${port} is unreachable`),
    );
  });
});
