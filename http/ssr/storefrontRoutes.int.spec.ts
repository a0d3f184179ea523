/**
 * Every storefront route of the route table renders 200 in each of the nine locales, in its language,
 * with real parameters from a seeded demo catalogue (a car, a brand, a model, a dealer, a hub of the
 * locale's country, a blog category, a second blog page). The routes are enumerated from `ROUTES`: a
 * new storefront route without a case here, or without a page, fails. Unknown paths, facets, brands,
 * models, cars, dealers, hubs and pages out of range are 404; a car or dealer opened in another market
 * moves to its own; hreflang follows the market policy.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../../domain/catalogue/demo/generateDemoCatalogue.ts';
import { BLOG_CATEGORY_SLUGS } from '../../domain/content/blogSeed.ts';
import { type CountryCode, LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import {
  generateUrl,
  ROUTES,
  type RouteBaseName,
  type RouteParams,
  routeName,
} from '../../domain/routes/index.ts';
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
import type { CarSummary, DealerSummary, SearchResult } from '../../ui/api/types.ts';
import { seedContent } from '../contentSeed.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { hostileInput } from '../plugins/hostileInput.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { catalogueApi } from '../routes/catalogueApi.ts';
import { contentApi } from '../routes/contentApi.ts';
import { createSitemapCatalogue } from './sitemapCatalogue.ts';
import { ssrPlugin } from './ssrPlugin.ts';

const ORIGIN = 'https://www.autonova.example';

/** What the cases take their parameters from: real data of each locale's country. */
interface Market {
  readonly used: CarSummary & { readonly reference: string };
  readonly fresh: CarSummary;
  readonly brand: string;
  readonly model: string;
  readonly dealer: DealerSummary;
}

/** The parameters of a real page of a route in `locale`. */
type Case = (locale: Locale, market: Market) => RouteParams;

/** One case per storefront route: the parameters of a real page in `locale`. */
const CASES: Readonly<Record<string, Case>> = {
  front_pages_index: () => ({}),
  car_detail: (_, m) => ({ id: m.used.carId, slug: m.used.slug }),
  car_detail_vn: (_, m) => ({ id: m.fresh.carId, slug: m.fresh.slug }),
  car_detail_v1: (_, m) => ({ id: m.used.carId, ref: m.used.reference, slug: m.used.slug }),
  brand_list: () => ({}),
  brand_item: (_, m) => ({ brandName: m.brand }),
  brand_model_detail: (_, m) => ({ brand: m.brand, slug: m.model }),
  blog_list: () => ({ page: 2 }),
  blog_list_category: (locale) => ({ categorySlug: BLOG_CATEGORY_SLUGS.electric[locale] }),
  blog_article: (locale) => ({ categorySlug: BLOG_CATEGORY_SLUGS.electric[locale], slug: 'ev-winter-range' }),
  image_index: (_, m) => ({ id: m.used.carId, slug: m.used.slug }),
  image_index_bo: (_, m) => ({ id: m.fresh.carId }),
  language_switch_page: () => ({ id: '1' }),
  landing_page: () => ({ slug: LANDING_SLUG }),
  contact_form: () => ({}),
  aftersales_index: () => ({}),
  page_promo_list: () => ({}),
  page_recovery_index: (_, m) => ({ brand: m.brand, model: m.model }),
  page_b2b_user_contact_detail: () => ({}),
  car_booking_faq: () => ({}),
  finance_page: () => ({}),
  warranty_page: () => ({}),
  electric_page: () => ({}),
  lead_thanks: () => ({}),
  my_account_dashboard: () => ({}),
  my_account_favorite: () => ({}),
  my_account_my_bills_add: () => ({}),
  dealers_locator_index: () => ({}),
  dealer_detail: (_, m) => ({ slug: m.dealer.slug, idApi: m.dealer.dealerId }),
  dealer_hub: (_, m) => ({ nameHub: m.dealer.hub }),
  page_buy_index: (_, m) => ({ facet1: m.brand }),
  page_buy_vn: () => ({}),
};

/** A landing page published in every locale (content items: the landing page and the seeded switch pages). */
const LANDING_SLUG = 'essai';

const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);

describe('every storefront route, in every locale', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let app: FastifyInstance;
  const markets = new Map<CountryCode, Market>();

  const get = (url: string) => app.inject({ method: 'GET', url });
  const json = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    return response.json() as T;
  };

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
    await seedCatalogue(store, generateDemoCatalogue({ seed: 7, cars: 360, dealersPerCountry: 2 }));
    const items = createContentItems({ store, newId: randomUUID });
    await seedContent(items);
    for (const locale of LOCALES) {
      const id = `ct_landingessai${locale.replace('-', '').toLowerCase()}`;
      const fields = { slug: LANDING_SLUG, title: 'Essai', intro: 'Intro.', body: 'Texte.' };
      const system = { kind: 'system', name: 'test' } as const;
      await items.run(
        id,
        {
          type: 'create',
          id,
          kind: 'landing_page',
          locale,
          fields: { ...fields, dealerId: '', brand: '', pdf: '', heroImage: '' },
        },
        system,
      );
      await items.run(id, { type: 'publish', version: 1, from: '2020-01-01T00:00:00.000Z' }, system);
    }
    await runner.caughtUp();
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(hostileInput);
    const catalogue = {
      search: createPostgresCatalogueSearch({ knex: db.knex, schema: db.schema }),
      queries: catalogueQueries({ knex: db.knex, store, schema: db.schema }),
    };
    await app.register(catalogueApi, catalogue);
    await app.register(contentApi, {
      items,
      queries: contentQueries({ knex: db.knex, schema: db.schema }),
      newId: randomUUID,
    });
    // Sessions and CSRF (in memory): the personal pages (the account area) are rendered with them.
    await app.register(security, {});
    // As http/app.ts wires it: the pages read the catalogue in-process.
    await app.register(ssrPlugin, {
      catalogue,
      publicUrl: ORIGIN,
      sitemap: createSitemapCatalogue({ knex: db.knex, schema: db.schema }),
    });
    await app.ready();
    for (const country of new Set(LOCALES.map((l) => marketOf(l).country))) {
      const first = async (condition: string) =>
        (
          await json<SearchResult>(
            `/api/catalogue/search?country=${country}&condition=${condition}&pageSize=1`,
          )
        ).cars[0]!;
      const used = await first('used');
      const { reference } = await json<{ reference: string }>(`/api/catalogue/cars/${used.carId}`);
      const brand = used.brand;
      const dealers = await json<DealerSummary[]>(`/api/catalogue/dealers?country=${country}`);
      markets.set(country, {
        used: { ...used, reference },
        fresh: await first('new'),
        brand,
        model: used.model,
        dealer: dealers[0]!,
      });
    }
  });

  afterAll(async () => {
    await app?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
  });

  it('has a case for every storefront route of the table', () => {
    const storefront = (Object.keys(ROUTES) as RouteBaseName[]).filter(
      (name) => ROUTES[name].kind === 'storefront',
    );
    expect(storefront.filter((name) => !(name in CASES))).toEqual([]);
    expect(Object.keys(CASES).sort()).toEqual([...storefront].sort());
  });

  it.each((Object.keys(ROUTES) as RouteBaseName[]).filter((name) => ROUTES[name].kind === 'storefront'))(
    '%s renders 200 in the nine locales, in the locale’s language (staff pages: the sign-in for a visitor)',
    async (route) => {
      const failures: string[] = [];
      for (const locale of LOCALES) {
        const market = markets.get(marketOf(locale).country)!;
        const params = CASES[route]!(locale, market);
        const url = generateUrl(routeName(route, locale), params);
        const response = await get(url);
        if (route === 'image_index_bo') {
          // Staff only: a visitor is sent to the staff sign-in (the pages for staff: http/routes/adminCarPhotos.int.spec.ts).
          const signIn = `${generateUrl(`admin_sign_in.${locale}`)}?next=${encodeURIComponent(url)}`;
          if (response.statusCode !== 302 || response.headers.location !== signIn)
            failures.push(`${url}: ${response.statusCode} ${response.headers.location ?? ''}`);
          continue;
        }
        const lang = /<html lang="([^"]+)"/.exec(response.body)?.[1];
        if (response.statusCode !== 200 || lang !== marketOf(locale).language) {
          failures.push(`${url}: ${response.statusCode} lang=${lang} ${response.headers.location ?? ''}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it.each([
    ['an unknown path', '/fr/nulle-part'],
    ['an unknown facet', '/de/kaufen/gibt-es-nicht'],
    ['five facets', '/fr/acheter/bmw/x3/diesel/automatique/noir'],
    ['an unknown brand', '/nl-BE/merken/onbekend-merk'],
    ['an unknown model', '/fr/marques/bmw/modele-inconnu'],
    ['an unknown car', '/fr/acheter/voiture-999999999/inconnue'],
    ['a car id too long to exist', '/fr/acheter/voiture-99999999999999999999/x'],
    ['an unknown car’s pictures', '/fr/images/999999999/inconnue'],
    ['the pictures of a car id too long to exist', '/fr/images/99999999999999999999/x'],
    ['a dealer id too long to exist', '/fr/nos-concessionnaires/nulle-part/garage-99999999999999999999'],
    ['an unknown dealer', '/fr/nos-concessionnaires/nulle-part/garage-999999999'],
    ['an unknown hub', '/fr/nos-concessionnaires/atlantide'],
    ['a list page out of range', '/fr/acheter?page=999'],
    ['a blog page out of range', '/fr/blog/9'],
    ['an unknown blog category', '/de/blog/kategorie/gibt-es-nicht'],
    ['another language’s blog category', '/de/blog/kategorie/entretien'],
    ['an unknown blog article', '/de/blog/wartung-pflege/gibt-es-nicht'],
    ['a blog article under another category', '/de/blog/kaufberatung/tyres-all-seasons'],
    ['an unknown language switch page', '/it/lingua/99'],
    [
      'an unknown dealer’s appointment page',
      generateUrl('dealer_appointment.fr', { slug: 'garage', idApi: '12' }),
    ],
  ])('given %s, then 404 in the path’s language', async (_, url) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(404);
    expect(response.body).toContain(`<html lang="${marketOf(url.split('/')[1] as Locale).language}">`);
  });

  it('given a hub of another country, then 404', async () => {
    const belgian = markets.get('BE')!.dealer.hub;
    expect((await get(generateUrl('dealer_hub.fr-BE', { nameHub: belgian }))).statusCode).toBe(200);
    expect((await get(generateUrl('dealer_hub.pl', { nameHub: belgian }))).statusCode).toBe(404);
  });

  it('given a car under another market’s locale, then a permanent redirect to its own market, same language first', async () => {
    const belgian = markets.get('BE')!.used;
    const params = { id: belgian.carId, slug: belgian.slug };
    const fromFrance = await get(generateUrl('car_detail.fr', params));
    expect(fromFrance.statusCode).toBe(301);
    expect(fromFrance.headers.location).toBe(generateUrl('car_detail.fr-BE', params));
    const fromPoland = await get(generateUrl('image_index.pl', params));
    expect(fromPoland.statusCode).toBe(301);
    expect(fromPoland.headers.location).toBe(generateUrl('image_index.fr-BE', params));
    const wrongSlug = await get(generateUrl('image_index.nl-BE', { id: belgian.carId, slug: 'wrong' }));
    expect(wrongSlug.headers.location).toBe(generateUrl('image_index.nl-BE', params));
    const dealer = markets.get('AT')!.dealer;
    const fromGermany = await get(
      generateUrl('dealer_detail.de', { slug: dealer.slug, idApi: dealer.dealerId }),
    );
    expect(fromGermany.statusCode).toBe(301);
    expect(fromGermany.headers.location).toBe(
      generateUrl('dealer_detail.at', { slug: dealer.slug, idApi: dealer.dealerId }),
    );
  });

  it('given a Belgian car, then hreflang in fr-BE and nl-BE only; a content page has all nine and x-default', async () => {
    const belgian = markets.get('BE')!.used;
    const params = { id: belgian.carId, slug: belgian.slug };
    const car = await get(generateUrl('car_detail.nl-BE', params));
    expect(hreflangs(car.body)).toEqual([
      ['fr-BE', `${ORIGIN}${generateUrl('car_detail.fr-BE', params)}`],
      ['nl-BE', `${ORIGIN}${generateUrl('car_detail.nl-BE', params)}`],
    ]);
    const hub = await get(generateUrl('dealer_hub.fr-BE', { nameHub: markets.get('BE')!.dealer.hub }));
    expect(hreflangs(hub.body).map(([lang]) => lang)).toEqual(['fr-BE', 'nl-BE']);
    const blog = await get('/pt/blog/categoria/manutencao');
    expect(hreflangs(blog.body)).toHaveLength(10);
    expect(hreflangs(blog.body)).toContainEqual(['de-AT', `${ORIGIN}/at/blog/kategorie/wartung-pflege`]);
    expect(hreflangs(blog.body)).toContainEqual(['x-default', `${ORIGIN}/fr/blog/categorie/entretien`]);
  });

  it('given the account pages of a visitor, then 200, kept out of search results, never cached, with the sign-in form', async () => {
    for (const url of ['/fr/mon-compte', '/de/mein-konto/favoriten', '/pl/moje-konto/faktury/dodaj']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await get('/pl/moje-konto/faktury/dodaj')).body).toContain('name="_csrf"');
    // Favorites are personal: rendered with the browser's own list; this app has no favorites call, so
    // the list is left to the browser.
    expect((await get('/de/mein-konto/favoriten')).body).toContain('Ihre Favoriten werden geladen');
    const contact = await get('/es/contacto');
    const form = /<form [^>]*>/.exec(contact.body)![0];
    // The contact form is a lead (domain/leads), personal: the session's token in its CSRF field.
    expect(form).toContain('action="/es/contacto/send"');
    expect(form).toContain('method="post"');
    expect(contact.headers['cache-control']).toBe('no-store');
    const token = /<input type="hidden" name="_csrf" value="([^"]*)"/.exec(contact.body)?.[1];
    expect(token).toMatch(/^[\w-]{10,}$/);
    expect(token).not.toContain('lead_form_csrf');
    // A page for everyone with a lead form: the visitor's own token in place of the placeholder.
    const faq = await get('/fr/reservez-votre-voiture-en-ligne-gratuitement');
    expect(faq.body).toContain('action="/fr/lead/faq"');
    expect(faq.body).not.toContain('__lead_form_csrf_token__');
    expect(faq.body).toMatch(/name="formKey" value="[0-9a-f-]{36}"/);
    expect(faq.headers['cache-control']).toBe('no-store');
    const email = /<input [^>]*id="contact-form-email"[^>]*>/.exec(contact.body)![0];
    expect(email).toContain('type="email"');
    expect(email).toContain('required=""');
    expect(contact.body).toMatch(/<button type="submit" class="btn btn--primary">/);
  });

  it('given the blog, then each article is on its list page with its summary, linking to its page in full', async () => {
    const page = await get('/it/blog/categoria/consigli-acquisto');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/it/blog/consigli-acquisto/used-car-checklist"');
    expect(page.body).toContain('Comprare un’auto usata: cosa controllare');
    const article = await get('/it/blog/consigli-acquisto/used-car-checklist');
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('Parti dai documenti.');
  });

  describe('given a browser’s navigation that ends in an error', () => {
    const navigate = (url: string, language = 'fr-FR,fr;q=0.9') =>
      app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': language },
      });
    const title = (html: string) => /<h1 id="status-title">([^<]*)<\/h1>/.exec(html)?.[1];

    it('when a locale prefix is in the wrong case, then a permanent redirect to the right one', async () => {
      for (const [from, to] of [
        ['/FR', '/fr'],
        ['/fr-be/acheter?page=2', '/fr-BE/acheter?page=2'],
        ['/NL-be/kopen', '/nl-BE/kopen'],
      ]) {
        const answer = await navigate(from!);
        expect(answer.statusCode, from).toBe(301);
        expect(answer.headers.location).toBe(to);
      }
    });

    it('when the prefix is unknown, then the 404 page in the language the browser asks for, else French', async () => {
      const polish = await navigate('/en', 'pl-PL,pl;q=0.9,en;q=0.8');
      expect(polish.statusCode).toBe(404);
      expect(polish.headers['content-type']).toMatch(/^text\/html/);
      expect(title(polish.body)).toBe('Nie znaleziono strony');
      const other = await navigate('/xx/acheter', 'en-GB,en;q=0.9');
      expect(other.statusCode).toBe(404);
      expect(title(other.body)).toBe('Page introuvable');
      const austrian = await navigate('/en', 'de-AT');
      expect(austrian.body).toContain('<html lang="de-AT">');
    });

    it('when an address holds bytes no field may hold, then the 404 page with status 400', async () => {
      const answer = await navigate('/fr/acheter/%00');
      expect(answer.statusCode).toBe(400);
      expect(title(answer.body)).toBe('Page introuvable');
    });

    it('when an API client asks, then JSON as before', async () => {
      const answer = await app.inject({ method: 'GET', url: '/en', headers: { accept: 'application/json' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: 'not_found' });
    });
  });
});
