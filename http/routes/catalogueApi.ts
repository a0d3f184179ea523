/**
 * The catalogue's JSON API (`/api/catalogue/…`), read by the storefront's pages and by scripts:
 * search with facets, a car's detail, brand and model counts, dealers. Query strings are validated
 * (a clear 400 with field messages); unknown cars and dealers are 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema } from '../../domain/catalogue/car.ts';
import { CAR_PICTURE_VIEWS, carPicture } from '../../domain/catalogue/carPicture.ts';
import { searchQuerySchema } from '../../domain/catalogue/search.ts';
import { BODIES, COLOURS, CONDITIONS, FUELS, GEARBOXES, SORTS } from '../../domain/catalogue/vocabulary.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { validate } from '../../domain/validate.ts';
import type { CatalogueSearch } from '../../engine/search/catalogueSearch.ts';
import type { CatalogueQueries } from '../../projections/catalogue/catalogueQueries.ts';
import type { CarPhotoQueries } from '../../projections/media/carPhotosProjection.ts';
import { carWithPhotos, searchWithPhotos } from './carPhotoReads.ts';

export interface CatalogueApiOptions {
  readonly search: CatalogueSearch;
  readonly queries: CatalogueQueries;
  /** The cars' photos (absent: every car shows its drawn picture). */
  readonly photos?: CarPhotoQueries;
}

/** `fuel=diesel&fuel=petrol` or `fuel=diesel,petrol`. */
const many = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess(
      (v) =>
        v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')),
      z.array(z.enum(values)).max(20),
    )
    .optional();
const int = z.coerce.number().int().nonnegative().optional();

export const searchQuerystring = z.object({
  country: countrySchema,
  condition: z.enum(CONDITIONS).optional(),
  brand: z.string().optional(),
  model: z.string().optional(),
  fuel: many(FUELS),
  gearbox: many(GEARBOXES),
  body: many(BODIES),
  colour: many(COLOURS),
  dealerId: z.string().optional(),
  city: z.string().optional(),
  text: z.string().optional(),
  priceMin: int,
  priceMax: int,
  mileageMax: int,
  yearMin: int,
  yearMax: int,
  sort: z.enum(SORTS).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).optional(),
});

const byCountry = z.object({ country: countrySchema, condition: z.enum(CONDITIONS).optional() });
const id = z.string().regex(/^\d{1,12}$/, 'digits');

export const catalogueApi: FastifyPluginAsyncZod<CatalogueApiOptions> = async (
  app,
  { search, queries, photos },
) => {
  app.get('/api/catalogue/search', { schema: { querystring: searchQuerystring } }, async (request) => {
    // Cross-field rules (a model needs its brand, page size limit) are the domain schema's.
    return searchWithPhotos(
      photos,
      await search.search(validate(searchQuerySchema, request.query, 'search')),
    );
  });

  app.get('/api/catalogue/cars/:carId', { schema: { params: z.object({ carId: id }) } }, async (request) => {
    const car = await queries.car(request.params.carId);
    if (!car)
      throw new NotFoundError(`car ${request.params.carId} not found`, { carId: request.params.carId });
    return carWithPhotos(photos, car);
  });

  app.get(
    '/api/catalogue/cars/:carId/picture.svg',
    {
      schema: {
        params: z.object({ carId: id }),
        querystring: z.object({ view: z.enum(CAR_PICTURE_VIEWS).default('side') }),
      },
    },
    async (request, reply) => {
      const facts = await queries.pictureFacts(request.params.carId);
      if (!facts) throw new NotFoundError(`car ${request.params.carId} not found`, request.params);
      // Drawn from the car's body and colour: no external image host (see domain/catalogue/carPicture.ts).
      const svg = carPicture({ ...(facts as Parameters<typeof carPicture>[0]), view: request.query.view });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );

  app.get('/api/catalogue/brands', { schema: { querystring: byCountry } }, async (request) =>
    queries.brands(request.query.country, request.query.condition),
  );

  app.get(
    '/api/catalogue/brands/:brand/models',
    {
      schema: { params: z.object({ brand: z.string().regex(/^[a-z0-9-]{1,40}$/) }), querystring: byCountry },
    },
    async (request) => queries.models(request.query.country, request.params.brand, request.query.condition),
  );

  app.get(
    '/api/catalogue/dealers',
    { schema: { querystring: z.object({ country: countrySchema }) } },
    async (request) => queries.dealers(request.query.country),
  );

  app.get(
    '/api/catalogue/dealers/:dealerId',
    { schema: { params: z.object({ dealerId: id }) } },
    async (request) => {
      const dealer = await queries.dealer(request.params.dealerId);
      if (!dealer) throw new NotFoundError(`dealer ${request.params.dealerId} not found`, request.params);
      return dealer;
    },
  );
};
