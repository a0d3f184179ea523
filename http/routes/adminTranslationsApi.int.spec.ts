/**
 * The translations editor's API through the app on a real database: the content role changes a Polish
 * word, the storefront's page shows it at once (the page and the overrides' cache cleared by the
 * projection), conflicts and bad texts are refused, and a locale goes out and comes back as JSON and XLIFF.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslations } from '../../engine/content/translations.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { translationOverridesProjection } from '../../projections/content/translationOverridesProjection.ts';
import { translationQueries } from '../../projections/content/translationQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { app } from '../app.ts';
import { testBrowser } from '../testing/testBrowser.ts';
import { openTestStaff, type StaffBrowser, type TestStaff } from '../testing/testStaff.ts';
import { createTranslationCache, shippedTexts } from '../translationTexts.ts';

const BASE = '/admin/api/translations/pl/storefront';

describe('translations editor API', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let people: TestStaff;
  const signIn = (name: string) => people.signIn(fastify, name);
  const call = (
    who: StaffBrowser,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    payload?: object,
  ) => who.send(method, url, payload);
  let editor: StaffBrowser;
  let sales: StaffBrowser;

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    const queries = translationQueries({ knex: db.knex, schema: db.schema });
    const cache = createTranslationCache(queries);
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [translationOverridesProjection],
      onCommitted: () => cache.clear(),
    });
    await runner.start();
    people = await openTestStaff(db, { Cleo: ['content'], Sam: ['sales'] });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: people.security,
      translations: {
        translations: createTranslations({ store, shipped: shippedTexts, newId: randomUUID }),
        queries,
        cache,
        shipped: shippedTexts,
        staff: people.accounts,
      },
      ssr: {},
    });
    await fastify.ready();
    editor = await signIn('Cleo');
    sales = await signIn('Sam');
  }, 240_000);
  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await store?.close?.();
    await db?.close();
  });

  it('lists the dictionary for the content role only, with the French reference beside each key', async () => {
    const list = await call(editor, 'GET', `${BASE}?q=nav.used`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().entries[0]).toMatchObject({
      key: 'nav.used',
      reference: 'Voitures d’occasion',
      shipped: 'Samochody używane',
      text: null,
      version: 0,
      status: 'shipped',
    });
    expect(list.json().counts.missing).toBe(0);
    expect((await call(sales, 'GET', BASE)).statusCode).toBe(403);
    expect((await testBrowser(fastify, '127.0.3.99').call({ method: 'GET', url: BASE })).statusCode).toBe(
      401,
    );
  });

  it('changes a word: the Polish pages show it at once, the editor is named, a retry changes nothing', async () => {
    const before = await fastify.inject({ method: 'GET', url: '/pl/blog' });
    expect(before.body).toContain('Samochody używane');
    const saved = await call(editor, 'PUT', `${BASE}/nav.used`, { text: 'Auta używane', expectedVersion: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ text: 'Auta używane', version: 1, status: 'overridden' });
    await runner.caughtUp();
    const after = await fastify.inject({ method: 'GET', url: '/pl/blog' });
    expect(after.body).toContain('Auta używane');
    expect(after.body).toContain('id="i18n-overrides"');
    expect((await fastify.inject({ method: 'GET', url: '/de/blog' })).body).not.toContain('Auta używane');
    const again = await call(editor, 'PUT', `${BASE}/nav.used`, { text: 'Auta używane', expectedVersion: 1 });
    expect(again.json().version).toBe(1);
    const listed = await call(editor, 'GET', `${BASE}?status=overridden`);
    expect(listed.json().entries).toEqual([
      expect.objectContaining({ key: 'nav.used', updatedBy: 'Cleo', version: 1 }),
    ]);
    const open = await fastify.inject({ method: 'GET', url: '/api/i18n/pl/storefront' });
    expect(open.json()).toEqual({ 'nav.used': 'Auta używane' });
  });

  it('refuses a stale version (409 with the text now), a changed parameter (400), an unknown key (404)', async () => {
    const stale = await call(editor, 'PUT', `${BASE}/nav.used`, { text: 'Inne', expectedVersion: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ version: 1, text: 'Auta używane' });
    const withParam = await call(editor, 'GET', `${BASE}?q=list.results`);
    const key = withParam.json().entries.find((e: { shipped: string }) => e.shipped.includes('{{count}}'))
      .key as string;
    const dropped = await call(editor, 'PUT', `${BASE}/${key}`, { text: 'bez liczby', expectedVersion: 0 });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().fields.text[0]).toContain('{{count}}');
    const unknown = await call(editor, 'PUT', `${BASE}/nav.nothing`, { text: 'x', expectedVersion: 0 });
    expect(unknown.statusCode).toBe(404);
  });

  it('exports JSON and XLIFF and imports them back: only changed keys become overrides', async () => {
    const json = await call(editor, 'GET', `${BASE}/export?format=json`);
    expect(json.statusCode).toBe(200);
    const texts = json.json() as Record<string, string>;
    expect(texts['nav.used']).toBe('Auta używane');
    const xliff = await call(editor, 'GET', `${BASE}/export?format=xliff`);
    expect(xliff.body).toContain('<trans-unit id="nav.brands">');
    expect(xliff.body).toContain('target-language="pl"');
    const edited = xliff.body.replace('<target>Marki</target>', '<target>Marki &amp; modele</target>');
    const imported = await call(editor, 'POST', `${BASE}/import`, { format: 'xliff', content: edited });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().changed).toEqual(['nav.brands']);
    const fromJson = await call(editor, 'POST', `${BASE}/import`, {
      format: 'json',
      content: JSON.stringify({ ...texts, 'nav.dealers': 'Dealerzy', 'nav.unknown': 'x' }),
    });
    expect(fromJson.statusCode).toBe(400);
    expect(Object.keys(fromJson.json().fields)).toEqual(['nav.unknown']);
    await runner.caughtUp();
    const overridden = await call(editor, 'GET', `${BASE}?status=overridden`);
    expect(
      overridden
        .json()
        .entries.map((e: { key: string }) => e.key)
        .sort(),
    ).toEqual(['nav.brands', 'nav.used']);
  });

  it('restores the shipped word; the page shows it again', async () => {
    const restored = await call(editor, 'DELETE', `${BASE}/nav.used?expectedVersion=1`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ text: null, version: 2, status: 'shipped' });
    await runner.caughtUp();
    expect((await fastify.inject({ method: 'GET', url: '/pl/blog' })).body).toContain('Samochody używane');
  });
});
