/**
 * The browser bundle is split: the entry, then one chunk per page and per locale's dictionary, loaded on
 * demand. A page names the chunks it renders with (`<link rel="modulepreload">`), so the browser fetches
 * them with the entry and can hydrate without waiting for a second round trip.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/markets.ts';
import { dictionarySource } from '../../ui/i18n/dictionaries.ts';
import { PAGES } from '../../ui/pages/pages.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { type ClientAssets, readClientAssets } from './clientBundle.ts';
import { routerManifest } from './renderPage.ts';
import { ssrPlugin } from './ssrPlugin.ts';

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
const entryScript = (html: string) => /<script type="module" src="([^"]+)"/.exec(html)?.[1];

describe('the split browser bundle', () => {
  let assets: ClientAssets;
  let app: FastifyInstance;
  beforeAll(async () => {
    // Built by the tier's global set-up; this only reads the manifest.
    assets = await readClientAssets();
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(ssrPlugin, { publicUrl: 'https://www.example.com' });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('gives every page and every locale’s dictionary a chunk of its own, outside the entry', () => {
    const sources = [
      ...new Set(Object.values(PAGES).map((page) => page.source)),
      ...LOCALES.map(dictionarySource),
    ];
    for (const source of sources) {
      const module = assets.modules[source];
      expect(module, source).toBeDefined();
      expect(module!.preloads.length, source).toBeGreaterThan(0);
      for (const file of module!.preloads) {
        expect(file).not.toBe(assets.script);
        expect(assets.preloads).not.toContain(file);
      }
    }
  });

  it('keeps Leaflet out of a car page: only the dealers’ map loads it, when it shows', () => {
    const car = routerManifest(assets, ['ui/pages/carDetailPage.tsx', dictionarySource('fr')]);
    const files = [...(car.routes.__root__?.preloads ?? []), assets.script].map((link) =>
      typeof link === 'string' ? link : link.href,
    );
    expect(files.some((file) => /leaflet/i.test(file))).toBe(false);
    expect(files.length).toBeGreaterThan(3);
  });

  it('given a page, then it preloads its page chunk and its locale’s dictionary, not other pages’ or locales’', async () => {
    const response = await app.inject({ method: 'GET', url: '/de/marken' });
    expect(response.statusCode).toBe(200);
    const preloads = modulePreloads(response.body);
    expect(entryScript(response.body)).toBe(assets.script);
    expect(preloads).toEqual(expect.arrayContaining([...assets.preloads]));
    expect(preloads).toEqual(
      expect.arrayContaining([...assets.modules['ui/pages/brandListPage.tsx']!.preloads]),
    );
    expect(preloads).toEqual(expect.arrayContaining([...assets.modules[dictionarySource('de')]!.preloads]));
    const own = (source: string) => assets.modules[source]!.preloads[0]!;
    expect(preloads).not.toContain(own('ui/pages/carDetailPage.tsx'));
    expect(preloads).not.toContain(own(dictionarySource('fr')));
  });

  it('given an Austrian page, then the German words its dictionary builds on are preloaded too', async () => {
    const response = await app.inject({ method: 'GET', url: '/at/marken' });
    const preloads = modulePreloads(response.body);
    const austrian = assets.modules[dictionarySource('at')]!.preloads;
    expect(preloads).toEqual(expect.arrayContaining([...austrian]));
    const german = assets.modules[dictionarySource('de')]!.preloads;
    expect(austrian.some((file) => german.includes(file))).toBe(true);
  });

  it('given an unknown path, then the 404 page preloads its locale’s dictionary and no page', async () => {
    const response = await app.inject({ method: 'GET', url: '/pl/nie-ma-takiej-strony' });
    expect(response.statusCode).toBe(404);
    const preloads = modulePreloads(response.body);
    expect(preloads).toContain(assets.modules[dictionarySource('pl')]!.preloads[0]);
    for (const page of Object.values(PAGES))
      expect(preloads).not.toContain(assets.modules[page.source]!.preloads[0]);
  });
});
