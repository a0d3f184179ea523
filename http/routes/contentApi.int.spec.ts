/**
 * Content items through the app on a real database: the content role edits a Belgian FAQ answer and a
 * banner (versions, a stale save refused), previews the draft on the real page (theirs alone), publishes
 * (the cached page follows at once), schedules, reverts; the shipped words seeded once.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl } from '../../domain/routes/index.ts';
import { createContentItems } from '../../engine/content/contentItems.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { contentItemsProjection } from '../../projections/content/contentItemsProjection.ts';
import { contentQueries } from '../../projections/content/contentQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { app } from '../app.ts';
import { seedContent } from '../contentSeed.ts';
import { createPageCache } from '../ssr/pageCache.ts';
import { openTestStaff, type StaffBrowser, type TestStaff } from '../testing/testStaff.ts';

const FAQ_PAGE = generateUrl('car_booking_faq.fr-BE');

describe('content items API', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let now = new Date('2031-05-01T10:00:00.000Z');
  let people: TestStaff;
  const signIn = (name: string) => people.signIn(fastify, name);
  const post = (who: StaffBrowser, url: string, payload: object = {}) => who.send('POST', url, payload);
  const page = async (url: string, who?: StaffBrowser) =>
    (who ? await who.call({ method: 'GET', url }) : await fastify.inject({ method: 'GET', url })).body;
  let editor: StaffBrowser;
  let sales: StaffBrowser;
  let faqId: string;

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    const pageCache = createPageCache({ ttlMs: 60_000 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [contentItemsProjection],
      onCommitted: () => pageCache.clear(),
    });
    await runner.start();
    const items = createContentItems({ store, newId: randomUUID });
    // The FAQ and banners (45), the blog's 3 categories and 8 articles (99) and the 3 language-switch
    // pages (27), in 9 locales.
    expect(await seedContent(items)).toBe(171);
    expect(await seedContent(items)).toBe(0);
    await runner.caughtUp();
    people = await openTestStaff(db, { Cleo: ['content'], Sam: ['sales'] });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: people.security,
      content: {
        items,
        queries: contentQueries({ knex: db.knex, schema: db.schema }),
        staff: people.accounts,
        newId: randomUUID,
        clock: () => now,
      },
      ssr: { pageCache },
    });
    await fastify.ready();
    editor = await signIn('Cleo');
    sales = await signIn('Sam');
  }, 240_000);
  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await db?.close();
  });

  it('lists the seeded FAQ of a locale, published, for the content role only', async () => {
    const list = await editor.call({ method: 'GET', url: '/admin/api/content/faq?locale=fr-BE' });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { id: string; status: string; title: string }[];
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.status === 'published')).toBe(true);
    faqId = items.find((i) => i.title.includes('gratuite'))!.id;
    expect((await sales.call({ method: 'GET', url: '/admin/api/content/faq' })).statusCode).toBe(403);
    expect(await page(FAQ_PAGE)).toContain('La réservation est-elle vraiment gratuite');
  });

  it('saves a draft: the page keeps the published answer, the editor previews the draft, a stale save is 409', async () => {
    const detail = (await editor.call({ method: 'GET', url: `/admin/api/content/items/${faqId}` })).json();
    const fields = { ...detail.versions[0].fields, answer: 'Oui, et sans engagement en Belgique.' };
    const saved = await post(editor, `/admin/api/content/items/${faqId}/save`, {
      fields,
      expectedVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ latestVersion: 2, published: { version: 1 } });
    expect(saved.json().allowed).toContain('revert');
    const stale = await post(editor, `/admin/api/content/items/${faqId}/save`, {
      fields,
      expectedVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ version: 2 });
    const empty = await post(editor, `/admin/api/content/items/${faqId}/save`, {
      fields: { ...fields, answer: '' },
      expectedVersion: 2,
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(['fields.answer']);
    await runner.caughtUp();
    expect(await page(FAQ_PAGE)).not.toContain('sans engagement en Belgique');
    expect(await page(`${FAQ_PAGE}?preview=${faqId}`, editor)).toContain('sans engagement en Belgique');
    expect(await page(`${FAQ_PAGE}?preview=${faqId}`)).not.toContain('sans engagement en Belgique');
  });

  it('publishes: the (cached) page shows it at once; a scheduled version shows from its time', async () => {
    const published = await post(editor, `/admin/api/content/items/${faqId}/publish`, { version: 2 });
    expect(published.statusCode, published.body).toBe(200);
    await runner.caughtUp();
    expect(await page(FAQ_PAGE)).toContain('sans engagement en Belgique');
    const detail = (await editor.call({ method: 'GET', url: `/admin/api/content/items/${faqId}` })).json();
    expect(detail.versions[0]).toMatchObject({ version: 2, savedBy: 'Cleo' });

    const banners = (
      await editor.call({ method: 'GET', url: '/admin/api/content/homepage_banner?locale=fr-BE' })
    ).json().items as { id: string }[];
    const bannerId = banners[0]!.id;
    const banner = (await editor.call({ method: 'GET', url: `/admin/api/content/items/${bannerId}` })).json();
    await post(editor, `/admin/api/content/items/${bannerId}/save`, {
      fields: { ...banner.versions[0].fields, title: 'Soldes de printemps' },
      expectedVersion: 1,
    });
    const later = new Date(now.getTime() + 3_600_000).toISOString();
    const scheduled = await post(editor, `/admin/api/content/items/${bannerId}/publish`, {
      version: 2,
      from: later,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await runner.caughtUp();
    const listed = (
      await editor.call({ method: 'GET', url: '/admin/api/content/homepage_banner?locale=fr-BE' })
    ).json().items[0];
    expect(listed.status).toBe('scheduled');
    expect(await page('/fr-BE')).not.toContain('Soldes de printemps');
    now = new Date(now.getTime() + 2 * 3_600_000);
    expect(await page('/fr-BE?fresh=1')).toContain('Soldes de printemps');
  });

  it('publishes a staff promotion on the promotions page until its day; a link without its label is 400', async () => {
    const promo = (title: string, validUntil: string) => ({
      locale: 'fr',
      fields: {
        title,
        text: 'Frais de mise à la route offerts.',
        linkUrl: '',
        linkLabel: '',
        validUntil,
        order: 1,
      },
    });
    const refused = await post(editor, '/admin/api/content/promo', {
      locale: 'fr',
      fields: { ...promo('x', '').fields, linkUrl: '/fr/acheter' },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['fields.linkLabel']);
    for (const [title, until] of [
      ['Printemps électrique', '2031-06-30'],
      ['Offre d’hiver passée', '2031-02-28'],
    ] as const) {
      const created = await post(editor, '/admin/api/content/promo', promo(title, until));
      expect(created.statusCode, created.body).toBe(201);
      await post(editor, `/admin/api/content/items/${created.json().id}/publish`, { version: 1 });
    }
    await runner.caughtUp();
    const html = await page(generateUrl('page_promo_list.fr'));
    expect(html).toContain('Printemps électrique');
    expect(html).not.toContain('Offre d’hiver passée');
  });

  it('keeps one dealer-locator text per language: a second create is 409 naming it; the page shows it', async () => {
    const text = {
      locale: 'fr',
      fields: { title: 'Nos concessions en France', body: 'Premier paragraphe.\n\nEssais sur rendez-vous.' },
    };
    const created = await post(editor, '/admin/api/content/dealer_locator', text);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().id).toBe('ct_dealerlocatorfr');
    const again = await post(editor, '/admin/api/content/dealer_locator', text);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ id: 'ct_dealerlocatorfr' });
    await post(editor, '/admin/api/content/items/ct_dealerlocatorfr/publish', { version: 1 });
    await runner.caughtUp();
    const html = await page(generateUrl('dealers_locator_index.fr'));
    expect(html).toContain('Nos concessions en France');
    expect(html).toContain('<p>Essais sur rendez-vous.</p>');
  });

  it('gives the home page the hero staff publish (admin_homepage), the shipped words before', async () => {
    expect(await page('/fr')).not.toContain('Votre prochaine voiture vous attend');
    const created = await post(editor, '/admin/api/content/homepage', {
      locale: 'fr',
      fields: {
        heroTitle: 'Votre prochaine voiture vous attend',
        heroText: 'Réservée en ligne, sans frais.',
      },
    });
    expect(created.json().id).toBe('ct_homepagefr');
    await post(editor, '/admin/api/content/items/ct_homepagefr/publish', { version: 1 });
    await runner.caughtUp();
    expect(await page('/fr?hero=1')).toContain('<h1>Votre prochaine voiture vous attend</h1>');
  });

  it('reverts to version 1 as version 3, published again; the page shows the first answer', async () => {
    const reverted = await post(editor, `/admin/api/content/items/${faqId}/revert`, {
      toVersion: 1,
      expectedVersion: 2,
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().versions[0]).toMatchObject({ version: 3 });
    await post(editor, `/admin/api/content/items/${faqId}/publish`, { version: 3 });
    await runner.caughtUp();
    const html = await page(FAQ_PAGE);
    expect(html).not.toContain('sans engagement en Belgique');
    expect(html).toContain('Oui. Réserver ne coûte rien');
    const unknown = await post(editor, '/admin/api/content/items/ct_doesnotexist1/publish', { version: 1 });
    expect(unknown.statusCode).toBe(404);
  });
});
