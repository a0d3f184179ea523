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
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const attempt = createEsdbEventStore({
      connectionString: `esdb://127.0.0.1:${port}?tls=false`,
      connectTimeoutMs: 3000,
    });
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect((error as Error).message).toMatch(
      new RegExp(`EventStoreDB at 127\\.0\\.0\\.1:${port} is unreachable`),
    );
  });
});
