/**
 * The CMS core and the SEO content over HTTP on a real database with the catalogue's fixture cars: a
 * range's slug taken is a 409 naming the item (also when two creates race), check-exists and validation
 * by step, the brand-model page shows the published range text, a facet page takes its title, robots,
 * h1 and intro from its item (and the sitemap follows), the facet and range checks count the cars, and
 * the footer's links with their second level (JSON, and the GET fallback without JavaScript).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKeyStream } from '../../domain/content/items/contentSlugs.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { CLAIM_GRACE_MS, createContentItems } from '../../engine/content/contentItems.ts';
import { contentItemsProjection } from '../../projections/content/contentItemsProjection.ts';
import { contentQueries } from '../../projections/content/contentQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { app } from '../app.ts';
import { createPageCache } from '../ssr/pageCache.ts';
import { createSitemapCatalogue } from '../ssr/sitemapCatalogue.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { openTestStaff, type StaffBrowser, type TestStaff } from '../testing/testStaff.ts';

const RANGE_PAGE = generateUrl('brand_model_detail.fr', { brand: 'renault', slug: 'clio' });
const range = (title: string, slug = 'clio') => ({
  locale: 'fr',
  fields: {
    brand: 'renault',
    slug,
    title,
    intro: 'La citadine la plus vendue, en occasion et en neuf.',
    body: 'Cinq générations.\n\nUne Clio pour chaque budget : essence, diesel ou hybride.',
  },
});

describe('the CMS core and the SEO content over HTTP', () => {
  let fixture: CatalogueFixtureDatabase;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let people: TestStaff;
  let editor: StaffBrowser;
  let sales: StaffBrowser;
  let rangeId = '';
  const post = (url: string, payload: object = {}, who: StaffBrowser = editor) =>
    who.send('POST', url, payload);
  const get = (url: string, who: StaffBrowser = editor) => who.call({ method: 'GET', url });
  const page = async (url: string) => fastify.inject({ method: 'GET', url });

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
    const pageCache = createPageCache({ ttlMs: 60_000 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [contentItemsProjection],
      onCommitted: () => pageCache.clear(),
    });
    await runner.start();
    people = await openTestStaff(db, { Cleo: ['content'], Sam: ['sales'] });
    const queries = contentQueries({ knex: db.knex, schema: db.schema });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: people.security,
      catalogue: fixture.catalogue,
      content: {
        items: createContentItems({ store, newId: randomUUID }),
        queries,
        staff: people.accounts,
        newId: randomUUID,
      },
      ssr: {
        pageCache,
        sitemap: createSitemapCatalogue({ knex: db.knex, schema: db.schema }),
        sitemapFacetPages: async (locale) =>
          (await queries.published('facet', locale, new Date())).map((item) => ({
            path: String(item.fields.path),
            indexable: item.fields.indexable === 'yes',
          })),
      },
    });
    await fastify.ready();
    editor = await people.signIn(fastify, 'Cleo');
    sales = await people.signIn(fastify, 'Sam');
  }, 240_000);
  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await fixture?.close();
  });

  it('slugifies in the locale’s spelling, for the content role only', async () => {
    const pl = await get(
      `/admin/api/content/slugify?locale=pl&text=${encodeURIComponent('Łódź: żółta Yaris')}`,
    );
    expect(pl.statusCode, pl.body).toBe(200);
    expect(pl.json()).toEqual({ slug: 'lodz-zolta-yaris' });
    const de = await get(
      `/admin/api/content/slugify?locale=de&text=${encodeURIComponent('Große Übersicht')}`,
    );
    expect(de.json()).toEqual({ slug: 'grosse-uebersicht' });
    expect((await get('/admin/api/content/slugify?locale=pl&text=x', sales)).statusCode).toBe(403);
  });

  it('refuses a range whose slug another item of the locale has: 409 naming it; another locale may', async () => {
    const first = await post('/admin/api/content/range', range('Renault Clio d’occasion'));
    expect(first.statusCode, first.body).toBe(201);
    rangeId = first.json().id;
    const second = await post('/admin/api/content/range', range('Clio encore'));
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ id: rangeId, title: 'Renault Clio d’occasion' });
    expect(second.json().fields['fields.slug'][0]).toContain('Renault Clio d’occasion');
    const belgian = await post('/admin/api/content/range', { ...range('Clio en Belgique'), locale: 'fr-BE' });
    expect(belgian.statusCode, belgian.body).toBe(201);
    const unknown = await post('/admin/api/content/range', range('Golf', 'golf'));
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['fields.slug']);
  });

  it('of five creates racing for the same slug, one wins and the others are told who has it', async () => {
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((letter) =>
        post('/admin/api/content/range', range(`Captur ${letter}`, 'captur')),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 201)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json().id).toBe(won[0]!.json().id);
    }
    await runner.caughtUp();
    const listed = (await get('/admin/api/content/range?locale=fr')).json().items as { title: string }[];
    expect(listed.filter((item) => item.title.startsWith('Captur'))).toHaveLength(1);
    // The losers claimed nothing: deleting the winner frees the slug.
    expect((await post(`/admin/api/content/items/${won[0]!.json().id}/delete`)).statusCode).toBe(200);
    expect((await post('/admin/api/content/range', range('Captur C', 'captur'))).statusCode).toBe(201);
  });

  it('holds a claim whose item never came (a crash between claim and append) for the grace, then lets it go', async () => {
    const ghost = 'ct_ghost00000001';
    await fixture.store.appendToStream(
      contentKeyStream('range', 'de', 'renault/clio'),
      [
        {
          id: randomUUID(),
          type: 'ContentKeyClaimed',
          data: { kind: 'range', locale: 'de', key: 'renault/clio', id: ghost },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const refused = await post('/admin/api/content/range', { ...range('Clio in Deutschland'), locale: 'de' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ id: ghost, fields: { 'fields.slug': [`taken by ${ghost}`] } });
    const later = createContentItems({
      store: fixture.store,
      newId: randomUUID,
      clock: () => new Date(Date.now() + CLAIM_GRACE_MS + 1000),
    });
    const id = 'ct_afterghost0001';
    const { state } = await later.run(
      id,
      { type: 'create', id, kind: 'range', locale: 'de', fields: range('Clio in Deutschland').fields },
      { kind: 'staff', staffId: 'test', role: 'content' },
    );
    expect(state.versions).toHaveLength(1);
    expect(await later.keyHolder('range', 'de', 'renault/clio')).toEqual({
      id,
      title: 'Clio in Deutschland',
    });
  });

  it('says whether a slug exists (but the item’s own), and validates one step without saving', async () => {
    const exists = await get('/admin/api/content/range/check-exists?locale=fr&brand=renault&slug=clio');
    expect(exists.json()).toEqual({ exists: true, id: rangeId, title: 'Renault Clio d’occasion' });
    const own = await get(
      `/admin/api/content/range/check-exists?locale=fr&brand=renault&slug=clio&exclude=${rangeId}`,
    );
    expect(own.json()).toEqual({ exists: false });
    expect(
      (await get('/admin/api/content/range/check-exists?locale=pl&brand=renault&slug=clio')).json(),
    ).toEqual({
      exists: false,
    });
    const faq = await get('/admin/api/content/faq/check-exists?locale=fr&slug=x');
    expect(faq.statusCode).toBe(400);
    expect(Object.keys(faq.json().fields)).toEqual(['params.kind']);
    const noSlug = await get('/admin/api/content/range/check-exists?locale=fr&brand=renault');
    expect(Object.keys(noSlug.json().fields)).toEqual(['querystring.slug']);

    const fields = { ...range('').fields };
    const slugStep = await post('/admin/api/content/range/validate', { locale: 'fr', fields, step: 'slug' });
    expect(slugStep.statusCode).toBe(400);
    expect(Object.keys(slugStep.json().fields)).toEqual(['fields.slug']);
    expect(slugStep.json().fields['fields.slug'][0]).toContain(rangeId);
    const titleStep = await post('/admin/api/content/range/validate', {
      locale: 'fr',
      fields,
      step: 'title',
    });
    expect(titleStep.statusCode).toBe(400);
    expect(titleStep.json().fields).toEqual({ 'fields.title': ['is required'] });
    const whole = await post('/admin/api/content/range/validate', { locale: 'fr', fields, id: rangeId });
    expect(whole.statusCode).toBe(400);
    expect(Object.keys(whole.json().fields)).toEqual(['fields.title']);
    const fine = await post('/admin/api/content/range/validate', {
      locale: 'fr',
      fields: range('Titre').fields,
      id: rangeId,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const badStep = await post('/admin/api/content/range/validate', { locale: 'fr', fields, step: 'colour' });
    expect(badStep.statusCode).toBe(400);
    expect(Object.keys(badStep.json().fields)).toEqual(['body.step']);
    const facetPath = await post('/admin/api/content/facet/validate', {
      locale: 'fr',
      fields: { path: '/de/kaufen/bmw' },
      step: 'path',
    });
    expect(facetPath.json().fields['fields.path'][0]).toContain('/fr/');
  });

  it('shows the published range text on the brand-model page, the range check counting its cars', async () => {
    expect((await page(RANGE_PAGE)).body).not.toContain('Cinq générations.');
    // The editor previews the draft on its page; others get the published page.
    expect((await get(`${RANGE_PAGE}?preview=${rangeId}`)).body).toContain('<p>Cinq générations.</p>');
    expect((await page(`${RANGE_PAGE}?preview=${rangeId}`)).body).not.toContain('Cinq générations.');
    expect((await post(`/admin/api/content/items/${rangeId}/publish`, { version: 1 })).statusCode).toBe(200);
    await runner.caughtUp();
    const shown = await page(RANGE_PAGE);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatch(/<h1[^>]*>Renault Clio d’occasion<\/h1>/);
    expect(shown.body).toContain('<p>Cinq générations.</p>');
    expect(shown.body).toContain('<title>Renault Clio d’occasion');
    const check = await get('/admin/api/content/range/landing-check?locale=fr&brand=renault&slug=clio');
    expect(check.statusCode, check.body).toBe(200);
    const search = await fixture.catalogue.search.search({
      country: 'FR',
      brand: 'renault',
      model: 'clio',
      sort: 'newest',
      page: 1,
      pageSize: 1,
    });
    const used = search.facets.condition.find((v) => v.value === 'used')?.count;
    expect(used).toBeGreaterThan(0);
    expect(check.json()).toMatchObject({
      model: { known: true, name: 'Clio' },
      page: RANGE_PAGE,
      cars: { used },
      item: { id: rangeId },
    });
    expect(
      (await get('/admin/api/content/range/landing-check?locale=fr&brand=renault&slug=golf')).json(),
    ).toMatchObject({
      model: { known: false },
      page: null,
    });
  });

  it('gives a facet page its title, description, robots, h1 and intro; the sitemap follows', async () => {
    const created = await post('/admin/api/content/facet', {
      locale: 'fr',
      fields: {
        path: '/fr/acheter/renault',
        title: 'Renault d’occasion : nos offres',
        description: 'Toutes nos Renault d’occasion révisées.',
        h1: 'Renault d’occasion garanties',
        intro: 'Clio, Mégane : choisissez la vôtre.',
        indexable: 'no',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await post('/admin/api/content/facet', {
      locale: 'fr',
      fields: {
        ...created.json(),
        path: '/fr/acheter/renault',
        title: 'x',
        description: 'x',
        h1: 'x',
        intro: 'x',
        indexable: 'yes',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toHaveProperty('fields.path');
    const before = await page('/fr/sitemap.xml');
    expect(before.body).toContain('/fr/acheter/renault</loc>');
    await post(`/admin/api/content/items/${created.json().id}/publish`, { version: 1 });
    await runner.caughtUp();
    const shown = await page('/fr/acheter/renault');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<title>Renault d’occasion : nos offres');
    expect(shown.body).toMatch(/<meta name="robots" content="noindex/);
    expect(shown.body).toMatch(/<h1[^>]*>Renault d’occasion garanties<\/h1>/);
    expect(shown.body).toContain('Clio, Mégane : choisissez la vôtre.');
    expect(shown.body).toContain('Toutes nos Renault d’occasion révisées.');
    // Another facet page keeps its own words and robots.
    const other = await page('/fr/acheter/bmw');
    expect(other.body).not.toMatch(/<meta name="robots" content="noindex/);
    expect((await page('/fr/sitemap.xml')).body).not.toContain('/fr/acheter/renault</loc>');
  });

  it('checks a facet path: valid and its cars, or why not', async () => {
    const check = await get(
      `/admin/api/content/facet/check?locale=fr&path=${encodeURIComponent('/fr/acheter/renault/clio')}`,
    );
    expect(check.statusCode, check.body).toBe(200);
    const total = (
      await fixture.catalogue.search.search({
        country: 'FR',
        condition: 'used',
        brand: 'renault',
        model: 'clio',
        sort: 'newest',
        page: 1,
        pageSize: 1,
      })
    ).total;
    expect(check.json()).toEqual({
      valid: true,
      problem: null,
      path: '/fr/acheter/renault/clio',
      cars: total,
      item: null,
    });
    expect(total).toBeGreaterThan(0);
    const order = await get(
      `/admin/api/content/facet/check?locale=fr&path=${encodeURIComponent('/fr/acheter/diesel/renault')}`,
    );
    expect(order.json()).toMatchObject({ valid: false, problem: expect.stringContaining('renault/diesel') });
    const owned = await get(
      `/admin/api/content/facet/check?locale=fr&path=${encodeURIComponent('/fr/acheter/renault')}`,
    );
    expect(owned.json().item).toMatchObject({ title: 'Renault d’occasion garanties' });
  });

  it('serves the footer’s second-level links as JSON (POST), a GET without JSON going to the facet page', async () => {
    const answer = await fastify.inject({
      method: 'POST',
      url: '/fr/seo-footer/second-link-facets',
      payload: { facet: '/fr/acheter/renault' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { facet, links } = answer.json() as {
      facet: string;
      links: { label: string; href: string; count: number }[];
    };
    expect(facet).toBe('/fr/acheter/renault');
    expect(links.map((l) => l.href)).toContain('/fr/acheter/renault/clio');
    expect(links.find((l) => l.href === '/fr/acheter/renault/clio')).toMatchObject({ label: 'Renault Clio' });
    expect(links.every((l, i) => i === 0 || links[i - 1]!.count >= l.count)).toBe(true);
    const brands = (
      await fastify.inject({
        method: 'POST',
        url: '/fr/seo-footer/second-link-facets',
        payload: { facet: '/fr/acheter' },
      })
    ).json();
    expect(brands.links.map((l: { href: string }) => l.href)).toEqual(
      expect.arrayContaining(['/fr/acheter/renault', '/fr/acheter/bmw']),
    );
    const fallback = await fastify.inject({
      method: 'GET',
      url: `/fr/seo-footer/second-link-facets?facet=${encodeURIComponent('/fr/acheter/renault')}`,
      headers: { accept: 'text/html' },
    });
    expect(fallback.statusCode).toBe(303);
    expect(fallback.headers.location).toBe('/fr/acheter/renault');
    const json = await fastify.inject({
      method: 'GET',
      url: `/fr/seo-footer/second-link-facets?facet=${encodeURIComponent('/fr/acheter/renault')}`,
      headers: { accept: 'application/json' },
    });
    expect(json.json().links).toEqual(links);
    expect(
      (await fastify.inject({ method: 'POST', url: '/fr/seo-footer/second-link-facets', payload: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await fastify.inject({
          method: 'POST',
          url: '/fr/seo-footer/second-link-facets',
          payload: { facet: '/fr/blog' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows the footer links staff published on the list pages, and the SEO promo text on the promotions page', async () => {
    const links = await post('/admin/api/content/link_facet', {
      locale: 'fr',
      fields: { links: 'Marques populaires\nRenault | /fr/acheter/renault\nBMW | /fr/acheter/bmw' },
    });
    expect(links.statusCode, links.body).toBe(201);
    const twice = await post('/admin/api/content/link_facet', { locale: 'fr', fields: { links: 'x' } });
    expect(twice.statusCode).toBe(409);
    const promo = await post('/admin/api/content/seo_promo', {
      locale: 'fr',
      fields: { title: 'Nos promotions du mois', body: 'Des remises sur des centaines de voitures.' },
    });
    expect(promo.statusCode, promo.body).toBe(201);
    await post(`/admin/api/content/items/${links.json().id}/publish`, { version: 1 });
    await post(`/admin/api/content/items/${promo.json().id}/publish`, { version: 1 });
    await runner.caughtUp();
    const list = (await page('/fr/acheter/bmw')).body;
    expect(list).toContain('Recherches populaires');
    expect(list).toMatch(/<a[^>]*href="\/fr\/acheter\/renault"[^>]*>Renault<\/a>/);
    expect(list).toContain('href="/fr/seo-footer/second-link-facets?facet=%2Ffr%2Facheter%2Frenault"');
    const promotions = (await page(generateUrl('page_promo_list.fr'))).body;
    expect(promotions).toContain('Nos promotions du mois');
    expect(promotions).toContain('Des remises sur des centaines de voitures.');
  });
  it('releases a slug an item leaves for another: a second item may take it, not the new one', async () => {
    const toyota = (title: string, slug: string) => ({
      locale: 'pl',
      fields: { ...range(title, slug).fields, brand: 'toyota' },
    });
    const first = await post('/admin/api/content/range', toyota('Yaris', 'yaris'));
    expect(first.statusCode, first.body).toBe(201);
    const moved = await post(`/admin/api/content/items/${first.json().id}/save`, {
      fields: toyota('Yaris Cross', 'yaris-cross').fields,
      expectedVersion: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await post('/admin/api/content/range', toyota('Nowy Yaris', 'yaris'))).statusCode).toBe(201);
    const taken = await post('/admin/api/content/range', toyota('Inny Yaris Cross', 'yaris-cross'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ id: first.json().id, title: 'Yaris Cross' });
    // A revert to version 1 wants "yaris" back: taken now, refused naming its holder.
    const revert = await post(`/admin/api/content/items/${first.json().id}/revert`, {
      toVersion: 1,
      expectedVersion: 2,
    });
    expect(revert.statusCode).toBe(409);
    expect(revert.json().title).toBe('Nowy Yaris');
  });
});
