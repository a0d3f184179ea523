/**
 * The analytics API through the app on a real database: who may use it, the projections' status (lag,
 * stalled) and a rebuild watched to its switch-over, the events explorer's filters and pages, a
 * stream's events, the NDJSON download, and the refusals (bad filter 400 with fields, unknown 404).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, JsonObject } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { eventExplorer } from '../../projections/analytics/eventExplorer.ts';
import { projectionMonitor } from '../../projections/analytics/projectionMonitor.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { defineProjection } from '../../projections/defineProjection.ts';
import { eventTypeStats } from '../../projections/eventTypeStats.ts';
import { projectionStore } from '../../projections/projectionStore.ts';
import { app } from '../app.ts';
import { testBrowser } from '../testing/testBrowser.ts';
import { openTestStaff, type StaffBrowser, type TestStaff } from '../testing/testStaff.ts';

const staff = (staffId: string): JsonObject => ({ actor: { kind: 'staff', staffId, role: 'sales' } });
const buyer = (customerId: string): JsonObject => ({ actor: { kind: 'buyer', customerId } });

/** A projection the runner does not run: it stays behind, its checkpoint still. */
const idle = defineProjection({
  name: 'idle_counter',
  version: 1,
  eventTypes: ['CarListed'],
  tables: { idle_counter: (t) => t.bigInteger('n') },
  async handle() {},
});

/** A projection whose handler fails on the purchase's second event. */
const broken = defineProjection({
  name: 'broken_counter',
  version: 1,
  eventTypes: ['InfosSubmitted'],
  tables: { broken_counter: (t) => t.bigInteger('n') },
  async handle() {
    throw new Error('no infos wanted');
  },
});

describe('analytics API', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let monitor: ReturnType<typeof projectionMonitor>;
  let now = () => new Date();
  let people: TestStaff;
  const signIn = (name: string) => people.signIn(fastify, name);
  let ana: StaffBrowser;

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema });
    people = await openTestStaff(db, { Ana: ['analyst'], Ada: ['admin'], Sam: ['sales'] });
    // The idle projection is live at the start of `$all`: every CarListed below is its lag.
    const bookkeeping = projectionStore(db.knex, db.schema);
    await bookkeeping.switchLive(idle, await bookkeeping.createGeneration(idle));
    for (let n = 1; n <= 30; n++) {
      await store.appendToStream(`car-${n}`, [
        { id: crypto.randomUUID(), type: 'CarListed', data: { carId: String(n) }, metadata: staff('st_1') },
      ]);
    }
    await store.appendToStream('purchase-7', [
      {
        id: crypto.randomUUID(),
        type: 'PurchaseStarted',
        data: { purchaseId: '7' },
        metadata: buyer('cus_9'),
      },
      {
        id: crypto.randomUUID(),
        type: 'InfosSubmitted',
        data: { purchaseId: '7' },
        metadata: buyer('cus_9'),
      },
    ]);
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [eventTypeStats, broken],
    });
    await runner.start();
    await expect(runner.caughtUp()).rejects.toThrow(/broken_counter failed/);
    monitor = projectionMonitor({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [eventTypeStats, idle, broken],
      clock: () => now(),
      stalledAfterMs: 60_000,
    });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: people.security,
      analyticsAdmin: { monitor, explorer: eventExplorer({ store, readSize: 7 }) },
    });
    await fastify.ready();
    ana = await signIn('Ana');
  });
  afterAll(async () => {
    await monitor?.stop();
    await runner?.stop();
    await fastify?.close();
    await store?.close();
    await db?.close();
  });

  describe('who may use it', () => {
    it('refuses a visitor (401) and sales staff (403), answers an analyst and an admin', async () => {
      const visitor = testBrowser(fastify, '127.0.3.200');
      const sam = await signIn('Sam');
      const ada = await signIn('Ada');
      for (const url of ['/admin/api/analytics/projections', '/admin/api/analytics/events']) {
        expect((await visitor.call({ method: 'GET', url })).statusCode).toBe(401);
        expect((await sam.send('GET', url)).statusCode).toBe(403);
        expect((await ana.send('GET', url)).statusCode).toBe(200);
        expect((await ada.send('GET', url)).statusCode).toBe(200);
      }
      expect(
        (await sam.send('POST', '/admin/api/analytics/projections/event_type_stats/rebuild')).statusCode,
      ).toBe(403);
    });
  });

  describe('the projections', () => {
    it('shows each one caught up or behind, and one behind without progress as stalled', async () => {
      const answer = await ana.send('GET', '/admin/api/analytics/projections');
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.head).toMatch(/^\d+\/\d+$/);
      const stats = body.projections.find((p: { name: string }) => p.name === 'event_type_stats');
      expect(stats).toMatchObject({ status: 'live', lag: 0, processed: 32, stalled: false, job: null });
      expect(stats.position).toMatch(/^\d+\/\d+$/);
      const behind = body.projections.find((p: { name: string }) => p.name === 'idle_counter');
      expect(behind).toMatchObject({ status: 'live', lag: 30, processed: 0, stalled: false });
      const failed = body.projections.find((p: { name: string }) => p.name === 'broken_counter');
      expect(failed).toMatchObject({
        status: 'failed',
        lag: 1,
        error: 'Error: no infos wanted',
        errorEvent: 'purchase-7@1 (InfosSubmitted)',
        stalled: false,
      });
      now = () => new Date(Date.now() + 61_000);
      try {
        const later = (await ana.send('GET', '/admin/api/analytics/projections')).json();
        const stalled = later.projections.find((p: { name: string }) => p.name === 'idle_counter');
        expect(stalled.stalled).toBe(true);
        // Caught up is never stalled, however long ago it last moved; its rate is known from the 2nd look.
        const caughtUp = later.projections.find((p: { name: string }) => p.name === 'event_type_stats');
        expect(caughtUp).toMatchObject({ stalled: false, rate: 0 });
      } finally {
        now = () => new Date();
      }
    });

    it('rebuilds one on request and shows its progress until it switched over', async () => {
      const before = (await ana.send('GET', '/admin/api/analytics/projections')).json();
      const generation = before.projections.find(
        (p: { name: string }) => p.name === 'event_type_stats',
      ).generation;
      const started = await ana.send('POST', '/admin/api/analytics/projections/event_type_stats/rebuild');
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json().state).toBe('running');
      let job: { state: string; processed: number } | undefined;
      for (let i = 0; i < 200; i++) {
        const status = (await ana.send('GET', '/admin/api/analytics/projections')).json();
        const stats = status.projections.find((p: { name: string }) => p.name === 'event_type_stats');
        job = stats.job;
        if (job?.state !== 'running') {
          expect(stats.generation, JSON.stringify(job)).toBe(generation + 1);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(job).toMatchObject({ state: 'switched', processed: 32 });
    });

    it('starts one from the status page’s button alone: a form post answered 303 back to the page', async () => {
      const page = '/admin/fr/analytics';
      const stats = async () =>
        (await ana.send('GET', '/admin/api/analytics/projections'))
          .json()
          .projections.find((p: { name: string }) => p.name === 'event_type_stats');
      const { generation } = await stats();
      const posted = await ana.call({
        method: 'POST',
        url: '/admin/api/analytics/projections/event_type_stats/rebuild',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: ana.token, _back: page }).toString(),
      });
      expect(posted.statusCode, posted.body).toBe(303);
      expect(posted.headers.location).toBe(page);
      for (let i = 0; i < 200; i++) {
        const now = await stats();
        if (now.job?.state !== 'running') {
          expect(now.job).toMatchObject({ state: 'switched' });
          return void expect(now.generation).toBe(generation + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the rebuild did not end');
    });

    it('refuses an unknown projection (404) and a request without its CSRF token (403)', async () => {
      expect(
        (await ana.send('POST', '/admin/api/analytics/projections/nothing_here/rebuild')).statusCode,
      ).toBe(404);
      const bare = await ana.call({
        method: 'POST',
        url: '/admin/api/analytics/projections/event_type_stats/rebuild',
      });
      expect(bare.statusCode).toBe(403);
    });
  });

  describe('the events explorer', () => {
    const events = async (query: string) => {
      const answer = await ana.send('GET', `/admin/api/analytics/events${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as {
        events: { type: string; streamName: string; actor: { id: string } | null; position: string }[];
        next: string | null;
      };
    };

    it('filters by type, stream prefix and actor', async () => {
      const byType = await events('?type=InfosSubmitted');
      expect(byType.events.map((e) => e.streamName)).toEqual(['purchase-7']);
      const byStream = await events('?stream=purchase-');
      expect(byStream.events.map((e) => e.type)).toEqual(['PurchaseStarted', 'InfosSubmitted']);
      const byActor = await events('?actor=cus_9');
      expect(byActor.events).toHaveLength(2);
      expect(byActor.events.every((e) => e.actor?.id === 'cus_9')).toBe(true);
      expect((await events('?actor=cus_1')).events).toEqual([]);
    });

    it('filters by recorded time: a day in the future has none, today has them all', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect((await events('?from=2999-01-01')).events).toEqual([]);
      expect((await events(`?from=${today}&to=${today}&limit=200`)).events).toHaveLength(32);
    });

    it('pages by position: the pages join up to the whole log, in order', async () => {
      const seen: string[] = [];
      let after: string | null = '';
      while (after !== null) {
        const page = await events(`?limit=10${after ? `&after=${after}` : ''}`);
        seen.push(...page.events.map((e) => e.position));
        after = page.next;
      }
      expect(seen).toHaveLength(32);
      expect(new Set(seen).size).toBe(32);
    });

    it('refuses a bad filter with the fields named (400)', async () => {
      const answer = await ana.send(
        'GET',
        '/admin/api/analytics/events?type=no%20spaces&from=yesterday&after=12&limit=0',
      );
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().fields).sort()).toEqual([
        'querystring.after',
        'querystring.from',
        'querystring.limit',
        'querystring.type',
      ]);
      const backwards = await ana.send('GET', '/admin/api/analytics/events?from=2030-01-02&to=2030-01-01');
      expect(backwards.statusCode).toBe(400);
      expect(Object.keys(backwards.json().fields)).toEqual(['querystring.to']);
    });

    it("shows a stream's events with their data and metadata, and 404 for an unknown stream", async () => {
      const answer = await ana.send('GET', '/admin/api/analytics/streams/purchase-7');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().events).toMatchObject([
        { type: 'PurchaseStarted', revision: 0, data: { purchaseId: '7' }, metadata: buyer('cus_9') },
        { type: 'InfosSubmitted', revision: 1 },
      ]);
      const unknown = await ana.send('GET', '/admin/api/analytics/streams/purchase-404');
      expect(unknown.statusCode).toBe(404);
    });

    it('downloads the filtered events as NDJSON, one event per line, as the pages show them', async () => {
      const answer = await ana.send('GET', '/admin/api/analytics/events.ndjson?stream=car-');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/x-ndjson/);
      expect(answer.headers['content-disposition']).toMatch(
        /attachment; filename="events-\d{4}-\d{2}-\d{2}\.ndjson"/,
      );
      const lines = answer.body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toHaveLength(30);
      const page = await events('?stream=car-&limit=200');
      expect(lines).toEqual(page.events);
      const refused = await ana.send('GET', '/admin/api/analytics/events.ndjson?to=never');
      expect(refused.statusCode).toBe(400);
    });
  });
});
