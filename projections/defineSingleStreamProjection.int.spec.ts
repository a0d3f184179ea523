/**
 * The single-stream projection helper on a real database (DATABASE_URL, or the embedded PGlite), its
 * batch handler called directly, batch after batch, as the runner would.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject, RecordedEvent } from '../engine/eventStore.ts';
import { openTestDatabase, type TestDatabase } from '../engine/testing/testDatabase.ts';
import type { Projection } from './defineProjection.ts';
import { defineSingleStreamProjection } from './defineSingleStreamProjection.ts';
import { projectionStore } from './projectionStore.ts';
import { qualifiedTable } from './projectionTables.ts';

/** One row per stream `tally-<id>`: the sum of its `Added` events and how many there were. */
const tallies = defineSingleStreamProjection<{ total: number; events: number }>({
  name: 'tallies',
  version: 1,
  eventTypes: ['Added'],
  streamPrefix: 'tally-',
  table: 'tallies',
  key: 'tally_id',
  columns: (t) => {
    t.text('tally_id').primary();
    t.integer('total').notNullable();
    t.integer('events').notNullable();
    t.bigInteger('revision').notNullable();
  },
  initial: () => ({ total: 0, events: 0 }),
  restore: ([row]) => ({ total: row!.total as number, events: row!.events as number }),
  evolve: (state, event) => ({ total: state.total + (event.data.n as number), events: state.events + 1 }),
  rows: (id, state) => [{ tally_id: id, ...state }],
});

/** Several rows per stream `basket-<id>`: one per item, keyed by the item. */
const baskets = defineSingleStreamProjection<readonly { item: string; quantity: number }[]>({
  name: 'baskets',
  version: 1,
  eventTypes: ['Put'],
  streamPrefix: 'basket-',
  table: 'basket_items',
  key: 'item',
  streamColumn: 'basket_id',
  columns: (t) => {
    t.text('item').primary();
    t.text('basket_id').notNullable();
    t.integer('quantity').notNullable();
    t.bigInteger('revision').notNullable();
  },
  initial: () => [],
  restore: (rows) => rows.map((row) => ({ item: row.item as string, quantity: row.quantity as number })),
  evolve: (items, event) => {
    const item = event.data.item as string;
    return items.some((i) => i.item === item)
      ? items.map((i) => (i.item === item ? { ...i, quantity: i.quantity + 1 } : i))
      : [...items, { item, quantity: 1 }];
  },
  rows: (basketId, items) => items.map((i) => ({ basket_id: basketId, ...i })),
});

let position = 0n;
const event = (streamName: string, revision: number, type: string, data: JsonObject): RecordedEvent => {
  position += 1n;
  return {
    id: randomUUID(),
    streamName,
    revision: BigInt(revision),
    position: { commit: position, prepare: position },
    type,
    data,
    metadata: {},
    created: new Date('2026-12-01T10:00:00Z'),
  };
};
const added = (stream: string, revision: number, n: number) => event(stream, revision, 'Added', { n });
const put = (stream: string, revision: number, item: string) => event(stream, revision, 'Put', { item });

describe('defineSingleStreamProjection', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  /**
   * Creates the projection's generation; `batch` runs its handler as the runner would, each call as a
   * new run (an empty memory) unless given the memory of the run it continues.
   */
  const generationOf = async (projection: Projection) => {
    const generation = await projectionStore(db.knex, db.schema).createGeneration(projection);
    const table = (name: string) => qualifiedTable(db.schema, name, generation);
    return {
      batch: (events: RecordedEvent[], memory = new Map<string, unknown>()) =>
        db.knex.transaction((trx) => projection.handle(events, { trx, generation, table, memory })),
      rows: async (name: string, order: string) =>
        (await db.knex.raw(`SELECT * FROM ${table(name)} ORDER BY ${order}`)).rows,
    };
  };
  /** The statements sent while `run` runs. */
  const statements = async (run: () => Promise<unknown>): Promise<string[]> => {
    const sent: string[] = [];
    const listen = (query: { sql: string }) => sent.push(query.sql.replace(/\s+/g, ' ').slice(0, 30));
    db.knex.on('query', listen);
    try {
      await run();
    } finally {
      db.knex.off('query', listen);
    }
    return sent;
  };

  it('given batches spanning several streams, then each stream goes on from its row and skips the events at or below its revision', async () => {
    const { batch, rows } = await generationOf(tallies);
    await batch([
      added('tally-a', 0, 1),
      added('tally-b', 0, 10),
      added('other-a', 0, 1000), // another stream category: ignored
      added('tally-a', 1, 2),
    ]);
    expect(await rows('tallies', 'tally_id')).toEqual([
      { tally_id: 'a', total: 3, events: 2, revision: '1' },
      { tally_id: 'b', total: 10, events: 1, revision: '0' },
    ]);

    // `a` carries on from its row; its revision 1 again and `b`'s revision 0 again change nothing.
    await batch([
      added('tally-a', 1, 2),
      added('tally-b', 0, 10),
      added('tally-c', 0, 100),
      added('tally-a', 2, 4),
    ]);
    expect(await rows('tallies', 'tally_id')).toEqual([
      { tally_id: 'a', total: 7, events: 3, revision: '2' },
      { tally_id: 'b', total: 10, events: 1, revision: '0' },
      { tally_id: 'c', total: 100, events: 1, revision: '0' },
    ]);

    // Events already applied change nothing; nor does a stream's whole history again (folded afresh).
    await batch([added('tally-a', 1, 2), added('tally-a', 2, 4)]);
    await batch([added('tally-a', 0, 1), added('tally-a', 1, 2), added('tally-a', 2, 4)]);
    expect((await rows('tallies', 'tally_id'))[0]).toEqual({
      tally_id: 'a',
      total: 7,
      events: 3,
      revision: '2',
    });
  });

  it('given streams keeping several rows, then all of a stream’s rows are restored, written with its revision, and never another stream’s', async () => {
    const { batch, rows } = await generationOf(baskets);
    await batch([put('basket-1', 0, 'apple'), put('basket-2', 0, 'pear'), put('basket-1', 1, 'fig')]);
    await batch([put('basket-1', 2, 'apple'), put('basket-1', 1, 'fig'), put('basket-2', 1, 'apple')]);
    expect(await rows('basket_items', 'item')).toEqual([
      // basket-2 cannot take basket-1's row (the key is the item).
      { item: 'apple', basket_id: '1', quantity: 2, revision: '2' },
      { item: 'fig', basket_id: '1', quantity: 1, revision: '2' },
      { item: 'pear', basket_id: '2', quantity: 1, revision: '1' },
    ]);
  });

  it('given one run, then the streams it wrote and the streams starting in the batch are not read back, with the same rows as a new run', async () => {
    const kept = await generationOf(tallies);
    const fresh = await generationOf(tallies);
    const first = [added('tally-a', 0, 1), added('tally-b', 0, 10), added('tally-a', 1, 2)];
    const second = [added('tally-a', 2, 4), added('tally-c', 0, 100), added('tally-b', 1, 20)];
    const run = new Map<string, unknown>();
    const sent = [
      ...(await statements(() => kept.batch(first, run))),
      ...(await statements(() => kept.batch(second, run))),
    ];
    expect(sent.filter((sql) => sql.startsWith('SELECT'))).toEqual([]);
    expect(sent.filter((sql) => sql.startsWith('INSERT'))).toHaveLength(2);

    await fresh.batch(first);
    const restarted = await statements(() => fresh.batch(second));
    expect(restarted.filter((sql) => sql.startsWith('SELECT'))).toHaveLength(1); // a and b, read back
    expect(await kept.rows('tallies', 'tally_id')).toEqual(await fresh.rows('tallies', 'tally_id'));
    expect(await kept.rows('tallies', 'tally_id')).toEqual([
      { tally_id: 'a', total: 7, events: 3, revision: '2' },
      { tally_id: 'b', total: 30, events: 2, revision: '1' },
      { tally_id: 'c', total: 100, events: 1, revision: '0' },
    ]);
  });
});
