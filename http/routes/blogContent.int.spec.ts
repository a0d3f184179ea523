/**
 * The blog as content items through the app on a real database (domain/content/README.md "The blog"):
 * the lists and the article pages show the published items only (a draft for its editor's preview
 * alone), an unknown article is 404, and visitors rate an article (SPEC §7 `saveContentNote/{id}`)
 * with or without JavaScript: once per visitor, a new rating replacing theirs, 400 by field, CSRF.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogRatings } from '../../engine/content/blogRatings.ts';
import { createContentItems } from '../../engine/content/contentItems.ts';
import { createContentMedia } from '../../engine/media/contentMedia.ts';
import { createLocalDiskMediaStorage } from '../../engine/media/createLocalDiskMediaStorage.ts';
import type { MediaStorage } from '../../engine/media/mediaStorage.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { blogRatingQueries, blogRatingsProjection } from '../../projections/content/blogRatingsProjection.ts';
import { contentItemsProjection } from '../../projections/content/contentItemsProjection.ts';
import { contentQueries } from '../../projections/content/contentQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { app } from '../app.ts';
import { seedContent } from '../contentSeed.ts';
import { createPageCache } from '../ssr/pageCache.ts';
import { HTML, hidden, pageOf, submit } from '../testing/formPages.ts';
import { multipart } from '../testing/multipartBody.ts';
import { testBrowser } from '../testing/testBrowser.ts';
import { openTestStaff, type StaffBrowser, type TestStaff } from '../testing/testStaff.ts';

const ARTICLE = '/fr-BE/blog/entretien/tyres-all-seasons';
const ARTICLE_ID = 'ct_seedblogtyresallseasonsfrbe';
const RATE = `/fr-BE/blog/saveContentNote/${ARTICLE_ID}`;

describe('the blog as content items', () => {
  let db: TestDatabase;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let people: TestStaff;
  let editor: StaffBrowser;
  let sales: StaffBrowser;
  let mediaDir = '';
  let media: MediaStorage;
  let ip = 0;
  const now = new Date('2031-05-01T10:00:00.000Z');
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) => editor.send(method, url, payload);
  const get = (url: string) => fastify.inject({ method: 'GET', url, headers: HTML });

  beforeAll(async () => {
    db = await openTestDatabase();
    const store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    const pageCache = createPageCache({ ttlMs: 60_000 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [contentItemsProjection, blogRatingsProjection],
      onCommitted: () => pageCache.clear(),
    });
    await runner.start();
    const items = createContentItems({ store, newId: randomUUID });
    await seedContent(items);
    await runner.caughtUp();
    people = await openTestStaff(db, { Cleo: ['content'], Sam: ['sales'] });
    mediaDir = await mkdtemp(join(tmpdir(), 'blog-media-'));
    media = createLocalDiskMediaStorage({ dir: mediaDir });
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
      blogRatings: {
        ratings: createBlogRatings({ store, newId: randomUUID }),
        queries: blogRatingQueries({ knex: db.knex, schema: db.schema }),
        items,
        clock: () => now,
        limit: 12,
      },
      contentMedia: { contentMedia: createContentMedia({ media }), items, landingPageLeads: async () => 0 },
      ssr: { pageCache },
    });
    await fastify.ready();
    editor = await people.signIn(fastify, 'Cleo');
    sales = await people.signIn(fastify, 'Sam');
  }, 240_000);
  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await db?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  describe('pages', () => {
    it('lists the seeded articles, each linking to its page, newest first', async () => {
      const list = await get('/fr-BE/blog/categorie/entretien');
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(`href="${ARTICLE}"`);
      expect(list.body).toContain('"@type":"BlogPosting"');
      const all = await get('/fr-BE/blog');
      expect(all.body.indexOf('used-car-checklist')).toBeLessThan(
        all.body.indexOf('financing-loan-or-lease'),
      );
    });

    it('shows an article’s page with its paragraphs and its BlogPosting; an unknown one is 404', async () => {
      const page = await get(ARTICLE);
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<h1[^>]*>[^<]*pneus/i);
      expect(page.body).toContain('"@type":"BlogPosting"');
      expect(page.body).toContain(`<link rel="canonical" href="http://localhost:80${ARTICLE}"`);
      expect((await get('/fr-BE/blog/entretien/no-such-article')).statusCode).toBe(404);
      // The article under another category, another locale's category word, another locale.
      expect((await get('/fr-BE/blog/conseils-achat/tyres-all-seasons')).statusCode).toBe(404);
      expect((await get('/fr-BE/blog/onderhoud/tyres-all-seasons')).statusCode).toBe(404);
      expect((await get('/nl-BE/blog/onderhoud/tyres-all-seasons')).statusCode).toBe(200);
    });

    it('keeps a new article out until it is published; its editor previews it; then it is listed', async () => {
      const created = await admin('POST', '/admin/api/content/blog_article', {
        locale: 'fr-BE',
        fields: {
          slug: 'pneus-hiver-belgique',
          category: 'maintenance',
          title: 'Pneus hiver en Belgique',
          summary: 'Ce que dit la loi belge.',
          body: 'Premier paragraphe du brouillon.\n\nSecond paragraphe.',
          publishedOn: '2031-04-30',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json() as { id: string };
      await runner.caughtUp();
      const path = '/fr-BE/blog/entretien/pneus-hiver-belgique';
      expect((await get('/fr-BE/blog')).body).not.toContain('Pneus hiver en Belgique');
      expect((await get(path)).statusCode).toBe(404);
      // The back office's preview link (the blog list) leads its editor to the article's page.
      const preview = await editor.call({ method: 'GET', url: `/fr-BE/blog?preview=${id}`, headers: HTML });
      expect(preview.statusCode).toBe(307);
      expect(preview.headers.location).toBe(`${path}?preview=${id}`);
      const draft = await editor.call({ method: 'GET', url: `${path}?preview=${id}`, headers: HTML });
      expect(draft.statusCode).toBe(200);
      expect(draft.body).toContain('Premier paragraphe du brouillon.');
      expect((await get(`${path}?preview=${id}`)).statusCode).toBe(404);
      expect((await admin('POST', `/admin/api/content/items/${id}/publish`, { version: 1 })).statusCode).toBe(
        200,
      );
      await runner.caughtUp();
      expect((await get('/fr-BE/blog')).body).toContain('Pneus hiver en Belgique');
      expect((await get(path)).statusCode).toBe(200);
      expect((await get('/fr/blog')).body).not.toContain('Pneus hiver en Belgique');
    });
  });

  describe('ratings', () => {
    const visitor = () => testBrowser(fastify, `127.0.7.${++ip}`);
    const summary = async () => (await get(RATE)).json() as { average: number; count: number };

    it('rates without JavaScript: 303 to the thanks; the same visitor again replaces theirs', async () => {
      const anna = visitor();
      const page = await pageOf(anna, ARTICLE);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`action="${RATE}"`);
      expect(hidden(page.body, '_csrf')).toMatch(/^[\w-]{10,}$/);
      const rated = await submit(anna, page.body, RATE, { stars: '4' });
      expect(rated.statusCode, rated.body).toBe(303);
      expect(rated.headers.location).toBe(`${ARTICLE}?rating=thanks#rating`);
      expect((await submit(anna, page.body, RATE, { stars: '4' })).statusCode).toBe(303);
      await runner.caughtUp();
      expect(await summary()).toEqual({ average: 4, count: 1 });
      expect((await submit(anna, page.body, RATE, { stars: '2' })).statusCode).toBe(303);
      await runner.caughtUp();
      expect(await summary()).toEqual({ average: 2, count: 1 });
      const thanks = await pageOf(anna, `${ARTICLE}?rating=thanks`);
      expect(thanks.body).toContain('Merci pour votre note');
      expect(thanks.body).toContain('2 sur 5 (1 avis)');
    });

    it('rates with JavaScript (JSON): another visitor counts apart; the answer has the new average', async () => {
      const ben = visitor();
      const answer = await ben.call({
        method: 'POST',
        url: RATE,
        headers: { 'x-csrf-token': await ben.csrf(), accept: 'application/json' },
        payload: { stars: 5 },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ rated: true, stars: 5, average: 3.5, count: 2 });
      await runner.caughtUp();
      expect(await summary()).toEqual({ average: 3.5, count: 2 });
      const list = await sales.call({ method: 'GET', url: '/admin/api/blog/ratings' });
      expect(list.statusCode).toBe(403);
      const ratings = (await editor.call({ method: 'GET', url: '/admin/api/blog/ratings' })).json();
      expect(ratings.ratings[ARTICLE_ID]).toEqual({ average: 3.5, count: 2 });
    });

    it('refuses bad stars by field (400), or back to the article without JavaScript; nothing stored', async () => {
      const carl = visitor();
      const csrf = await carl.csrf();
      for (const stars of [0, 6, 'lots', undefined]) {
        const refused = await carl.call({
          method: 'POST',
          url: RATE,
          headers: { 'x-csrf-token': csrf },
          payload: stars === undefined ? {} : { stars },
        });
        expect(refused.statusCode, String(stars)).toBe(400);
        expect(Object.keys(refused.json().fields)).toEqual(['stars']);
      }
      const page = await pageOf(carl, ARTICLE);
      const back = await submit(carl, page.body, RATE, { stars: '9' });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`${ARTICLE}?rating=refused#rating`);
      expect((await pageOf(carl, `${ARTICLE}?rating=refused`)).body).toContain('n’a pas été enregistrée');
      await runner.caughtUp();
      expect((await summary()).count).toBe(2);
    });

    it('wants the CSRF token; an unknown or unpublished article, or another locale’s, is 404', async () => {
      const dora = visitor();
      await dora.csrf();
      const forged = await dora.call({ method: 'POST', url: RATE, payload: { stars: 5 } });
      expect(forged.statusCode).toBe(403);
      const csrf = await dora.csrf();
      const post = (url: string) =>
        dora.call({ method: 'POST', url, headers: { 'x-csrf-token': csrf }, payload: { stars: 5 } });
      expect((await post('/fr-BE/blog/saveContentNote/ct_nosucharticle')).statusCode).toBe(404);
      expect((await post(`/fr/blog/saveContentNote/${ARTICLE_ID}`)).statusCode).toBe(404);
      expect((await post('/fr-BE/blog/saveContentNote/ct_seedblogcatmaintenancefrbe')).statusCode).toBe(404);
      const unpublished = await admin('POST', `/admin/api/content/items/${ARTICLE_ID}/unpublish`, {});
      expect(unpublished.statusCode).toBe(200);
      expect((await post(RATE)).statusCode).toBe(404);
      await admin('POST', `/admin/api/content/items/${ARTICLE_ID}/publish`, { version: 1 });
      expect((await post(RATE)).statusCode).toBe(200);
    });

    it('limits a client address like the other forms (429)', async () => {
      const spammer = testBrowser(fastify, '127.0.8.1');
      const csrf = await spammer.csrf();
      const codes: number[] = [];
      for (let i = 0; i < 13; i++) {
        const r = await spammer.call({
          method: 'POST',
          url: RATE,
          headers: { 'x-csrf-token': csrf },
          payload: { stars: 1 + (i % 5) },
        });
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 12).every((c) => c === 200)).toBe(true);
      expect(codes[12]).toBe(429);
    });
  });

  describe('an article’s picture', () => {
    it('uploaded as a content image, resized once; the article page shows it in every stored size', async () => {
      const png = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 60, b: 200 } },
      })
        .png()
        .toBuffer();
      const body = multipart({}, { name: 'tyre.png', bytes: png, type: 'image/png' });
      const uploaded = await editor.call({
        method: 'POST',
        url: '/admin/api/content/images',
        payload: body.payload,
        headers: { ...body.headers, 'x-csrf-token': editor.token },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const { image } = uploaded.json() as { image: { photoId: string; width: number; height: number } };
      const { photoId } = image;
      expect(image).toMatchObject({ width: 1080, height: 720 });
      expect((await media.get(`content-images/${photoId}/640-avif`))?.contentType).toBe('image/avif');

      const detail = (await admin('GET', `/admin/api/content/items/${ARTICLE_ID}`)).json();
      const saved = await admin('POST', `/admin/api/content/items/${ARTICLE_ID}/save`, {
        fields: { ...detail.versions[0].fields, image, imageAlt: 'Un pneu hiver sur la neige' },
        expectedVersion: detail.latestVersion,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await admin('POST', `/admin/api/content/items/${ARTICLE_ID}/publish`, {
        version: saved.json().latestVersion,
      });
      await runner.caughtUp();
      const page = (await get(ARTICLE)).body;
      expect(page).toMatch(/<img[^>]+class="content-hero"[^>]+alt="Un pneu hiver sur la neige"/);
      for (const width of [320, 640, 960, 1080])
        for (const ext of ['avif', 'webp', 'jpg'])
          expect(page).toContain(`/media/content-images/${photoId}-${width}.${ext} ${width}w`);
      expect(page).not.toContain('/media/car-photos/');
      expect(page).toContain(`"image":"http://localhost:80/media/content-images/${photoId}-1080.jpg"`);
      expect(page).toContain(`content="http://localhost:80/media/content-images/${photoId}-1080.jpg"`);
    });
  });
});
