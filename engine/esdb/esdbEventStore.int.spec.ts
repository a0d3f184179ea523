/** The port's contract suite against EventStoreDB, when `EVENTSTORE_URL` points at a server. */
import { describeEventStoreContract } from '../contract/eventStoreContract.ts';
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
