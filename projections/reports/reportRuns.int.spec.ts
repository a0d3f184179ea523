/**
 * Report rebuilds on a real database: a replay up to a past moment equals the incremental report as it
 * was then; a new version builds beside the live one, switches over, and the two versions' rows are
 * compared; a rebuild stopped half-way, or whose fold throws and is then fixed, resumes from its
 * checkpoint without counting anything twice; a throwing fold stops that report alone, with its
 * position and error, nothing half-written.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../../engine/eventStore.ts';
import { createInMemoryEventStore } from '../../engine/memory/createInMemoryEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { createProjectionRunner } from '../createProjectionRunner.ts';
import { projectionStatus } from '../projectionStatus.ts';
import { defineReport, type Report } from './defineReport.ts';
import stepTimes from './purchase_step_times.report.ts';
import { reportProjection } from './reportProjection.ts';
import { diffReportVersions, reportQueries } from './reportQueries.ts';
import { ReportRunConflictError, reportRuns } from './reportRuns.ts';
import { parseUntil } from './reportUntil.ts';

/** Counts each stream's events: folding an event twice would show in `n`. */
const counting = (options: { version?: number; failOn?: () => number | null } = {}) =>
  defineReport<{ n: number; sum: number }, { type: 'Counted'; data: { n: number } }, 'counts'>({
    name: 'event_counts',
    version: options.version ?? 1,
    title: 'Events per stream',
    description: 'Counts',
    events: ['Counted'],
    tables: { counts: { columns: { stream: 'text', n: 'integer', sum: 'integer' }, key: ['stream'] } },
    initial: () => ({ n: 0, sum: 0 }),
    evolve(state, event) {
      if (event.data.n === options.failOn?.()) throw new Error(`cannot fold ${event.data.n}`);
      return { n: state.n + 1, sum: state.sum + event.data.n };
    },
    rows: (state, key) => ({
      counts: [
        { stream: key, n: options.version === 2 && key === 's0' ? state.n * 10 : state.n, sum: state.sum },
      ],
    }),
    views: {
      totals: {
        columns: { events: 'integer', streams: 'integer' },
        sql: ({ counts }) => `SELECT sum(n) AS events, count(*) AS streams FROM ${counts}`,
        filters: [],
        chart: { kind: 'bar', x: 'streams', y: ['events'] },
      },
    },
  });

const counted = (n: number) => ({ id: randomUUID(), type: 'Counted', data: { n } });

describe('report runs', () => {
  let db: TestDatabase;
  let store: EventStore;
  let now: Date;
  beforeEach(async () => {
    db = await openTestDatabase();
    now = new Date('2026-11-01T00:00:00Z');
    store = createInMemoryEventStore({ now: () => now });
  });
  afterEach(async () => {
    await store.close();
    await db.close();
  });

  const runs = () => reportRuns({ knex: db.knex, store, schema: db.schema });
  const queries = () => reportQueries(db.knex, db.schema);
  const rebuild = async (
    report: Report,
    options: Parameters<ReturnType<typeof runs>['start']>[1] = { by: 'test' },
  ) => (await runs().start(report, { countTotal: false, ...options })).done;
  /** 10 streams × `perStream` events, numbered 0…; one event per second from `now`. */
  const append = async (streams: number, perStream: number, first = 0) => {
    for (let i = 0; i < perStream; i++) {
      for (let s = 0; s < streams; s++) {
        now = new Date(now.getTime() + 1000);
        await store.appendToStream(`s${s}`, [counted(first + i * streams + s)]);
      }
    }
  };
  const counts = (report: Report) => queries().table(report, 'counts');

  describe('--until', () => {
    it('replays up to a past moment into the as-of tables: equal to the incremental report as it was then', async () => {
      const runner = createProjectionRunner({
        knex: db.knex,
        store,
        schema: db.schema,
        projections: [reportProjection(stepTimes)],
        batchSize: 3,
      });
      await runner.start();
      try {
        const start = (id: string, locale: string) =>
          store.appendToStream(`purchase-${id}`, [
            { id: randomUUID(), type: 'PurchaseStarted', data: { locale } },
          ]);
        const step = (id: string, type: string, minutes: number) => {
          now = new Date(now.getTime() + minutes * 60_000);
          return store.appendToStream(`purchase-${id}`, [{ id: randomUUID(), type, data: {} }]);
        };
        await start('a', 'fr');
        await start('b', 'pl');
        await step('a', 'AccountStepPassed', 3);
        await step('b', 'AccountStepPassed', 5);
        await step('a', 'InfosSubmitted', 7);
        await runner.caughtUp();
        const then = now;
        const rowsThen = await queries().table(stepTimes, 'steps');
        const viewThen = await queries().view(stepTimes, 'by_step');
        expect(rowsThen).toHaveLength(3);

        await step('b', 'InfosSubmitted', 11);
        await step('a', 'DeliveryChosen', 13);
        await start('c', 'fr');
        await step('c', 'AccountStepPassed', 1);
        await runner.caughtUp();
        expect(await queries().table(stepTimes, 'steps')).toHaveLength(6);

        const run = await rebuild(stepTimes, { by: 'test', until: parseUntil(then.toISOString()) });
        expect(run).toMatchObject({ status: 'done', mode: 'until', until: then.toISOString(), processed: 5 });
        expect(await queries().table(stepTimes, 'steps', undefined, 'asof')).toEqual(rowsThen);
        expect(await queries().view(stepTimes, 'by_step', {}, 'asof')).toEqual(viewThen);
        // The live report is untouched and still fed.
        expect(await queries().table(stepTimes, 'steps')).toHaveLength(6);

        const byPosition = await rebuild(stepTimes, { by: 'test', until: parseUntil('2') });
        expect(byPosition.processed).toBe(2);
        expect(await queries().table(stepTimes, 'steps', undefined, 'asof')).toEqual([]);
      } finally {
        await runner.stop();
      }
    });
  });

  describe('versions side by side', () => {
    it('builds version 2 beside version 1, switches when caught up, and diffs their rows', async () => {
      await append(3, 4);
      expect(await rebuild(counting({ version: 1 }))).toMatchObject({ status: 'done' });
      const v1 = await counts(counting());
      expect(v1).toEqual([
        { stream: 's0', n: 4, sum: 18 },
        { stream: 's1', n: 4, sum: 22 },
        { stream: 's2', n: 4, sum: 26 },
      ]);
      // Version 2 fails half-way: version 1 stays live, as it was.
      let failOn: number | null = 7;
      const v2 = counting({ version: 2, failOn: () => failOn });
      const failed = await rebuild(v2, { by: 'test', batchSize: 3 });
      expect(failed).toMatchObject({ status: 'failed', processed: 6 });
      expect(await counts(v2)).toEqual(v1);
      failOn = null;
      expect(await rebuild(v2, { by: 'test', batchSize: 3 })).toMatchObject({
        status: 'done',
        processed: 12,
      });
      expect(await counts(v2)).toEqual([{ stream: 's0', n: 40, sum: 18 }, v1[1], v1[2]]);

      const diff = await diffReportVersions(db.knex, v2, 1, 2, { schema: db.schema });
      expect(diff.from).toMatchObject({ version: 1, status: 'retired' });
      expect(diff.to).toMatchObject({ version: 2, status: 'live' });
      expect(diff.tables).toEqual([
        {
          table: 'counts',
          added: 0,
          removed: 0,
          changed: 1,
          unchanged: 2,
          sample: [
            {
              change: 'changed',
              before: { stream: 's0', n: 4, sum: 18 },
              after: { stream: 's0', n: 40, sum: 18 },
            },
          ],
        },
      ]);
      await expect(diffReportVersions(db.knex, v2, 3, 2, { schema: db.schema })).rejects.toThrow(
        'report event_counts keeps no rows of version 3; versions kept: 2, 1',
      );
    });
  });

  describe('crash mid-rebuild', () => {
    it('resumes a rebuild stopped half-way from its checkpoint, counting nothing twice', async () => {
      await append(10, 30);
      const report = counting();
      const stop = new AbortController();
      const stopped = await rebuild(report, {
        by: 'test',
        batchSize: 7,
        signal: stop.signal,
        onProgress: ({ processed }) => {
          if (processed >= 100) stop.abort();
        },
      });
      expect(stopped.status).toBe('interrupted');
      expect(stopped.processed).toBeGreaterThanOrEqual(100);
      expect(stopped.processed).toBeLessThan(300);
      expect(await counts(report)).toEqual([]); // nothing live yet

      const resumed = await rebuild(report, { by: 'test', batchSize: 7 });
      expect(resumed).toMatchObject({ status: 'done', processed: 300, generation: stopped.generation });
      expect((await counts(report)).map((r) => r.n)).toEqual(Array(10).fill(30));
      expect(await queries().view(report, 'totals')).toEqual([{ events: 300, streams: 10 }]);
    });

    it('refuses a second run of a report while one goes, naming it', async () => {
      await append(2, 2);
      const first = await runs().start(counting(), { by: 'analyst-1', countTotal: false });
      await expect(runs().start(counting(), { by: 'cli' })).rejects.toBeInstanceOf(ReportRunConflictError);
      await first.done;
      const again = await runs().start(counting(), { by: 'cli', countTotal: false });
      expect(again.run.status).toBe('running');
      expect((await again.done).status).toBe('done');
    });
  });

  describe('a fold that throws', () => {
    it('stops that report alone, with its position and error; nothing of the failing batch is written', async () => {
      await append(10, 3);
      const failing = counting({ failOn: () => 17 });
      const runner = createProjectionRunner({
        knex: db.knex,
        store,
        schema: db.schema,
        projections: [reportProjection(failing), reportProjection(stepTimes)],
        batchSize: 5,
      });
      await runner.start();
      try {
        await expect(runner.caughtUp()).rejects.toThrow('cannot fold 17');
        const [status, other] = await projectionStatus({
          knex: db.knex,
          store,
          schema: db.schema,
          projections: [reportProjection(failing), reportProjection(stepTimes)],
        });
        expect(status).toMatchObject({
          name: 'report_event_counts',
          status: 'failed',
          processed: 15,
          errorEvent: 's7@1 (Counted)', // the event the fold threw on (its batch began at s5@1)
          error: 'Error: cannot fold 17',
          lag: 15,
        });
        expect(other).toMatchObject({ status: 'live', error: null });
        // Three full batches: streams s0…s9 once and s0…s4 twice; the batch with 17 left nothing.
        const rows = await counts(failing);
        expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(15);
      } finally {
        await runner.stop();
      }
    });
  });
});
