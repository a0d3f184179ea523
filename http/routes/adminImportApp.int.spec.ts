/**
 * The stock import API as the app serves it (http/app.ts): behind the staff sign-in, admin role only,
 * CSRF-checked like every POST; the page's upload form posted without JavaScript (multipart with
 * `_csrf` → 303 to the import's month, the import id kept for the page); the feed template, which
 * imports as it is. The import itself is tested in adminImportApi.int.spec.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_COLUMNS } from '../../domain/catalogue/feed/feedFormat.ts';
import { parseFeedRow } from '../../domain/catalogue/feed/parseFeedRow.ts';
import { csvOf, SAMPLE_CAR } from '../../domain/catalogue/feed/testing/feedSamples.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createImportStock } from '../../engine/catalogue/importStock.ts';
import { readFeedFile } from '../../engine/catalogue/readFeedFile.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import { createCurrentStockReader } from '../../projections/catalogue/currentStockReader.ts';
import { stockImportQueries } from '../../projections/catalogue/stockImportQueries.ts';
import { stockImportsProjection } from '../../projections/catalogue/stockImportsProjection.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { app } from '../app.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { testBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';

describe('stock imports in the app: staff only, admin role', () => {
  let fixture: CatalogueFixtureDatabase;
  let fastify: FastifyInstance;
  let imports: ProjectionRunner;
  const NOW = new Date('2026-11-21T09:30:00.000Z');
  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
    imports = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [stockImportsProjection],
    });
    await imports.start();
    const accounts = createStaffAccounts({ knex: db.knex, schema: db.schema });
    await accounts.create({ email: 'sales@example.test', name: 'Sam', password: PASSWORD, roles: ['sales'] });
    await accounts.create({ email: 'admin@example.test', name: 'Ada', password: PASSWORD, roles: ['admin'] });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      imports: {
        importStock: createImportStock({
          store,
          currentStock: createCurrentStockReader({ knex: db.knex, schema: db.schema }),
        }),
        ...stockImportQueries({ knex: db.knex, schema: db.schema }),
        clock: () => NOW,
      },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 's'.repeat(40),
        staffAccounts: accounts,
      },
    });
  });
  afterAll(async () => {
    await imports?.stop();
    await fastify?.close();
    await fixture?.close();
  });

  const boundary = '----app-import-test';
  const upload = (csv: string) => ({
    method: 'POST' as const,
    url: '/admin/api/imports',
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stock.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
  });
  // One sign-in per staff member for the whole file (sign-ins are rate limited by address).
  const signedIn = new Map<string, ReturnType<typeof signIn>>();
  const as = (email?: string) => {
    if (!email) return signIn();
    const known = signedIn.get(email) ?? signIn(email);
    signedIn.set(email, known);
    return known;
  };
  const signIn = async (email?: string) => {
    const browser = testBrowser(fastify, `10.0.0.${email ? email.length : 1}`);
    let token = await browser.csrf();
    if (email) {
      const signIn = await browser.call({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email, password: PASSWORD },
        headers: { 'x-csrf-token': token },
      });
      expect(signIn.statusCode).toBe(200);
      token = signIn.json().csrfToken;
    }
    return {
      browser,
      headers: { 'x-csrf-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  it('refuses a visitor (401) and a sales member (403), and imports for an admin (201)', async () => {
    const csv = csvOf([{ ...SAMPLE_CAR, dealerId: '11' }]);
    const visitor = await as();
    expect((await visitor.browser.call({ ...upload(csv), headers: visitor.headers })).statusCode).toBe(401);
    const sales = await as('sales@example.test');
    expect((await sales.browser.call({ ...upload(csv), headers: sales.headers })).statusCode).toBe(403);
    const admin = await as('admin@example.test');
    const imported = await admin.browser.call({ ...upload(csv), headers: admin.headers });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().counts).toMatchObject({ rows: 1, rejected: 0 });
    const forged = await admin.browser.call({
      ...upload(csv),
      headers: { 'content-type': admin.headers['content-type'] },
    });
    expect(forged.statusCode).toBe(403); // no CSRF token
  });

  /** A multipart body as a browser's form sends it: fields in order, then the file. */
  const formBody = (fields: Record<string, string>, file?: { name: string; content: string }) => {
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    if (file) {
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`,
      );
    }
    return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
  };
  const settle = async () => {
    await allEventsVisible(fixture.db.knex, fixture.db.schema);
    await imports.caughtUp();
  };

  describe('the upload form posted without JavaScript', () => {
    it('given the form with its _csrf field and a CSV, then 303 to the month, the import by its sender', async () => {
      const admin = await as('admin@example.test');
      const csv = csvOf([{ ...SAMPLE_CAR, reference: 'FORM-1' }]);
      const posted = await admin.browser.call({
        method: 'POST',
        url: '/admin/fr/import/2024-05',
        payload: formBody({ _csrf: admin.headers['x-csrf-token'] }, { name: 'form.csv', content: csv }),
        headers: { 'content-type': admin.headers['content-type'], accept: 'text/html' },
      });
      expect(posted.statusCode, posted.body).toBe(303);
      expect(posted.headers.location).toBe('/admin/fr/import/2026-11');
      await settle();
      const month = await admin.browser.call({ method: 'GET', url: '/admin/api/imports?yearMonth=2026-11' });
      const sent = month.json().find((i: { fileName: string }) => i.fileName === 'form.csv');
      expect(sent).toMatchObject({ by: { name: 'Ada' }, counts: { rows: 1, rejected: 0 } });
      // The page shows the import once: its id waits in the session for that page's shell.
      const page = await admin.browser.call({ method: 'GET', url: '/admin/fr/import/2026-11' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`"importId":"${sent.importId}"`);
      const again = await admin.browser.call({ method: 'GET', url: '/admin/fr/import/2026-11' });
      expect(again.body).not.toContain(sent.importId);
    });

    it('given no _csrf field or a wrong one, then 403 and nothing is imported', async () => {
      const admin = await as('admin@example.test');
      const csv = csvOf([{ ...SAMPLE_CAR, reference: 'FORGED-1' }]);
      for (const fields of [{}, { _csrf: 'not-the-token' }] as Record<string, string>[]) {
        const forged = await admin.browser.call({
          method: 'POST',
          url: '/admin/fr/import',
          payload: formBody(fields, { name: 'forged.csv', content: csv }),
          headers: { 'content-type': admin.headers['content-type'] },
        });
        expect(forged.statusCode).toBe(403);
      }
      await settle();
      const month = await admin.browser.call({ method: 'GET', url: '/admin/api/imports?yearMonth=2026-11' });
      expect(month.json().map((i: { fileName: string }) => i.fileName)).not.toContain('forged.csv');
    });

    it('given no file or an unreadable one, then 303 back to the page with the file’s problem', async () => {
      const admin = await as('admin@example.test');
      const token = admin.headers['x-csrf-token'];
      for (const file of [undefined, { name: 'notes.txt', content: 'hello' }]) {
        const refused = await admin.browser.call({
          method: 'POST',
          url: '/admin/de/import/2024-05',
          payload: formBody({ _csrf: token }, file),
          headers: { 'content-type': admin.headers['content-type'] },
        });
        expect(refused.statusCode).toBe(303);
        expect(refused.headers.location).toBe('/admin/de/import/2024-05');
        const page = await admin.browser.call({ method: 'GET', url: '/admin/de/import/2024-05' });
        expect(page.body).toMatch(/"fields":\{"(file|format)":\[/);
      }
    });

    it('given a sales member, then 403', async () => {
      const sales = await as('sales@example.test');
      const answer = await sales.browser.call({
        method: 'POST',
        url: '/admin/fr/import',
        payload: formBody({ _csrf: sales.headers['x-csrf-token'] }, { name: 's.csv', content: 'x' }),
        headers: { 'content-type': sales.headers['content-type'] },
      });
      expect(answer.statusCode).toBe(403);
    });
  });

  describe('the feed template', () => {
    const download = async (format: 'csv' | 'xlsx', query = '') => {
      const admin = await as('admin@example.test');
      const template = await admin.browser.call({
        method: 'GET',
        url: `/admin/api/imports/template.${format}${query}`,
      });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-disposition']).toContain(`stock-feed-template.${format}`);
      return template.rawPayload;
    };
    const upload = async (format: 'csv' | 'xlsx', content: Buffer) => {
      const admin = await as('admin@example.test');
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="template.${format}"\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const imported = await admin.browser.call({
        method: 'POST',
        url: '/admin/api/imports',
        payload: body,
        headers: admin.headers,
      });
      expect(imported.statusCode, imported.body).toBe(201);
      return imported.json();
    };

    it.each(['csv', 'xlsx'] as const)(
      'given the %s template, when parsed back by the importer, then its header and one valid line',
      async (format) => {
        const records = await readFeedFile(await download(format), format);
        expect(records.map(parseFeedRow)).toEqual([expect.objectContaining({ ok: true, line: 2 })]);
        expect(Object.keys(records[0]!.cells).sort()).toEqual([...FEED_COLUMNS].sort());
      },
    );

    it.each(['csv', 'xlsx'] as const)(
      'given the %s template of a dealer, when imported as it is, then its line is listed, none rejected',
      async (format) => {
        const report = await upload(format, await download(format, '?dealerId=12'));
        // Listed by the first of the two formats, unchanged by the second (the file being the dealer's
        // full stock, its other cars are withdrawn by the first).
        expect(report.counts).toMatchObject({ rows: 1, rejected: 0 });
        expect(report.counts.listed + report.counts.unchanged).toBe(1);
        expect(report.dealers).toEqual(['12']);
      },
    );

    it('given the template without a dealer (the form’s empty field), when imported, then nothing changes', async () => {
      const report = await upload('csv', await download('csv', '?dealerId='));
      expect(report.counts).toMatchObject({ rows: 1, listed: 0, withdrawn: 0, rejected: 1 });
      expect(report.rejections).toEqual([
        expect.objectContaining({ line: 2, field: 'dealer_id', message: 'unknown dealer 0' }),
      ]);
    });

    it('given a dealer id that is not digits, then 400; a sales member, 403', async () => {
      const admin = await as('admin@example.test');
      const bad = await admin.browser.call({
        method: 'GET',
        url: '/admin/api/imports/template.csv?dealerId=x1',
      });
      expect(bad.statusCode).toBe(400);
      const sales = await as('sales@example.test');
      const refused = await sales.browser.call({ method: 'GET', url: '/admin/api/imports/template.xlsx' });
      expect(refused.statusCode).toBe(403);
    });
  });
});
