/**
 * The server-rendered storefront from Fastify, with the SSR plugin alone (no catalogue data yet: only
 * pages whose frame needs none): localised titles, canonical and hreflang links in several locales, the
 * language switcher's URLs, real 404s in the path's language, the browser bundle (precompressed, cached
 * for a year), the sitemaps; and with the app's compression and a page cache, pages compressed as the
 * request accepts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl } from '../../domain/routes/index.ts';
import { compression } from '../plugins/compression.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { createPageCache } from './pageCache.ts';
import { ssrPlugin } from './ssrPlugin.ts';

const ORIGIN = 'https://www.autonova.example';

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"([^>]*)/>`, 'g'))].map((m) => m[1]!);
const hreflangs = (html: string) =>
  Object.fromEntries(
    links(html, 'alternate').map((attrs) => [
      /hrefLang="([^"]+)"/.exec(attrs)![1],
      /href="([^"]+)"/.exec(attrs)![1],
    ]),
  );
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** GET `url` with that `Accept-Encoding` (none when absent). */
const getEncoded = (app: FastifyInstance, url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the server-rendered storefront', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(ssrPlugin, { publicUrl: ORIGIN });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['/fr/marques', 'fr-FR', 'Toutes les marques | AutoNova'],
    ['/de/marken', 'de-DE', 'Alle Marken | AutoNova'],
    ['/at/marken', 'de-AT', 'Alle Marken | AutoNova'],
    ['/pl/marki', 'pl-PL', 'Wszystkie marki | AutoNova'],
    ['/nl-BE/merken', 'nl-BE', 'Alle merken | AutoNova'],
    ['/pt/reserve-o-seu-carro-online-gratis', 'pt-PT', 'Reserve o seu carro online grátis | AutoNova'],
  ])('given %s, then the page is rendered in its language with its title', async (url, lang, expected) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body.startsWith('<!DOCTYPE html><html lang="')).toBe(true);
    expect(response.body).toContain(`<html lang="${lang}">`);
    expect(title(response.body)).toBe(expected);
    expect(response.body).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
  });

  it('given a page, then its canonical URL and the nine hreflang alternates plus x-default are absolute', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/es/marcas' });
    expect(links(body, 'canonical')).toEqual([` href="${ORIGIN}/es/marcas"`]);
    expect(hreflangs(body)).toEqual({
      'de-AT': `${ORIGIN}/at/marken`,
      'de-DE': `${ORIGIN}/de/marken`,
      'es-ES': `${ORIGIN}/es/marcas`,
      'fr-FR': `${ORIGIN}/fr/marques`,
      'fr-BE': `${ORIGIN}/fr-BE/marques`,
      'it-IT': `${ORIGIN}/it/marche`,
      'nl-BE': `${ORIGIN}/nl-BE/merken`,
      'pl-PL': `${ORIGIN}/pl/marki`,
      'pt-PT': `${ORIGIN}/pt/marcas`,
      'x-default': `${ORIGIN}/fr/marques`,
    });
  });

  it('given a page, then the language switcher leads to the same page in every locale', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/it/prenota-la-tua-auto-online-gratis' });
    const menu = /<ul class="lang-switcher__menu">(.*?)<\/ul>/s.exec(body)![1]!;
    const hrefs = [...menu.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      '/at/auto-online-kostenlos-reservieren',
      '/de/auto-online-kostenlos-reservieren',
      '/es/reserva-tu-coche-online-gratis',
      '/fr/reservez-votre-voiture-en-ligne-gratuitement',
      '/fr-BE/reservez-votre-voiture-en-ligne-gratuitement',
      '/it/prenota-la-tua-auto-online-gratis',
      '/nl-BE/reserveer-je-auto-gratis-online',
      '/pl/zarezerwuj-samochod-online-za-darmo',
      '/pt/reserve-o-seu-carro-online-gratis',
    ]);
    expect(menu).toContain(
      'href="/it/prenota-la-tua-auto-online-gratis" hrefLang="it-IT" lang="it-IT" aria-current="true"',
    );
  });

  it.each([
    ['/fr/nulle-part', 'fr-FR', 'Page introuvable'],
    ['/de/kaufen/gibt-es-nicht', 'de-DE', 'Seite nicht gefunden'],
    ['/nl-BE/merken/onbekend-merk', 'nl-BE', 'Pagina niet gevonden'],
    ['/pl/kup/samochod-12', 'pl-PL', 'Nie znaleziono strony'],
  ])(
    'given the unknown path %s, then 404 with the page in its language, kept out of the index',
    async (url, lang, heading) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain(`<html lang="${lang}">`);
      expect(title(response.body)).toBe(heading);
      expect(response.body).toContain(`<h1 id="status-title">${heading}</h1>`);
      expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    },
  );

  it('given a page whose optional section cannot be read (the brands, without a catalogue), then 200 with its notice, and the failed query travels with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/fr/marques' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<div class="notice notice--warning" role="status">Ces informations sont momentanément indisponibles.</div>',
    );
    // The browser hydrates the cache with the query's error, so its first render shows the same notice.
    expect(response.body).toMatch(
      /status:"error",fetchStatus:"idle"\},queryKey:\$R\[\d+\]=\["catalogue","brands","FR","all"\]/,
    );
  });

  it('given a path of the table that is a call, not a page (widget hourly, its handler absent), then 404', async () => {
    const url = generateUrl('ajax_widget_hourly.fr', { idApi: '12' });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('given a JSON client on a page path with no JSON answer, then a JSON 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/fr', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('given a trailing slash, then a permanent redirect to the URL without it, query kept', async () => {
    const response = await app.inject({ method: 'GET', url: '/de/marken/?utm_source=x' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/de/marken?utm_source=x');
  });

  it('given /, then a redirect to the default locale', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/fr');
  });

  it('given a page, then it loads the browser bundle, which is served with long caching', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/fr/marques' });
    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(body)?.[1];
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(body)?.[1];
    expect(script).toBeDefined();
    expect(stylesheet).toBeDefined();
    const js = await app.inject({ method: 'GET', url: script! });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: stylesheet! })).statusCode).toBe(200);
    // The router's state for hydration is embedded in the page.
    expect(body).toContain('$_TSR');
  });

  it('given an asset, then the copy compressed at build time that the request accepts, with its encoding, Vary and a year of caching', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/fr/marques' });
    // The shared chunk every page loads (React, the routers, the frame): the entry itself is a few bytes.
    const script = /"(\/assets\/app-[^"]+\.js)"/.exec(body)![1]!;
    // The bundle the plugin serves by default (built by the tests' global set-up).
    const original = await readFile(join(import.meta.dirname, '../../dist/client', script));
    const get = (acceptEncoding?: string) => getEncoded(app, script, acceptEncoding);

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('given the sitemaps, then an index of the nine locales and per-locale pages with alternates', async () => {
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect([...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toHaveLength(9);
    expect(index.body).toContain(`<loc>${ORIGIN}/nl-BE/sitemap.xml</loc>`);

    const de = await app.inject({ method: 'GET', url: '/de/sitemap.xml' });
    expect(de.statusCode).toBe(200);
    const locs = [...de.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/de`,
        `${ORIGIN}/de/kaufen`,
        `${ORIGIN}/de/marken`,
        `${ORIGIN}/de/standorte`,
      ]),
    );
    expect(locs).not.toContain(`${ORIGIN}/de/mein-konto`);
    expect(de.body).toContain(
      `<xhtml:link rel="alternate" hreflang="fr-BE" href="${ORIGIN}/fr-BE/marques"/>`,
    );
  });
});

describe('the storefront’s pages compressed', () => {
  const decode = (response: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
    const encoding = response.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
    return response.rawPayload.toString();
  };
  const start = async (pageCache: boolean) => {
    const app = Fastify({ logger: false });
    await app.register(compression);
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(ssrPlugin, {
      publicUrl: ORIGIN,
      ...(pageCache ? { pageCache: createPageCache({ ttlMs: 60_000 }) } : {}),
    });
    await app.ready();
    return app;
  };
  let cached: FastifyInstance;
  let uncached: FastifyInstance;
  beforeAll(async () => {
    [cached, uncached] = await Promise.all([start(true), start(false)]);
  });
  afterAll(() => Promise.all([cached?.close(), uncached?.close()]));

  it('given pages kept in the page cache, then each is sent in the encoding the request prefers, compressed once', async () => {
    const get = (acceptEncoding?: string) => getEncoded(cached, '/de/marken', acceptEncoding);
    const first = await get('gzip, deflate, br');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers.vary).toBe('accept-encoding');
    const html = decode(first);
    expect(title(html)).toBe('Alle Marken | AutoNova');
    expect(first.rawPayload.length).toBeLessThan(html.length / 3);

    const again = await get('br');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(html);

    for (const plain of [await get(), await get('identity'), await get('br;q=0, gzip;q=0')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.body).toBe(html);
    }
    // A 404 page is kept and compressed the same way.
    const missing = await getEncoded(cached, '/de/gibt-es-nicht', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(decode(missing)).toContain('<html lang="de-DE">');
  });

  it('given pages rendered for each request, then the compression hook compresses them', async () => {
    const response = await getEncoded(uncached, '/fr/marques', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(title(decode(response))).toBe('Toutes les marques | AutoNova');
    // Redirects are not touched.
    const redirect = await getEncoded(uncached, '/', 'br');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['content-encoding']).toBeUndefined();
  });
});
