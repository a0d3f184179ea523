/**
 * Batches handed over together commit in one transaction (commitBatches.ts), on a real database: the
 * statements per group do not grow with the projections, a failing projection is refused alone and the
 * others commit once, a moved checkpoint refuses its batch only.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../engine/eventStore.ts';
import { openTestDatabase, type TestDatabase } from '../engine/testing/testDatabase.ts';
import {
  type Batch,
  CheckpointMovedError,
  createBatchCommitter,
  ProjectionHandlerError,
} from './commitBatches.ts';
import { defineProjection, type Projection } from './defineProjection.ts';
import { projectionStore } from './projectionStore.ts';

/**
 * Counts events per stream, keeping its counts in memory from batch to batch as reports do: a batch
 * retried with the memory of a rolled-back attempt would count its events twice.
 */
const tally = (name: string, failOn?: (event: RecordedEvent) => boolean) =>
  defineProjection({
    name,
    version: 1,
    eventTypes: ['Counted'],
    tables: {
      [name]: (t) => {
        t.text('stream').primary();
        t.integer('n').notNullable();
      },
    },
    async handle(events, { trx, table, memory }) {
      const counts = new Map<string, number>();
      for (const event of events) {
        if (failOn?.(event)) throw new Error(`cannot count ${event.id}`);
        const stream = event.streamName;
        let before = counts.get(stream) ?? (memory.get(stream) as number | undefined);
        if (before === undefined) {
          const { rows } = await trx.raw(`SELECT n FROM ${table(name)} WHERE stream = ?`, [stream]);
          before = (rows[0]?.n as number | undefined) ?? 0;
        }
        counts.set(stream, before + 1);
      }
      for (const [stream, n] of counts) memory.set(stream, n);
      await trx.raw(
        `INSERT INTO ${table(name)} (stream, n) SELECT * FROM unnest(?::text[], ?::int[])
         ON CONFLICT (stream) DO UPDATE SET n = EXCLUDED.n`,
        [[...counts.keys()], [...counts.values()]],
      );
    },
  });

let sequence = 0n;
const counted = (stream: string, poison = false): RecordedEvent => {
  sequence += 1n;
  return {
    id: randomUUID(),
    streamName: stream,
    revision: sequence,
    position: { commit: sequence, prepare: sequence },
    type: 'Counted',
    data: { poison },
    metadata: {},
    created: new Date(0),
  };
};

describe('committing projections’ batches', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  const START: Position = { commit: -1n, prepare: -1n };
  /** Each projection with its generation 1 and its checkpoint at the start; their memories. */
  const prepare = async (projections: readonly Projection[]) => {
    const store = projectionStore(db.knex, db.schema);
    const memories = new Map<string, Map<string, unknown>>();
    for (const projection of projections) {
      await store.createGeneration(projection);
      memories.set(projection.name, new Map());
    }
    return (projection: Projection, from: Position, events: RecordedEvent[]): Batch => ({
      projection,
      generation: 1,
      from,
      events,
      memory: memories.get(projection.name)!,
    });
  };
  const counts = async (name: string) =>
    Object.fromEntries(
      (
        (await db.knex.withSchema(db.schema).select('stream', 'n').from(`${name}__g1`)) as {
          stream: string;
          n: number;
        }[]
      ).map(({ stream, n }) => [stream, n]),
    );
  const checkpoint = async (name: string) =>
    (await projectionStore(db.knex, db.schema).checkpoint(name, 1))!.commit_position;
  /** The statements the database is sent while `work` runs, by their first words. */
  const statements = async (work: () => Promise<unknown>) => {
    const sent: string[] = [];
    const listen = (query: { sql: string }) => sent.push(query.sql.replace(/\s+/g, ' ').trim());
    db.knex.on('query', listen);
    try {
      await work();
    } finally {
      db.knex.off('query', listen);
    }
    return sent;
  };

  describe('given the batches of one read handed over together', () => {
    it.each([5, 20, 40])(
      'then %i projections commit in one transaction with one compare-and-set',
      async (n) => {
        const projections = Array.from({ length: n }, (_, i) => tally(`tally_${i}`));
        const batch = await prepare(projections);
        const committer = createBatchCommitter({ knex: db.knex, schema: db.schema });
        const events = [counted('car-1'), counted('car-2'), counted('car-1')];
        const sent = await statements(() =>
          Promise.all(projections.map((p) => committer.commit(batch(p, START, events)))),
        );
        expect(sent.filter((sql) => /^BEGIN/i.test(sql))).toHaveLength(1);
        expect(sent.filter((sql) => /^COMMIT/i.test(sql))).toHaveLength(1);
        expect(sent.filter((sql) => sql.includes('projection_checkpoints AS c SET'))).toHaveLength(1);
        // Three statements for the group; each projection its own: a read per new stream (2), one write.
        expect(sent).toHaveLength(3 + n * 3);
        for (const p of projections) {
          expect(await counts(p.name)).toEqual({ 'car-1': 2, 'car-2': 1 });
          expect(await checkpoint(p.name)).toBe(events.at(-1)!.position.commit.toString());
        }
      },
    );
  });

  describe('given one projection’s handler throwing among others', () => {
    it('then it alone is refused, the others commit once, counting from what is stored', async () => {
      const [first, failing, last] = [
        tally('tally_a'),
        tally('tally_b', (e) => e.data.poison === true),
        tally('tally_c'),
      ];
      const batch = await prepare([first, failing, last]);
      const committer = createBatchCommitter({ knex: db.knex, schema: db.schema });
      const earlier = [counted('car-1')];
      await Promise.all([first, failing, last].map((p) => committer.commit(batch(p, START, earlier))));

      const from = earlier[0]!.position;
      const events = [counted('car-1'), counted('car-1', true)];
      const outcomes = await Promise.allSettled(
        [first, failing, last].map((p) => committer.commit(batch(p, from, events))),
      );
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const refused = (outcomes[1] as PromiseRejectedResult).reason;
      expect(refused).toBeInstanceOf(ProjectionHandlerError);
      expect(String(refused)).toMatch(/tally_b: Error: cannot count/);
      // The first projection's handler ran in the rolled-back attempt too: counted once all the same.
      expect(await counts('tally_a')).toEqual({ 'car-1': 3 });
      expect(await counts('tally_c')).toEqual({ 'car-1': 3 });
      expect(await counts('tally_b')).toEqual({ 'car-1': 1 });
      expect(await checkpoint('tally_b')).toBe(from.commit.toString());
      expect(await checkpoint('tally_a')).toBe(events.at(-1)!.position.commit.toString());
    });
  });

  describe('given a checkpoint moved under one batch', () => {
    it('then that batch is refused as moved, unwritten, and the others commit', async () => {
      const [kept, moved] = [tally('tally_kept'), tally('tally_moved')];
      const batch = await prepare([kept, moved]);
      const committer = createBatchCommitter({ knex: db.knex, schema: db.schema });
      const events = [counted('car-9')];
      const stale: Position = { commit: 5n, prepare: 5n };
      const outcomes = await Promise.allSettled([
        committer.commit(batch(kept, START, events)),
        committer.commit(batch(moved, stale, events)),
      ]);
      expect(outcomes[0]!.status).toBe('fulfilled');
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(CheckpointMovedError);
      expect(await counts('tally_kept')).toEqual({ 'car-9': 1 });
      expect(await counts('tally_moved')).toEqual({});
    });
  });
});
