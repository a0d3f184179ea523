/**
 * The SEO kinds' calls (domain/content/README.md "SEO content"), reading the catalogue's search:
 *
 * - `GET /admin/api/content/range/landing-check?locale=&brand=&slug=` (content role) — SPEC "range
 *   landing check": whether the brand and model are known, their page (`brand_model_detail`), how many
 *   cars it shows (used, new) and the range item written for it, if any;
 * - `GET /admin/api/content/facet/check?locale=&path=` (content role) — SPEC "facet check": whether the
 *   path is a list page of the locale with facets in the site's order (its canonical path otherwise), how
 *   many cars match, and the facet item written for it, if any;
 * - `GET|POST /{locale}/seo-footer/second-link-facets` `facet=<a list page's path>` — SPEC "POST seo-footer
 *   second-link-facets": `{ facet, links: [{ label, href, count }] }`, the next level of links below that
 *   page (no brand: the brands; a brand: its models) that have cars, most cars first (12 at most); a GET
 *   asking for HTML (a link followed without JavaScript) is a 303 to the facet page itself.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FacetFilters } from '../../domain/catalogue/facetSlugs.ts';
import { brandName, brandNamed, modelName, modelNamed } from '../../domain/catalogue/reference/brandNames.ts';
import type { SearchResult } from '../../domain/catalogue/search.ts';
import type { Condition } from '../../domain/catalogue/vocabulary.ts';
import { readFacetPath } from '../../domain/content/items/seoKinds.ts';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl, ROUTES } from '../../domain/routes/index.ts';
import type { ContentItems } from '../../engine/content/contentItems.ts';
import type { CatalogueSearch } from '../../engine/search/catalogueSearch.ts';
import { listUrl } from '../../ui/router/listUrl.ts';
import { requireStaff } from '../plugins/staffGuard.ts';

export interface SeoContentApiOptions {
  readonly items: ContentItems;
  /** The catalogue's search (absent: no car counts, no second-level links). */
  readonly search?: CatalogueSearch;
}

const SECOND_LEVEL_MAX = 12;
const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug')
  .max(80);

export const seoContentApi: FastifyPluginAsyncZod<SeoContentApiOptions> = async (app, options) => {
  const content = requireStaff('admin', 'content');

  async function searchOf(locale: Locale, condition: Condition | undefined, filters: FacetFilters) {
    if (!options.search) return null;
    return options.search.search({
      country: marketOf(locale).country,
      ...(condition ? { condition } : {}),
      ...(filters.brand ? { brand: filters.brand } : {}),
      ...(filters.brand && filters.model ? { model: filters.model } : {}),
      ...(filters.fuel ? { fuel: [filters.fuel] } : {}),
      ...(filters.body ? { body: [filters.body] } : {}),
      ...(filters.gearbox ? { gearbox: [filters.gearbox] } : {}),
      ...(filters.colour ? { colour: [filters.colour] } : {}),
      sort: 'newest',
      page: 1,
      pageSize: 1,
    });
  }
  const countOf = (result: SearchResult | null, condition: Condition) =>
    result ? (result.facets.condition.find((v) => v.value === condition)?.count ?? 0) : null;

  app.get(
    '/admin/api/content/range/landing-check',
    {
      preValidation: content,
      schema: { querystring: z.object({ locale: z.enum(LOCALES), brand: slug, slug }) },
    },
    async (request) => {
      const { locale, brand, slug: model } = request.query;
      const brandKnown = brandNamed(brand) !== undefined;
      const modelKnown = brandKnown && modelNamed(brand, model) !== undefined;
      const result = modelKnown ? await searchOf(locale, undefined, { brand, model }) : null;
      const holder = await options.items.keyHolder('range', locale, `${brand}/${model}`);
      return {
        brand: { known: brandKnown, name: brandKnown ? brandName(brand) : null },
        model: { known: modelKnown, name: modelKnown ? modelName(brand, model) : null },
        page: modelKnown ? generateUrl(`brand_model_detail.${locale}`, { brand, slug: model }) : null,
        cars: modelKnown ? { used: countOf(result, 'used'), new: countOf(result, 'new') } : null,
        item: holder,
      };
    },
  );

  app.get(
    '/admin/api/content/facet/check',
    {
      preValidation: content,
      schema: { querystring: z.object({ locale: z.enum(LOCALES), path: z.string().trim().min(1).max(200) }) },
    },
    async (request) => {
      const { locale, path } = request.query;
      const read = readFacetPath(path, locale);
      if ('problem' in read) {
        // A path in another order: say the canonical one.
        return { valid: false, problem: read.problem, path: null, cars: null, item: null };
      }
      const result = await searchOf(locale, read.condition, read.filters);
      const holder = await options.items.keyHolder('facet', locale, read.path);
      return {
        valid: true,
        problem: null,
        path: read.path,
        cars: result ? result.total : null,
        item: holder,
      };
    },
  );

  /** The second level below a facet page: its next facet's values with cars. */
  async function secondLevel(locale: Locale, facet: string) {
    const read = readFacetPath(facet, locale);
    if ('problem' in read) return null;
    const { condition, filters } = read;
    const result = await searchOf(locale, condition, filters);
    if (!result || filters.model) return { read, links: [] };
    const values = [...(filters.brand ? result.facets.model : result.facets.brand)]
      .filter(
        (v) => v.count > 0 && (filters.brand ? modelNamed(filters.brand, v.value) : brandNamed(v.value)),
      )
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, SECOND_LEVEL_MAX);
    const links = values.map((v) => {
      const next: FacetFilters = filters.brand
        ? { ...filters, model: v.value }
        : { ...filters, brand: v.value };
      return {
        label: filters.brand
          ? `${brandName(filters.brand)} ${modelName(filters.brand, v.value)}`
          : brandName(v.value),
        href: listUrl(locale, condition, next),
        count: v.count,
      };
    });
    return { read, links };
  }

  const facetInput = z.object({ facet: z.string().trim().min(1, 'is required').max(200) });
  for (const locale of LOCALES) {
    const path = ROUTES.seo_footer_second_link_facets.paths[locale];
    app.route({
      method: ['GET', 'POST'],
      url: path,
      config: { csrf: false },
      handler: async (request, reply) => {
        const input = facetInput.safeParse(request.method === 'GET' ? request.query : request.body);
        if (!input.success)
          return reply.status(400).send({
            error: 'validation',
            message: 'the request is not valid',
            fields: { facet: input.error.issues.map((i) => i.message) },
          });
        const level = await secondLevel(locale, input.data.facet);
        if (!level)
          return reply.status(404).send({ error: 'not_found', message: 'not a list page of this site' });
        const wantsJson = request.method === 'POST' || /application\/json/.test(request.headers.accept ?? '');
        if (!wantsJson) return reply.redirect(level.read.path, 303);
        reply.header('cache-control', 'public, max-age=300');
        return { facet: level.read.path, links: level.links };
      },
    });
  }
};
