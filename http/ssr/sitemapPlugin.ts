/**
 * The sitemaps' routes: an index at `/sitemap.xml` and, per locale, the indexable pages in that locale
 * (home, lists, brand and brand-model pages and lists, cars for sale in the locale's country, dealers,
 * hubs, blog, service pages) in files of at most 50,000 URLs: `/fr/sitemap.xml`, `/fr/sitemap-2.xml`, …
 * The pages without data come first, then the cars by id, so a file's content only moves when cars come
 * and go. Without a catalogue, the sitemaps list the pages that need no data and the blog (its
 * published content items: lists, categories and articles).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import {
  type SitemapEntry,
  sitemapIndexXml,
  sitemapPath,
  sitemapXml,
  staticSitemapEntries,
} from './sitemap.ts';
import type { SitemapCatalogue } from './sitemapCatalogue.ts';
import {
  blogSitemapEntries,
  carSitemapEntry,
  catalogueLastModified,
  catalogueSitemapEntries,
  landingSitemapEntries,
  type SitemapBlog,
  type SitemapBlogView,
} from './sitemapEntries.ts';

/** The sitemaps protocol's limit of URLs per file. */
export const MAX_SITEMAP_URLS = 50_000;

export interface SitemapPluginOptions {
  /** Public origin of the URLs (`https://www.example.com`); by default the request's. */
  readonly publicUrl?: string;
  /** Cars, brands and dealers; without it only the pages that need no data are listed. */
  readonly catalogue?: SitemapCatalogue;
  /** The blog's published categories and articles; without it the blog has only its first page. */
  readonly blog?: SitemapBlog;
  /**
   * The facet pages staff wrote in a locale (kind `facet`, published): the indexable ones are listed,
   * the others left out even when the catalogue lists their page (domain/content/README.md "SEO content").
   */
  readonly facetPages?: (locale: Locale) => Promise<readonly { path: string; indexable: boolean }[]>;
  /** URLs per file (default and maximum {@link MAX_SITEMAP_URLS}; smaller in tests). */
  readonly maxUrlsPerFile?: number;
}

const XML = 'application/xml; charset=utf-8';

export const sitemapPlugin: FastifyPluginAsyncZod<SitemapPluginOptions> = async (app, options) => {
  const max = Math.min(options.maxUrlsPerFile ?? MAX_SITEMAP_URLS, MAX_SITEMAP_URLS);
  const catalogue = options.catalogue;
  const originOf = (request: { protocol: string; host: string }) =>
    (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  /** Every entry of a locale but the cars, and how many cars follow them. */
  async function layout(locale: Locale): Promise<{ fixed: SitemapEntry[]; cars: number }> {
    const { country } = marketOf(locale);
    const [models, dealers, cars, landing] = catalogue
      ? await Promise.all([
          catalogue.models(country),
          catalogue.dealers(country),
          catalogue.carCount(country),
          catalogue.landingPages?.(locale) ?? [],
        ])
      : [[], [], 0, []];
    const blogs: Partial<Record<Locale, SitemapBlogView>> = {};
    if (options.blog) {
      const read = options.blog;
      await Promise.all(
        LOCALES.map(async (each) => {
          blogs[each] = await read(each);
        }),
      );
    }
    const newest = blogs[locale]?.articles[0]?.publishedOn;
    const listed = [
      ...staticSitemapEntries(locale, {
        ...catalogueLastModified(models),
        ...(newest ? { blog_list: newest } : {}),
      }),
      ...blogSitemapEntries(locale, blogs),
      ...catalogueSitemapEntries(locale, models, dealers),
      ...landingSitemapEntries(locale, landing ?? []),
    ];
    const facets = options.facetPages ? await options.facetPages(locale) : [];
    const hidden = new Set(facets.filter((f) => !f.indexable).map((f) => f.path));
    const known = new Set(listed.map((entry) => entry.path));
    const fixed = [
      ...listed.filter((entry) => !hidden.has(entry.path)),
      ...facets.filter((f) => f.indexable && !known.has(f.path)).map((f) => ({ path: f.path })),
    ];
    return { fixed, cars };
  }

  const partsOf = ({ fixed, cars }: { fixed: SitemapEntry[]; cars: number }) =>
    Math.max(1, Math.ceil((fixed.length + cars) / max));

  /** Part `part` of a locale's sitemap, or undefined beyond the last. */
  async function part(locale: Locale, part: number): Promise<SitemapEntry[] | undefined> {
    const plan = await layout(locale);
    if (part < 1 || part > partsOf(plan)) return undefined;
    const start = (part - 1) * max;
    const end = part * max;
    const entries = plan.fixed.slice(start, end);
    if (catalogue && end > plan.fixed.length) {
      const offset = Math.max(0, start - plan.fixed.length);
      const cars = await catalogue.cars(
        marketOf(locale).country,
        offset,
        end - Math.max(start, plan.fixed.length),
      );
      for (const car of cars) entries.push(...carSitemapEntry(locale, car));
    }
    return entries;
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const paths: string[] = [];
    for (const locale of LOCALES) {
      const parts = partsOf(await layout(locale));
      for (let n = 1; n <= parts; n++) paths.push(sitemapPath(locale, n));
    }
    return reply
      .type(XML)
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapIndexXml(originOf(request), paths));
  });

  type Origin = { protocol: string; host: string };
  const send = async (locale: Locale, n: number, request: Origin, reply: FastifyReply) => {
    const entries = await part(locale, n);
    if (!entries) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply
      .type(XML)
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(originOf(request), entries));
  };

  for (const locale of LOCALES) {
    app.get(sitemapPath(locale), (request, reply) => send(locale, 1, request, reply));
    app.get(
      `/${locale}/sitemap-:part(^\\d{1,6}).xml`,
      { schema: { params: z.object({ part: z.coerce.number().int() }) } },
      // Part 1 is only at /{locale}/sitemap.xml: one URL per file.
      (request, reply) => send(locale, request.params.part < 2 ? 0 : request.params.part, request, reply),
    );
  }
};
