/**
 * Model-based test of the port (fast-check `fc.commands`): random sequences of appends with every kind
 * of expected revision, retries, stream and `$all` reads, soft deletes, tombstones and metadata, run
 * against the adapter under test and the in-memory reference model; every outcome must match.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { it } from 'vitest';
import type { EventData, EventStore, ExpectedRevision, RecordedEvent } from '../eventStore.ts';
import { createInMemoryEventStore } from '../memory/createInMemoryEventStore.ts';

interface Stores {
  readonly model: EventStore;
  readonly real: EventStore;
  readonly prefix: string;
  lastAppend?: { stream: string; events: EventData[]; expectedRevision: ExpectedRevision };
}

type Outcome = { ok: unknown } | { error: string; detail?: unknown };

async function outcome<T>(attempt: () => Promise<T>, normalise: (value: T) => unknown): Promise<Outcome> {
  try {
    return { ok: normalise(await attempt()) };
  } catch (error) {
    const e = error as Error & { actual?: unknown };
    return { error: e.constructor.name, detail: e.actual };
  }
}

const streamEvents = (events: RecordedEvent[]) => events.map((e) => [e.id, e.revision, e.type, e.data]);

async function same<T>(
  stores: Stores,
  label: string,
  call: (store: EventStore) => Promise<T>,
  normalise: (value: T) => unknown,
): Promise<void> {
  const expected = await outcome(() => call(stores.model), normalise);
  const actual = await outcome(() => call(stores.real), normalise);
  const [a, b] = [JSON.stringify(actual, bigints), JSON.stringify(expected, bigints)];
  if (a !== b) throw new Error(`${label}: adapter gave ${a}, model gave ${b}`);
}

/** JSON with bigints shown and object keys sorted, so outcomes compare by content. */
function bigints(_key: string, value: unknown) {
  if (typeof value === 'bigint') return `${value}n`;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  }
  return value;
}

const streamIndex = fc.integer({ min: 0, max: 2 });
const expectedArb: fc.Arbitrary<ExpectedRevision> = fc.oneof(
  fc.constantFrom<ExpectedRevision>('any', 'no_stream', 'stream_exists'),
  fc.bigInt({ min: 0n, max: 4n }),
);

type Command = fc.AsyncCommand<object, Stores>;
const command = (label: string, run: (stores: Stores) => Promise<void>): Command => ({
  check: () => true,
  run: (_model, stores) => run(stores),
  toString: () => label,
});

const commands: fc.Arbitrary<Command>[] = [
  fc.tuple(streamIndex, expectedArb, fc.integer({ min: 1, max: 3 })).map(([i, expectedRevision, count]) =>
    command(`append(s${i}, ${String(expectedRevision)}, ${count})`, async (stores) => {
      const stream = `${stores.prefix}-s${i}`;
      const events = Array.from({ length: count }, (_, n) => ({
        id: randomUUID(),
        type: `Type${n % 2}`,
        data: { n },
      }));
      stores.lastAppend = { stream, events, expectedRevision };
      await same(
        stores,
        'append',
        (s) => s.appendToStream(stream, events, { expectedRevision }),
        (r) => r.nextExpectedRevision,
      );
    }),
  ),
  fc.constant(
    command('retry last append', async (stores) => {
      const last = stores.lastAppend;
      if (!last) return;
      await same(
        stores,
        'retry',
        (s) => s.appendToStream(last.stream, last.events, { expectedRevision: last.expectedRevision }),
        (r) => r.nextExpectedRevision,
      );
    }),
  ),
  fc
    .tuple(
      streamIndex,
      fc.constantFrom<'forwards' | 'backwards'>('forwards', 'backwards'),
      fc.option(fc.bigInt({ min: 0n, max: 6n }), { nil: undefined }),
      fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    )
    .map(([i, direction, fromRevision, maxCount]) =>
      command(`read(s${i}, ${direction}, ${fromRevision}, ${maxCount})`, async (stores) => {
        const stream = `${stores.prefix}-s${i}`;
        await same(
          stores,
          'readStream',
          (s) => s.readStream(stream, { direction, fromRevision, maxCount }),
          streamEvents,
        );
      }),
    ),
  fc.constant(
    command('readAll', async (stores) => {
      await same(
        stores,
        'readAll',
        (s) => s.readAll({ filter: { streamNamePrefixes: [stores.prefix] }, maxCount: 10_000 }),
        (events) => events.map((e) => [e.id, e.streamName, e.revision]),
      );
    }),
  ),
  fc.tuple(streamIndex, expectedArb).map(([i, expectedRevision]) =>
    command(`delete(s${i}, ${String(expectedRevision)})`, async (stores) => {
      const stream = `${stores.prefix}-s${i}`;
      await same(
        stores,
        'delete',
        (s) => s.deleteStream(stream, { expectedRevision }),
        () => null,
      );
    }),
  ),
  fc.tuple(streamIndex, expectedArb).map(([i, expectedRevision]) =>
    command(`tombstone(s${i}, ${String(expectedRevision)})`, async (stores) => {
      const stream = `${stores.prefix}-s${i}`;
      await same(
        stores,
        'tombstone',
        (s) => s.tombstoneStream(stream, { expectedRevision }),
        () => null,
      );
    }),
  ),
  fc
    .tuple(
      streamIndex,
      fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      fc.option(fc.bigInt({ min: 0n, max: 4n }), { nil: undefined }),
    )
    .map(([i, maxCount, truncateBefore]) =>
      command(`metadata(s${i}, maxCount ${maxCount}, truncateBefore ${truncateBefore})`, async (stores) => {
        const stream = `${stores.prefix}-s${i}`;
        const metadata = {
          ...(maxCount === undefined ? {} : { maxCount }),
          ...(truncateBefore === undefined ? {} : { truncateBefore }),
          custom: { by: 'model' },
        };
        await same(
          stores,
          'setMetadata',
          (s) => s.setStreamMetadata(stream, metadata),
          () => null,
        );
        await same(
          stores,
          'getMetadata',
          (s) => s.getStreamMetadata(stream),
          (m) => m,
        );
      }),
    ),
];

export function describeEventStoreModel(store: () => EventStore, numRuns = 30): void {
  it('behaves like the in-memory model under random command sequences (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
        const stores: Stores = {
          model: createInMemoryEventStore(),
          real: store(),
          prefix: `model-${randomUUID()}`,
        };
        await fc.asyncModelRun(() => ({ model: {}, real: stores }), cmds);
      }),
      { numRuns },
    );
  });
}
