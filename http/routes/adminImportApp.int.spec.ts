/**
 * The stock import API as the app serves it (http/app.ts): behind the staff sign-in, admin role only,
 * CSRF-checked like every POST. The import itself is tested in adminImportApi.int.spec.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvOf, SAMPLE_CAR } from '../../domain/catalogue/feed/testing/feedSamples.ts';
import { createImportStock } from '../../engine/catalogue/importStock.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import { createCurrentStockReader } from '../../projections/catalogue/currentStockReader.ts';
import { stockImportQueries } from '../../projections/catalogue/stockImportQueries.ts';
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
  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
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
      },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 's'.repeat(40),
        staffAccounts: accounts,
      },
    });
  });
  afterAll(async () => {
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
  const as = async (email?: string) => {
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
});
