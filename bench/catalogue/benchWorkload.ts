/**
 * What the bench asks for, drawn with a fixed seed from a sample of the stock (every 50th car), so the
 * filters name brands, models and values that exist in the market and most searches find cars:
 * - searches: a country, a condition and four facets (brand, model, fuel, gearbox, body or a price
 *   range), a random sort, a page from 1 to 5, 24 cars a page;
 * - list pages: a locale of the car's market, used or new, zero to four facet path segments (built with
 *   `generateUrl` from the route table), sometimes a sort or a price limit, a page that exists;
 * - detail pages of existing cars in their market's locales.
 */
import type { Knex } from 'knex';
import { DemoRandom } from '../../domain/catalogue/demo/DemoRandom.ts';
import { type FacetFilters, facetSegments } from '../../domain/catalogue/facetSlugs.ts';
import { type SearchQuery, searchQuerySchema } from '../../domain/catalogue/search.ts';
import { type Body, type Colour, type Fuel, type Gearbox, SORTS } from '../../domain/catalogue/vocabulary.ts';
import { LOCALES, type Locale, MARKETS } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import type { CatalogueSearch } from '../../engine/search/catalogueSearch.ts';

export interface SampleCar {
  readonly car_id: string;
  readonly slug: string;
  readonly country: string;
  readonly condition: 'new' | 'used';
  readonly brand: string;
  readonly model: string;
  readonly fuel: Fuel;
  readonly gearbox: Gearbox;
  readonly body: Body;
  readonly colour: Colour;
  readonly price_amount: string;
}

export async function sampleCars(knex: Knex, schema: string): Promise<SampleCar[]> {
  const { rows } = await knex.raw(
    `SELECT car_id, slug, country, condition, brand, model, fuel, gearbox, body, colour, price_amount
     FROM "${schema}".catalogue_cars WHERE status = 'available' AND car_id % 50 = 0 ORDER BY car_id`,
  );
  return rows as SampleCar[];
}

type SearchFacet = 'brand' | 'model' | 'fuel' | 'gearbox' | 'body' | 'price';
/** Four facets each; a model always comes with its brand. */
const SEARCH_SHAPES: readonly (readonly SearchFacet[])[] = [
  ['brand', 'model', 'fuel', 'gearbox'],
  ['brand', 'model', 'body', 'price'],
  ['brand', 'model', 'fuel', 'price'],
  ['brand', 'fuel', 'gearbox', 'price'],
  ['brand', 'gearbox', 'body', 'price'],
  ['fuel', 'gearbox', 'body', 'price'],
];

/** A price range around the car's (whole units, rounded to thousands). */
function priceRange(random: DemoRandom, car: SampleCar) {
  const price = Number(car.price_amount) / 100;
  return {
    priceMin: Math.floor((price * random.between(0.5, 0.95)) / 1000) * 1000,
    priceMax: Math.ceil((price * random.between(1.05, 1.6)) / 1000) * 1000,
  };
}

export function searchQueries(cars: readonly SampleCar[], count: number, seed = 1): SearchQuery[] {
  const random = new DemoRandom(seed);
  return Array.from({ length: count }, () => {
    const car = random.pick(cars);
    const shape = random.pick(SEARCH_SHAPES);
    const has = (facet: SearchFacet) => shape.includes(facet);
    return searchQuerySchema.parse({
      country: car.country,
      condition: car.condition,
      ...(has('brand') ? { brand: car.brand } : {}),
      ...(has('model') ? { model: car.model } : {}),
      ...(has('fuel') ? { fuel: [car.fuel] } : {}),
      ...(has('gearbox') ? { gearbox: [car.gearbox] } : {}),
      ...(has('body') ? { body: [car.body] } : {}),
      ...(has('price') ? priceRange(random, car) : {}),
      sort: random.pick(SORTS),
      page: random.int(1, 5),
      pageSize: 24,
    });
  });
}

export const localesOf = (country: string) => LOCALES.filter((l) => MARKETS[l].country === country);

/** Facet path segments buyers combine, brand first as the canonical order has it. */
const LIST_SHAPES: readonly (readonly (keyof FacetFilters)[])[] = [
  [],
  ['brand'],
  ['brand', 'model'],
  ['brand', 'model', 'fuel'],
  ['brand', 'fuel', 'gearbox'],
  ['brand', 'model', 'fuel', 'gearbox'],
  ['fuel', 'body'],
  ['body', 'gearbox', 'colour'],
];

/** List page URLs; each one's page number is checked against the search's total (a page past it is a 404). */
export async function listUrls(
  cars: readonly SampleCar[],
  count: number,
  search: CatalogueSearch,
  seed = 2,
): Promise<string[]> {
  const random = new DemoRandom(seed);
  const urls: string[] = [];
  while (urls.length < count) {
    const car = random.pick(cars);
    const locale: Locale = random.pick(localesOf(car.country));
    const shape = random.pick(LIST_SHAPES);
    const filters: FacetFilters = Object.fromEntries(shape.map((facet) => [facet, car[facet]]));
    const segments = facetSegments(locale, filters);
    const route = `${car.condition === 'new' ? 'page_buy_vn' : 'page_buy_index'}.${locale}`;
    const path = generateUrl(route, Object.fromEntries(segments.map((s, i) => [`facet${i + 1}`, s])));
    const sort = random.chance(0.3) ? random.pick(SORTS.filter((s) => s !== 'newest')) : undefined;
    const priceMax = random.chance(0.2) ? priceRange(random, car).priceMax : undefined;
    const { total } = await search.search(
      searchQuerySchema.parse({
        country: car.country,
        condition: car.condition,
        brand: filters.brand,
        model: filters.model,
        fuel: filters.fuel && [filters.fuel],
        gearbox: filters.gearbox && [filters.gearbox],
        body: filters.body && [filters.body],
        colour: filters.colour && [filters.colour],
        priceMax,
        pageSize: 24,
      }),
    );
    const page = Math.min(random.int(1, 5), Math.max(1, Math.ceil(total / 24)));
    const query = new URLSearchParams();
    if (sort) query.set('sort', sort);
    if (priceMax !== undefined) query.set('priceMax', String(priceMax));
    if (page > 1) query.set('page', String(page));
    urls.push(query.size > 0 ? `${path}?${query}` : path);
  }
  return urls;
}

export function detailUrls(cars: readonly SampleCar[], count: number, seed = 3): string[] {
  const random = new DemoRandom(seed);
  return Array.from({ length: count }, () => {
    const car = random.pick(cars);
    const locale = random.pick(localesOf(car.country));
    const route = `${car.condition === 'new' ? 'car_detail_vn' : 'car_detail'}.${locale}`;
    return generateUrl(route, { id: car.car_id, slug: car.slug });
  });
}
