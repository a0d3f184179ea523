/**
 * The back office's dealer calls as the app serves them: the lookup, one dealer, a model's versions
 * (any staff member) and the dealers' Excel export by market, read back with exceljs (its rows are the
 * market's dealers, its headers in the locale's words).
 */
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import { dealerQueries } from '../../projections/catalogue/dealerQueries.ts';
import { FIXTURE_DEALERS } from '../../projections/search/contract/searchFixture.ts';
import { IMPORT_MESSAGES } from '../../ui/admin/messages/imports/index.ts';
import { app } from '../app.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { type TestBrowser, testBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';

async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? '')));
  });
  return { name: sheet.name, header: rows[0] ?? [], rows: rows.slice(1) };
}

describe('the back office’s dealer calls', () => {
  let fixture: CatalogueFixtureDatabase;
  let fastify: FastifyInstance;
  const staff: Record<string, TestBrowser> = {};

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db } = fixture;
    const accounts = createStaffAccounts({ knex: db.knex, schema: db.schema });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      dealersAdmin: { dealers: dealerQueries({ knex: db.knex, schema: db.schema }) },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 's'.repeat(40),
        staffAccounts: accounts,
      },
    });
    for (const [i, role] of (['content', 'analyst', 'sales'] as const).entries()) {
      await accounts.create({ email: `${role}@example.test`, name: role, password: PASSWORD, roles: [role] });
      const browser = testBrowser(fastify, `10.0.3.${i + 1}`);
      const signIn = await browser.call({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: `${role}@example.test`, password: PASSWORD },
        headers: { 'x-csrf-token': await browser.csrf() },
      });
      expect(signIn.statusCode).toBe(200);
      staff[role] = browser;
    }
  });
  afterAll(async () => {
    await fastify?.close();
    await fixture?.close();
  });

  const get = (url: string, who = 'content') => staff[who]!.call({ method: 'GET', url });

  describe('the dealer lookup', () => {
    it('given digits, then that dealer; given words, the dealers whose name or city has them', async () => {
      const byId = await get('/admin/api/dealers?q=21');
      expect(byId.statusCode).toBe(200);
      expect(byId.json().items.map((d: { dealerId: string }) => d.dealerId)).toEqual(['21']);
      const byCity = await get('/admin/api/dealers?q=lyon');
      expect(byCity.json().items).toEqual([
        expect.objectContaining({ dealerId: '11', city: 'Lyon', open: true }),
      ]);
      const german = await get('/admin/api/dealers?country=DE&limit=50');
      const countries = german.json().items.map((d: { country: string }) => d.country);
      expect(countries.length).toBeGreaterThan(0);
      expect(new Set(countries)).toEqual(new Set(['DE']));
    });

    it('given a bad country or limit, then 400 by field', async () => {
      const bad = await get('/admin/api/dealers?country=XX&limit=0');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['querystring.country', 'querystring.limit']);
    });

    it('given a dealer id, then the dealer; unknown → 404; not digits → 400', async () => {
      const found = await get('/admin/api/dealers/11');
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({ dealerId: '11', city: 'Lyon', country: 'FR', open: true });
      expect((await get('/admin/api/dealers/999999')).statusCode).toBe(404);
      expect((await get('/admin/api/dealers/abc')).statusCode).toBe(400);
    });

    it('given no staff sign-in, then 401', async () => {
      const visitor = testBrowser(fastify, '10.0.3.9');
      expect((await visitor.call({ method: 'GET', url: '/admin/api/dealers' })).statusCode).toBe(401);
      expect((await visitor.call({ method: 'GET', url: '/admin/api/model-versions' })).statusCode).toBe(401);
    });
  });

  describe('get_model_version', () => {
    it('given a known brand and model, then its versions, bodies and years', async () => {
      const answer = await get('/admin/api/model-versions?brand=renault&model=clio', 'analyst');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        brand: { slug: 'renault', name: 'Renault' },
        model: { slug: 'clio', name: 'Clio' },
        bodies: ['hatchback'],
      });
      expect(answer.json().versions).toContainEqual({
        name: 'Evolution TCe 90',
        fuel: 'petrol',
        powerKw: 67,
      });
    });

    it('given an unknown brand or model, then 404; a missing or malformed slug, 400', async () => {
      expect((await get('/admin/api/model-versions?brand=renault&model=nope')).statusCode).toBe(404);
      expect((await get('/admin/api/model-versions?brand=nope&model=clio')).statusCode).toBe(404);
      const bad = await get('/admin/api/model-versions?brand=Renault%20X');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['querystring.brand', 'querystring.model']);
    });
  });

  describe('the dealers’ Excel export', () => {
    it('given no locale, then the French dealers under French headers (the default)', async () => {
      const answer = await get('/admin/dealers/export-excel', 'sales');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('spreadsheetml');
      const sheet = await sheetOf(answer.rawPayload);
      const words = IMPORT_MESSAGES.fr.dealersSheet;
      expect(sheet.name).toBe(words.sheet);
      expect(sheet.header.slice(0, 3)).toEqual([words.dealerId, words.name, words.hub]);
      const french = FIXTURE_DEALERS.filter((d) => d.address.country === 'FR');
      expect(sheet.rows.map((r) => r[0]).sort()).toEqual(french.map((d) => d.dealerId).sort());
      expect(new Set(sheet.rows.map((r) => r[10]))).toEqual(new Set([words.yes]));
    });

    it('given de, then the German dealers under German headers', async () => {
      const answer = await get('/admin/dealers/export-excel/de', 'analyst');
      expect(answer.statusCode).toBe(200);
      const sheet = await sheetOf(answer.rawPayload);
      expect(sheet.header).toContain(IMPORT_MESSAGES.de.dealersSheet.postcode);
      const german = FIXTURE_DEALERS.filter((d) => d.address.country === 'DE');
      expect(sheet.rows.map((r) => r[0]).sort()).toEqual(german.map((d) => d.dealerId).sort());
    });

    it('given an unknown locale, then 400; a visitor, 401', async () => {
      expect((await get('/admin/dealers/export-excel/xx')).statusCode).toBe(400);
      const visitor = testBrowser(fastify, '10.0.3.10');
      expect((await visitor.call({ method: 'GET', url: '/admin/dealers/export-excel/de' })).statusCode).toBe(
        401,
      );
    });
  });
});
