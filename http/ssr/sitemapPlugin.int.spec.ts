/**
 * The sitemaps on a seeded demo catalogue: an index of every file, one sitemap per locale with the
 * indexable pages of that locale (static pages, blog, brands and models, their lists, dealers, hubs and
 * every car for sale in the locale's country, with lastmod), hreflang by market, every listed URL a 200,
 * and the split into files of a bounded size.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../../domain/catalogue/demo/generateDemoCatalogue.ts';
import { LOCALES } from '../../domain/markets.ts';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import { createContentItems } from '../../engine/content/contentItems.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../../projections/catalogue/catalogueProjection.ts';
import { catalogueQueries } from '../../projections/catalogue/catalogueQueries.ts';
import { contentItemsProjection } from '../../projections/content/contentItemsProjection.ts';
import { contentQueries } from '../../projections/content/contentQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { createPostgresCatalogueSearch } from '../../projections/search/postgres/createPostgresCatalogueSearch.ts';
import { seedContent } from '../contentSeed.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { catalogueApi } from '../routes/catalogueApi.ts';
import { contentApi } from '../routes/contentApi.ts';
import { createSitemapCatalogue, type SitemapCatalogue } from './sitemapCatalogue.ts';
import { type SitemapBlog, sitemapBlogOf } from './sitemapEntries.ts';
import { sitemapPlugin } from './sitemapPlugin.ts';
import { ssrPlugin } from './ssrPlugin.ts';

const ORIGIN = 'https://www.autonova.example';

interface Url {
  loc: string;
  lastmod?: string;
  alternates: Record<string, string>;
}

function urls(xml: string): Url[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((m) => {
    const body = m[1]!;
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1];
    return {
      loc: /<loc>([^<]+)<\/loc>/.exec(body)![1]!,
      ...(lastmod ? { lastmod } : {}),
      alternates: Object.fromEntries(
        [...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1]!, a[2]!]),
      ),
    };
  });
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const path = (url: string) => url.slice(ORIGIN.length).replaceAll('&amp;', '&');

describe('the sitemaps', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let app: FastifyInstance;
  let catalogue: SitemapCatalogue;
  let blog: SitemapBlog;
  const get = (url: string) => app.inject({ method: 'GET', url });

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [catalogueProjection, contentItemsProjection],
    });
    await runner.start();
    await seedCatalogue(store, generateDemoCatalogue({ seed: 11, cars: 300, dealersPerCountry: 2 }));
    // The blog: its shipped categories and articles, published (http/contentSeed.ts).
    const items = createContentItems({ store, newId: randomUUID });
    await seedContent(items);
    await runner.caughtUp();
    const content = contentQueries({ knex: db.knex, schema: db.schema });
    blog = sitemapBlogOf(content);
    catalogue = createSitemapCatalogue({ knex: db.knex, schema: db.schema });
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(catalogueApi, {
      search: createPostgresCatalogueSearch({ knex: db.knex, schema: db.schema }),
      queries: catalogueQueries({ knex: db.knex, store, schema: db.schema }),
    });
    // Sessions and CSRF (in memory): some pages of the sitemap carry a form (the recovery page's valuation).
    await app.register(security, {});
    await app.register(contentApi, { items, queries: content, newId: randomUUID });
    await app.register(ssrPlugin, { publicUrl: ORIGIN, sitemap: catalogue, sitemapBlog: blog });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
  });

  it('given the index, then one file per locale when each holds under 50,000 URLs', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(locs(index.body)).toEqual(LOCALES.map((locale) => `${ORIGIN}/${locale}/sitemap.xml`));
  });

  it('given a locale’s sitemap, then its pages, brands, dealers, hubs, blog and every car of its country', async () => {
    const response = await get('/fr-BE/sitemap.xml');
    expect(response.statusCode).toBe(200);
    const entries = urls(response.body);
    const paths = entries.map((e) => path(e.loc));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/fr-BE',
        '/fr-BE/acheter',
        '/fr-BE/acheter-neuf',
        '/fr-BE/marques',
        '/fr-BE/blog',
        '/fr-BE/blog/2',
        '/fr-BE/blog/categorie/electrique-hybride',
        '/fr-BE/blog/electrique-hybride/ev-home-charging',
        '/fr-BE/apres-vente',
        '/fr-BE/promotions',
        '/fr-BE/nos-concessionnaires',
      ]),
    );
    expect(paths).not.toContain('/fr-BE/mon-compte');
    expect(paths).not.toContain('/fr-BE/contact');
    // Every car for sale in Belgium, on its used or new route, with its last change; none of another country.
    const cars = entries.filter((e) => /\/fr-BE\/acheter(-neuf)?\/voiture-\d+\//.test(e.loc));
    expect(cars).toHaveLength(await catalogue.carCount('BE'));
    for (const car of cars) {
      expect(car.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(Object.keys(car.alternates)).toEqual(['fr-BE', 'nl-BE']);
      expect(car.alternates['nl-BE']).toMatch(/\/nl-BE\/kopen(-nieuw)?\/auto-\d+\//);
    }
    const models = await catalogue.models('BE');
    const brand = models[0]!.brand;
    expect(paths).toContain(`/fr-BE/marques/${brand}`);
    expect(paths).toContain(`/fr-BE/marques/${brand}/${models[0]!.model}`);
    const brandPage = entries.find((e) => path(e.loc) === `/fr-BE/marques/${brand}`)!;
    expect(Object.keys(brandPage.alternates)).toHaveLength(9);
    expect(brandPage.lastmod).toBeDefined();
    const dealers = await catalogue.dealers('BE');
    for (const dealer of dealers) {
      const entry = entries.find((e) => e.loc.endsWith(`-${dealer.dealerId}`))!;
      expect(Object.keys(entry.alternates)).toEqual(['fr-BE', 'nl-BE']);
      expect(paths).toContain(`/fr-BE/nos-concessionnaires/${dealer.hub}`);
    }
    expect(entries.find((e) => path(e.loc) === '/fr-BE/blog')?.lastmod).toBe('2026-08-27');
    const article = entries.find((e) => path(e.loc) === '/fr-BE/blog/electrique-hybride/ev-home-charging');
    expect(article).toMatchObject({ lastmod: '2026-08-05', alternates: { 'fr-BE': article?.loc } });
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('given every URL of a sitemap, then each page answers 200', async () => {
    const failures: string[] = [];
    for (const url of locs((await get('/pl/sitemap.xml')).body)) {
      const response = await get(path(url));
      if (response.statusCode !== 200) failures.push(`${path(url)}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('given more URLs than a file holds, then the locale’s sitemap is split and the index lists every part', async () => {
    const small = Fastify({ logger: false });
    await small.register(zodTypeProvider);
    await small.register(sitemapPlugin, { publicUrl: ORIGIN, catalogue, blog, maxUrlsPerFile: 40 });
    await small.ready();
    try {
      const whole = locs((await get('/fr/sitemap.xml')).body);
      const parts = Math.ceil(whole.length / 40);
      expect(parts).toBeGreaterThan(2);
      const index = locs((await small.inject({ method: 'GET', url: '/sitemap.xml' })).body);
      const fr = index.filter((loc) => loc.startsWith(`${ORIGIN}/fr/`));
      expect(fr).toEqual([
        `${ORIGIN}/fr/sitemap.xml`,
        ...Array.from({ length: parts - 1 }, (_, i) => `${ORIGIN}/fr/sitemap-${i + 2}.xml`),
      ]);
      const joined: string[] = [];
      for (const loc of fr) {
        const part = await small.inject({ method: 'GET', url: path(loc) });
        expect(part.statusCode, loc).toBe(200);
        const inPart = locs(part.body);
        expect(inPart.length).toBeLessThanOrEqual(40);
        joined.push(...inPart);
      }
      expect(joined).toEqual(whole);
      expect((await small.inject({ method: 'GET', url: `/fr/sitemap-${parts + 1}.xml` })).statusCode).toBe(
        404,
      );
      expect((await small.inject({ method: 'GET', url: '/fr/sitemap-1.xml' })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});
