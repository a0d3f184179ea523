/**
 * The reports API through real staff sign-in on a real database: roles; a report written from the
 * scaffold (`npm run report -- new`) passes the test kit and shows in the status and the back office's
 * list without another file touched; a rebuild started here and watched to its end; a view's rows with
 * filters, their CSV export; a replay up to a moment; refusals (bad until 400, unknown report 404 with
 * the known ones, a second run 409 naming the running one, an unknown filter 400).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createInMemoryEventStore } from '../../engine/memory/createInMemoryEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { projectionStatus } from '../../projections/projectionStatus.ts';
import { loadReports } from '../../projections/reports/loadReports.ts';
import { reportProjection } from '../../projections/reports/reportProjection.ts';
import { scaffoldReport } from '../../projections/reports/scaffoldReport.ts';
import { event, openReportKit } from '../../projections/reports/testing/reportKit.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { formPosts } from '../plugins/formPosts.ts';
import { openApi } from '../plugins/openapi.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import type { TestBrowser } from '../testing/testBrowser.ts';
import { openTestStaff } from '../testing/testStaff.ts';
import { adminAuthApi } from './adminAuthApi.ts';
import { adminReportsApi } from './adminReportsApi.ts';

const ROLES: StaffRole[] = ['admin', 'sales', 'content', 'analyst'];
const SCAFFOLDED = `zz_scaffold_${randomUUID().slice(0, 8)}`;

describe('reports back-office API', () => {
  let db: TestDatabase;
  let store: EventStore;
  let app: FastifyInstance;
  let files: string[] = [];
  let now = new Date('2026-11-20T10:00:00Z');
  const as: Partial<Record<StaffRole, TestBrowser>> = {};
  const get = (role: StaffRole, url: string) => as[role]!.call({ method: 'GET', url });
  const post = async (role: StaffRole, url: string, payload: object) =>
    as[role]!.call({ method: 'POST', url, payload, headers: { 'x-csrf-token': await as[role]!.csrf() } });
  const append = async (stream: string, type: string, data: object, minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
    await store.appendToStream(stream, [{ id: randomUUID(), type, data: data as never }]);
  };

  beforeAll(async () => {
    // What `npm run report -- new <name>` writes, in the reports' folder: nothing else is edited.
    files = await scaffoldReport(SCAFFOLDED);
    db = await openTestDatabase();
    store = createInMemoryEventStore({ now: () => now });
    for (const [i, market] of ['fr', 'fr', 'pl'].entries()) {
      await append(`purchase-p${i}`, 'PurchaseStarted', { locale: market }, 1);
      await append(`purchase-p${i}`, 'AccountStepPassed', {}, 2 + i);
    }
    const people = await openTestStaff(db, Object.fromEntries(ROLES.map((role) => [role, [role]])));
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(openApi);
    await app.register(security, people.security);
    await app.register(formPosts);
    await app.register(adminAuthApi, { accounts: people.accounts });
    await app.register(adminReportsApi, {
      knex: db.knex,
      store,
      schema: db.schema,
      reports: await loadReports(),
      clock: () => new Date('2026-11-21T00:00:00Z'),
    });
    await app.ready();
    for (const role of ROLES) {
      as[role] = await people.signIn(app, role);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(files.map((file) => rm(file, { force: true })));
    await app?.close();
    await store?.close();
    await db?.close();
  });

  const waitForRun = async (name: string, id: number) => {
    for (let i = 0; i < 200; i++) {
      const run = (await get('analyst', `/admin/api/reports/${name}/runs/${id}`)).json();
      if (run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('run did not end');
  };

  it('lets analysts and admins in, not sales or content staff, nor visitors', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/api/reports' })).statusCode).toBe(401);
    for (const role of ['sales', 'content'] as const)
      expect((await get(role, '/admin/api/reports')).statusCode, role).toBe(403);
    for (const role of ['analyst', 'admin'] as const)
      expect((await get(role, '/admin/api/reports')).statusCode, role).toBe(200);
  });

  describe('a report written from the scaffold', () => {
    it('passes its test kit', async () => {
      const report = (await loadReports()).find((r) => r.name === SCAFFOLDED)!;
      const kit = await openReportKit(report);
      try {
        const result = await kit.given([
          event('purchase-a', 'PurchaseStarted', { locale: 'fr' }, '2026-11-20T10:00:00Z'),
          event('purchase-b', 'PurchaseStarted', { locale: 'fr' }, '2026-11-20T11:00:00Z'),
        ]);
        expect(await result.view('per_day')).toEqual([{ day: '2026-11-20', market: 'fr', purchases: 2 }]);
      } finally {
        await kit.close();
      }
    });

    it('shows in the projections’ status and the back office’s list', async () => {
      const reports = await loadReports();
      const statuses = await projectionStatus({
        knex: db.knex,
        store,
        schema: db.schema,
        projections: reports.map((r) => reportProjection(r)),
      });
      expect(statuses.map((s) => s.name)).toContain(`report_${SCAFFOLDED}`);
      const list = (await get('analyst', '/admin/api/reports')).json().reports as { name: string }[];
      expect(list.map((r) => r.name)).toEqual([
        'car_price_changes',
        'finance_decisions',
        'purchase_step_times',
        SCAFFOLDED,
      ]);
    });
  });

  describe('rebuilds and views', () => {
    it('rebuilds a report, watched to its end, then answers its view with filters and exports it', async () => {
      const before = (await get('analyst', '/admin/api/reports/purchase_step_times')).json();
      expect(before).toMatchObject({ status: 'missing', codeVersion: 1, liveVersion: null, lag: 6 });
      expect(before.views[0]).toMatchObject({
        name: 'by_step',
        filters: ['market', 'step'],
        chart: { kind: 'bar', x: 'step', y: ['median_minutes', 'p90_minutes'] },
      });
      expect(before.headings).toMatchObject({ by_step: 'By step', median_minutes: 'Median (min)' });
      expect(before.labels.pl.headings).toMatchObject({
        by_step: 'Według etapu',
        p90_minutes: '90. percentyl (min)',
      });

      const started = await post('analyst', '/admin/api/reports/purchase_step_times/rebuilds', {});
      expect(started.statusCode, started.body).toBe(202);
      const run = await waitForRun('purchase_step_times', started.json().run.id);
      expect(run).toMatchObject({ status: 'done', processed: 6, mode: 'rebuild' });
      expect((await get('analyst', '/admin/api/reports/purchase_step_times')).json()).toMatchObject({
        status: 'live',
        liveVersion: 1,
        processed: 6,
        lag: 0,
        runs: [{ id: run.id, status: 'done' }],
      });

      const rows = await get('analyst', '/admin/api/reports/purchase_step_times/views/by_step?market=fr');
      expect(rows.json()).toMatchObject({
        asOf: false,
        rows: [{ market: 'fr', step: 'my-account', purchases: 2, median_minutes: 2.5, p90_minutes: 2.9 }],
      });
      const csv = await get(
        'analyst',
        '/admin/api/reports/purchase_step_times/views/by_step/export?format=csv&market=pl',
      );
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="purchase_step_times-by_step-2026-11-21.csv"',
      );
      expect(
        csv.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\n'),
      ).toEqual(['market;step;purchases;median_minutes;p90_minutes', 'pl;my-account;1;4;4']);
      const bad = await get('analyst', '/admin/api/reports/purchase_step_times/views/by_step?dealer=3');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ dealer: [expect.stringContaining('not a filter')] });
    });

    it('replays up to a moment into the as-of rows, the live ones untouched', async () => {
      const started = await post('admin', '/admin/api/reports/purchase_step_times/rebuilds', {
        until: '2026-11-20T10:05:00Z',
      });
      expect(started.statusCode, started.body).toBe(202);
      const run = await waitForRun('purchase_step_times', started.json().run.id);
      expect(run).toMatchObject({
        status: 'done',
        mode: 'until',
        until: '2026-11-20T10:05:00.000Z',
        processed: 3,
      });
      const asOf = await get('analyst', '/admin/api/reports/purchase_step_times/views/by_step?asOf=1');
      expect(asOf.json().rows).toEqual([
        { market: 'fr', step: 'my-account', purchases: 1, median_minutes: 2, p90_minutes: 2 },
      ]);
      expect(
        (await get('analyst', '/admin/api/reports/purchase_step_times/views/by_step')).json().rows,
      ).toHaveLength(2);
      expect((await get('analyst', '/admin/api/reports/purchase_step_times')).json().asOf).toMatchObject({
        id: run.id,
      });
    });

    it('refuses a bad until, an unknown report and a second run while one goes', async () => {
      const bad = await post('analyst', '/admin/api/reports/purchase_step_times/rebuilds', {
        until: 'yesterday',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ until: ['an ISO 8601 time with its zone, or a global position'] });
      const unknown = await post('analyst', '/admin/api/reports/nope/rebuilds', {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toContain('car_price_changes, finance_decisions, purchase_step_times');
      await db.knex.withSchema(db.schema).table('report_runs').insert({
        report: 'finance_decisions',
        version: 1,
        mode: 'rebuild',
        status: 'running',
        started_by: 'cli',
      });
      const second = await post('analyst', '/admin/api/reports/finance_decisions/rebuilds', {});
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toContain('already being rebuilt');
      expect(second.json().running).toMatchObject({ report: 'finance_decisions', startedBy: 'cli' });
    });

    it('starts a run from the report page’s form alone: 303 back, a bad until back with its field', async () => {
      const page = '/admin/fr/reports/car_price_changes';
      const token = await as.analyst!.csrf();
      const postForm = (fields: Record<string, string>) =>
        as.analyst!.call({
          method: 'POST',
          url: '/admin/api/reports/car_price_changes/rebuilds',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ _csrf: token, _back: page, ...fields }).toString(),
        });
      const refused = await postForm({ until: 'yesterday' });
      expect(refused.statusCode, refused.body).toBe(303);
      expect(refused.headers.location).toBe(page);
      expect((await get('analyst', '/admin/api/reports/car_price_changes')).json().runs).toEqual([]);

      const started = await postForm({ until: '' });
      expect(started.statusCode, started.body).toBe(303);
      expect(started.headers.location).toBe(page);
      const [run] = (await get('analyst', '/admin/api/reports/car_price_changes')).json().runs;
      expect(run).toMatchObject({ mode: 'rebuild', until: null });
      expect(await waitForRun('car_price_changes', run.id)).toMatchObject({ status: 'done' });
    });
  });
});
