/**
 * SPEC §7's storefront lookups (read-only), one route per locale from the route table
 * (`domain/routes/storefrontCallRoutes.ts`): each answers for its locale's market. POST lookups
 * (`getDealer`, `forms/ajax/*`) change nothing, so they need no CSRF token. Favorites are in
 * favoritesCalls.ts.
 *
 * Decisions (the SPEC shows no payloads): bodies and answers are JSON; a brand is its slug (`bmw`), a
 * dealer its `idApi`; unknown brands and dealers are 404, malformed input 400.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SLUG } from '../../domain/catalogue/car.ts';
import { brandBySlug, brandName, modelName } from '../../domain/catalogue/reference/brands.ts';
import { CONDITIONS } from '../../domain/catalogue/vocabulary.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl, ROUTES } from '../../domain/routes/index.ts';
import type { CatalogueQueries, DealerView } from '../../projections/catalogue/catalogueQueries.ts';
import type { StorefrontQueries } from '../../projections/catalogue/storefrontQueries.ts';

export interface StorefrontCallsOptions {
  readonly queries: CatalogueQueries;
  readonly storefront: StorefrontQueries;
}

/** POST lookups change nothing: no CSRF token (http/plugins/csrf.ts). */
const LOOKUP = { csrf: false };

const brandSlug = z.string().regex(SLUG, 'a brand slug such as "bmw"').max(40);
const idApi = z.string().regex(/^\d{1,12}$/, 'digits');

/** Fastify's path for a route-table path (the table's params are already `:name`). */
export const fastifyPath = (route: keyof typeof ROUTES, locale: Locale) => ROUTES[route].paths[locale];

const dealerOut = (dealer: DealerView, locale: Locale) => ({
  ...dealer,
  url: generateUrl(`dealer_detail.${locale}`, { slug: dealer.slug, idApi: dealer.dealerId }),
});

function knownBrand(brand: string) {
  const reference = brandBySlug(brand);
  if (!reference) throw new NotFoundError(`brand ${brand} not found`, { brand });
  return reference;
}

export async function storefrontCalls(
  fastify: FastifyInstance,
  options: StorefrontCallsOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { queries, storefront } = options;

  for (const locale of LOCALES) {
    const { country } = marketOf(locale);

    app.get(
      fastifyPath('ajax_get_is_car_booked', locale),
      { schema: { params: z.object({ idApi }) } },
      async (request) => {
        const found = (await storefront.carStatuses([request.params.idApi])).get(request.params.idApi);
        if (!found) throw new NotFoundError(`car ${request.params.idApi} not found`, request.params);
        // Booked = held by a booking or a purchase; a sold or withdrawn car cannot be booked either.
        return {
          idApi: request.params.idApi,
          booked: found.status === 'reserved',
          available: found.status === 'available',
          status: found.status,
        };
      },
    );

    app.get(
      fastifyPath('ajax_models_by_brand', locale),
      { schema: { querystring: z.object({ brand: brandSlug, condition: z.enum(CONDITIONS).optional() }) } },
      async (request) => {
        knownBrand(request.query.brand);
        return queries.models(country, request.query.brand, request.query.condition);
      },
    );

    app.post(
      fastifyPath('ajax_get_dealer', locale),
      { schema: { body: z.object({ idApi }) }, config: LOOKUP },
      async (request) => {
        const dealer = await queries.dealer(request.body.idApi);
        if (!dealer) throw new NotFoundError(`dealer ${request.body.idApi} not found`, request.body);
        return dealerOut(dealer, locale);
      },
    );

    app.post(
      fastifyPath('ajax_get_dealers_by_brand_not_empty', locale),
      { schema: { body: z.object({ brand: brandSlug }) }, config: LOOKUP },
      async (request) => {
        knownBrand(request.body.brand);
        const dealers = await storefront.dealersWithBrandStock(country, request.body.brand);
        return dealers.map((dealer) => dealerOut(dealer, locale));
      },
    );

    app.get(fastifyPath('ajax_images_homepage', locale), async () => {
      const cars = await storefront.newestCars(country, 6);
      return cars.map((car) => ({
        carId: car.carId,
        src: `/api/catalogue/cars/${car.carId}/picture.svg?view=front`,
        width: 640,
        height: 400,
        // Names and a year read the same in every language.
        alt: `${brandName(car.brand)} ${modelName(car.brand, car.model)} ${car.year}`,
        href: generateUrl(`${car.condition === 'new' ? 'car_detail_vn' : 'car_detail'}.${locale}`, {
          id: car.carId,
          slug: car.slug,
        }),
      }));
    });

    app.post(
      fastifyPath('forms_ajax_get_models', locale),
      { schema: { body: z.object({ brand: brandSlug }) }, config: LOOKUP },
      // Every model of the brand, in stock or not: the trade-in and lead forms ask what the buyer owns.
      async (request) =>
        knownBrand(request.body.brand).models.map((model) => ({ model: model.slug, name: model.name })),
    );

    app.post(
      fastifyPath('forms_ajax_get_dealers', locale),
      {
        config: LOOKUP,
        schema: {
          body: z
            .object({ nameHub: z.string().regex(SLUG).max(60).optional(), brand: brandSlug.optional() })
            .default({}),
        },
      },
      async (request) => {
        const { nameHub, brand } = request.body;
        const dealers = nameHub ? await queries.hub(country, nameHub) : await queries.dealers(country);
        return dealers
          .filter((dealer) => !brand || dealer.brands.includes(brand))
          .map((dealer) => ({
            idApi: dealer.dealerId,
            name: dealer.name,
            city: dealer.city,
            nameHub: dealer.hub,
          }));
      },
    );

    app.post(fastifyPath('forms_ajax_get_hubs', locale), { config: LOOKUP }, async () => {
      const hubs = await storefront.hubs(country);
      return hubs.map(({ hub, dealers }) => ({
        nameHub: hub,
        dealers,
        url: generateUrl(`dealer_hub.${locale}`, { nameHub: hub }),
      }));
    });
  }
}
