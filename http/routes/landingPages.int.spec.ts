/**
 * Landing pages, language-switch pages and content pictures over HTTP on a real database: a content
 * editor uploads a brochure and a picture (refusals by their bytes and size), creates a landing page,
 * previews it (theirs alone), publishes it; the page is served with its lead form, a lead sent from it is
 * counted for it; the brochure is removed as a new version; the language-switch pages read their
 * published items; a banner's picture reaches the home page in every size.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageSwitchId } from '../../domain/content/items/contentKinds.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { createContentItems } from '../../engine/content/contentItems.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import { createLeadContacts } from '../../engine/leads/leadContacts.ts';
import { createLeadService } from '../../engine/leads/leadService.ts';
import { createContentMedia } from '../../engine/media/contentMedia.ts';
import { createMediaStorage } from '../../engine/media/createMediaStorage.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import { contentItemsProjection } from '../../projections/content/contentItemsProjection.ts';
import { contentQueries } from '../../projections/content/contentQueries.ts';
import {
  landingPageLeadCount,
  landingPageLeadsProjection,
} from '../../projections/content/landingPageLeadsProjection.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { leadFacts } from '../../projections/leads/leadFacts.ts';
import { leadQueries } from '../../projections/leads/leadQueries.ts';
import { leadsProjection } from '../../projections/leads/leadsProjection.ts';
import { app } from '../app.ts';
import { seedContent } from '../contentSeed.ts';
import { createPageCache } from '../ssr/pageCache.ts';
import { createSitemapCatalogue, sitemapLandingPages } from '../ssr/sitemapCatalogue.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { multipart } from '../testing/multipartBody.ts';
import { signedInStaff, type TestBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('landing pages, language-switch pages and content pictures', () => {
  let fixture: CatalogueFixtureDatabase;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let mediaDir: string;
  let editor: TestBrowser;
  let sales: TestBrowser;
  let landingId: string;
  let pdf: { fileId: string; name: string; bytes: number };
  let image: { photoId: string; variants: { width: number }[] };

  const caughtUp = () => runner.caughtUp();
  const post = async (who: TestBrowser, url: string, payload: object) =>
    who.call({ method: 'POST', url, headers: { 'x-csrf-token': await who.csrf() }, payload });
  const upload = async (who: TestBrowser, url: string, bytes: Buffer, name: string, type: string) => {
    const body = multipart({}, { name, bytes, type });
    return who.call({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, 'x-csrf-token': await who.csrf() },
    });
  };
  const get = (url: string, who?: TestBrowser) =>
    who ? who.call({ method: 'GET', url }) : fastify.inject({ method: 'GET', url });

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [contentItemsProjection, leadsProjection, landingPageLeadsProjection],
      onCommitted: () => pageCache.clear(),
    });
    const pageCache = createPageCache({ ttlMs: 60_000 });
    await runner.start();
    const items = createContentItems({ store, newId: randomUUID });
    await seedContent(items);
    mediaDir = await mkdtemp(join(tmpdir(), 'content-media-'));
    const media = createMediaStorage({ kind: 'local', dir: mediaDir });
    const accounts = createStaffAccounts({
      knex: db.knex,
      schema: db.schema,
      hashCost: { memoryCost: 4096, timeCost: 1 },
    });
    const facts = leadFacts({ knex: db.knex, schema: db.schema });
    const contacts = createLeadContacts({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 7) }]),
      lookupKey: Buffer.alloc(32, 9),
    });
    fastify = Fastify({ logger: false, pluginTimeout: 120_000 });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: fixture.catalogue,
      storefront: { queries: fixture.storefront, store },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
        staffAccounts: accounts,
      },
      content: {
        items,
        queries: contentQueries({ knex: db.knex, schema: db.schema }),
        staff: accounts,
        newId: randomUUID,
      },
      contentMedia: {
        // A small file limit, so "too big" needs no 10 MB file.
        contentMedia: createContentMedia({ media, maxFileBytes: 64 * 1024 }),
        items,
        landingPageLeads: landingPageLeadCount({ knex: db.knex, schema: db.schema }),
      },
      media: {
        media,
        carPhotos: {} as never,
      },
      leads: {
        leads: createLeadService({ store, contacts, facts, newId: randomUUID }),
        facts,
        queries: leadQueries({ knex: db.knex, schema: db.schema }),
        limit: 1000,
      },
      ssr: {
        pageCache,
        sitemap: {
          ...createSitemapCatalogue({ knex: db.knex, schema: db.schema }),
          landingPages: sitemapLandingPages(contentQueries({ knex: db.knex, schema: db.schema })),
        },
      },
    });
    await fastify.ready();
    let ip = 20;
    for (const [email, roles] of [
      ['cleo@example.test', ['content']],
      ['sam@example.test', ['sales']],
    ] as const) {
      await accounts.create({ email, name: email.split('@')[0]!, password: PASSWORD, roles: [...roles] });
    }
    editor = await signedInStaff(
      fastify,
      { email: 'cleo@example.test', password: PASSWORD },
      `10.1.0.${ip++}`,
    );
    sales = await signedInStaff(fastify, { email: 'sam@example.test', password: PASSWORD }, `10.1.0.${ip++}`);
    await caughtUp();
  }, 240_000);

  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await fixture?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  describe('language-switch pages', () => {
    it('given the seeded pages, then each reads its published item; an unknown number is 404', async () => {
      const belgium = await get(generateUrl('language_switch_page.fr', { id: '1' }));
      expect(belgium.statusCode).toBe(200);
      expect(belgium.body).toContain('Belgique');
      expect(belgium.body).toContain(`href="${generateUrl('front_pages_index.nl-BE')}"`);
      expect((await get(generateUrl('language_switch_page.fr', { id: '9' }))).statusCode).toBe(404);
    });

    it('when an editor publishes a new heading, then the page shows it; the number cannot change', async () => {
      const id = languageSwitchId(2, 'fr');
      const detail = (await get(`/admin/api/content/items/${id}`, editor)).json();
      const fields = { ...detail.versions[0].fields, title: 'Pays germanophones' };
      const moved = await post(editor, `/admin/api/content/items/${id}/save`, {
        fields: { ...fields, number: 7 },
        expectedVersion: 1,
      });
      expect(moved.statusCode).toBe(400);
      expect(Object.keys(moved.json().fields)).toEqual(['fields.number']);
      expect(
        (await post(editor, `/admin/api/content/items/${id}/save`, { fields, expectedVersion: 1 }))
          .statusCode,
      ).toBe(200);
      expect((await post(editor, `/admin/api/content/items/${id}/publish`, { version: 2 })).statusCode).toBe(
        200,
      );
      await caughtUp();
      expect((await get(generateUrl('language_switch_page.fr', { id: '2' }))).body).toContain(
        'Pays germanophones',
      );
    });

    it('when a page is created with a number, then its id is made from it; the same number again is 409', async () => {
      const fields = { number: 4, title: 'Péninsule ibérique', locales: ['es', 'pt'] };
      const created = await post(editor, '/admin/api/content/language_switch_page', { locale: 'fr', fields });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().id).toBe(languageSwitchId(4, 'fr'));
      const again = await post(editor, '/admin/api/content/language_switch_page', { locale: 'fr', fields });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ id: languageSwitchId(4, 'fr') });
      // A draft is not shown.
      expect((await get(generateUrl('language_switch_page.fr', { id: '4' }))).statusCode).toBe(404);
    });
  });

  describe('a brochure (PDF)', () => {
    const url = '/admin/api/content/files';

    it('given a file that is not a PDF, or too big, then 400 on the file, nothing served', async () => {
      const png = await upload(editor, url, await picture(700, 400), 'brochure.pdf', 'application/pdf');
      expect(png.statusCode).toBe(400);
      expect(png.json().fields).toEqual({ file: ['not_a_pdf'] });
      const big = Buffer.concat([PDF, Buffer.alloc(70 * 1024, 32)]);
      const tooBig = await upload(editor, url, big, 'big.pdf', 'application/pdf');
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().fields).toEqual({ file: ['too_large'] });
    });

    it('given staff without the content role, or a visitor, then 403 and 401', async () => {
      expect((await upload(sales, url, PDF, 'b.pdf', 'application/pdf')).statusCode).toBe(403);
      const csrf = await fastify.inject({ method: 'GET', url: '/api/csrf' });
      const cookie = String([csrf.headers['set-cookie']].flat()[0]).split(';')[0]!;
      const visitor = await fastify.inject({
        method: 'POST',
        url,
        headers: { cookie, 'x-csrf-token': csrf.json().token },
        payload: {},
      });
      expect(visitor.statusCode).toBe(401);
    });

    it('given a PDF, then 201 with its id, name and size, served as a PDF for a year', async () => {
      const answer = await upload(editor, url, PDF, 'C:\\docs\\Brochure 2027.pdf', 'application/pdf');
      expect(answer.statusCode, answer.body).toBe(201);
      pdf = answer.json().file;
      expect(pdf).toMatchObject({ name: 'Brochure 2027.pdf', bytes: PDF.length });
      const served = await get(`/media/content-files/${pdf.fileId}.pdf`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(PDF)).toBe(true);
      expect((await get('/media/content-files/0000000000000000.pdf')).statusCode).toBe(404);
    });
  });

  describe('a content picture', () => {
    const url = '/admin/api/content/images';

    it('given a file that is not a picture, or too narrow for a banner, then 400 on the file', async () => {
      const notImage = await upload(editor, url, PDF, 'photo.jpg', 'image/jpeg');
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().fields).toEqual({ file: ['not_an_image'] });
      const narrow = await upload(editor, url, await picture(500, 300), 'narrow.png', 'image/png');
      expect(narrow.json().fields).toEqual({ file: ['too_small'] });
    });

    it('given a picture, then 201 with its sizes, each served immutable', async () => {
      const answer = await upload(editor, url, await picture(1200, 600), 'hero.png', 'image/png');
      expect(answer.statusCode, answer.body).toBe(201);
      image = answer.json().image;
      expect(image.variants.map((v) => v.width)).toEqual([
        320, 320, 320, 640, 640, 640, 960, 960, 960, 1080, 1080, 1080,
      ]);
      const file = await get(`/media/content-images/${image.photoId}-640.webp`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get(`/media/car-photos/${image.photoId}-640.webp`)).statusCode).toBe(404);
    });

    it('when a banner gets the picture and is published, then the home page shows it in every size', async () => {
      const banners = (await get('/admin/api/content/homepage_banner?locale=fr', editor)).json().items;
      const id = banners[0].id as string;
      const detail = (await get(`/admin/api/content/items/${id}`, editor)).json();
      const saved = await post(editor, `/admin/api/content/items/${id}/save`, {
        fields: { ...detail.versions[0].fields, image },
        expectedVersion: detail.latestVersion,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await post(editor, `/admin/api/content/items/${id}/publish`, { version: saved.json().latestVersion });
      await caughtUp();
      const home = await get(generateUrl('front_pages_index.fr'));
      expect(home.body).toContain(`/media/content-images/${image.photoId}-320.avif 320w`);
      expect(home.body).toMatch(
        new RegExp(`<img[^>]+class="banner__image"[^>]+src="/media/content-images/${image.photoId}-640.jpg"`),
      );
    });
  });

  describe('a landing page', () => {
    const slug = 'printemps-electrique';
    const page = generateUrl('landing_page.fr', { slug });
    const fields = () => ({
      slug,
      title: 'Le printemps électrique',
      intro: 'Nos électriques en stock, livrées chez vous.',
      body: 'Premier paragraphe.\n\nSecond paragraphe.',
      dealerId: '11',
      brand: 'tesla',
      pdf,
      heroImage: image,
    });

    it('given a draft, then 404 for visitors, the editor previews it; an unknown slug is 404', async () => {
      const created = await post(editor, '/admin/api/content/landing_page', {
        locale: 'fr',
        fields: fields(),
      });
      expect(created.statusCode, created.body).toBe(201);
      landingId = created.json().id;
      await caughtUp();
      expect((await get(page)).statusCode).toBe(404);
      const preview = await get(`${page}?preview=${landingId}`, editor);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('Le printemps électrique');
      expect((await get(`${page}?preview=${landingId}`)).statusCode).toBe(404);
      expect((await get(generateUrl('landing_page.fr', { slug: 'nowhere' }))).statusCode).toBe(404);
    });

    it('when published, then the page shows its words, brochure, picture, dealer and a lead form for it', async () => {
      expect(
        (await post(editor, `/admin/api/content/items/${landingId}/publish`, { version: 1 })).statusCode,
      ).toBe(200);
      await caughtUp();
      const shown = await get(page);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('Second paragraphe.');
      expect(shown.body).toContain(`/media/content-files/${pdf.fileId}.pdf`);
      expect(shown.body).toContain(`/media/content-images/${image.photoId}-960.avif 960w`);
      expect(shown.body).toContain(`action="${generateUrl('lead_dealer.fr', { id: '11' })}"`);
      expect(shown.body).toContain(`name="landingPage" value="${landingId}"`);
      expect(shown.body).toContain('"@type":"WebPage"');
      // In the locale's sitemap, its own language only: another locale has no such page.
      const sitemap = await get('/fr/sitemap.xml');
      expect(sitemap.body).toContain(`${page}</loc>`);
      expect((await get('/de/sitemap.xml')).body).not.toContain(slug);

      expect((await get(generateUrl('landing_page.de', { slug }))).statusCode).toBe(404);
    });

    it('when a lead is sent from it, then its lead count rises, for the content role only', async () => {
      const count = async () =>
        (await get(`/admin/api/content/items/${landingId}/leads`, editor)).json().count;
      expect(await count()).toBe(0);
      const csrf = await fastify.inject({ method: 'GET', url: '/api/csrf' });
      const cookie = String([csrf.headers['set-cookie']].flat()[0]).split(';')[0]!;
      const sent = await fastify.inject({
        method: 'POST',
        url: generateUrl('lead_dealer.fr', { id: '11' }),
        headers: { cookie, 'x-csrf-token': csrf.json().token, accept: 'application/json' },
        payload: {
          firstName: 'Anna',
          lastName: 'Martin',
          email: 'anna.martin@example.test',
          message: 'Je voudrais un essai.',
          consent: 'yes',
          sourcePage: page,
          landingPage: landingId,
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await caughtUp();
      expect(await count()).toBe(1);
      expect((await get(`/admin/api/content/items/${landingId}/leads`, sales)).statusCode).toBe(403);
      const faq = (await get('/admin/api/content/faq?locale=fr', editor)).json().items[0].id;
      expect((await get(`/admin/api/content/items/${faq}/leads`, editor)).statusCode).toBe(404);
    });

    it('when its form is refused without JavaScript, then the form shown again still names the page', async () => {
      const action = generateUrl('lead_dealer.fr', { id: '11' });
      const csrf = await fastify.inject({ method: 'GET', url: '/api/csrf' });
      const cookie = String([csrf.headers['set-cookie']].flat()[0]).split(';')[0]!;
      const back = `${generateUrl('lead_thanks.fr')}?${new URLSearchParams({ to: action, from: page })}`;
      const refused = await fastify.inject({
        method: 'POST',
        url: action,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          firstName: 'Anna',
          lastName: 'Martin',
          email: 'not-an-email',
          message: 'Bonjour',
          consent: 'yes',
          sourcePage: page,
          landingPage: landingId,
          _csrf: csrf.json().token,
          _back: back,
        }).toString(),
      });
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location).toBe(back);
      const again = await fastify.inject({ method: 'GET', url: back, headers: { cookie } });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain(`name="landingPage" value="${landingId}"`);
    });

    it('when its brochure is removed, then a new version without it; stale is 409, a retry changes nothing', async () => {
      const url = `/admin/api/content/items/${landingId}/remove-pdf`;
      expect((await post(editor, url, { expectedVersion: 0 + 1 + 5 })).statusCode).toBe(409);
      const removed = await post(editor, url, { expectedVersion: 1 });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ latestVersion: 2 });
      expect((await post(editor, url, { expectedVersion: 1 })).json()).toEqual({ latestVersion: 2 });
      const detail = (await get(`/admin/api/content/items/${landingId}`, editor)).json();
      expect(detail.versions[0].fields.pdf).toBe('');
      expect(detail.versions[1].fields.pdf).toEqual(pdf);
      expect((await post(sales, url, { expectedVersion: 2 })).statusCode).toBe(403);
    });
  });
});
