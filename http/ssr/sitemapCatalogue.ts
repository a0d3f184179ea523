/**
 * What the sitemaps need from the catalogue: the cars for sale in a country (by id, a slice at a time),
 * the (brand, model, condition) groups with stock and their last change, and the open dealers. A port,
 * so the sitemap plugin can be tested with any source; `createSitemapCatalogue` reads the catalogue read
 * model (its views `catalogue_cars`, `catalogue_dealers`) with a few indexed queries; the landing pages come
 * from the content items (`sitemapLandingPages`).
 */
import type { Knex } from 'knex';
import type { CountryCode, Locale } from '../../domain/markets.ts';
import type { ContentQueries } from '../../projections/content/contentQueries.ts';

/** A car for sale, as a sitemap lists it. */
export interface SitemapCar {
  readonly carId: string;
  readonly slug: string;
  readonly condition: 'used' | 'new';
  /** ISO 8601 timestamp of the car's last change. */
  readonly updatedAt: string;
}

/** A brand's model with cars for sale in one condition. */
export interface SitemapModel {
  readonly brand: string;
  readonly model: string;
  readonly condition: 'used' | 'new';
  /** ISO 8601 timestamp of the last change among those cars. */
  readonly updatedAt: string;
}

/** An open dealer. */
export interface SitemapDealer {
  readonly dealerId: string;
  readonly slug: string;
  readonly hub: string;
}

/** The catalogue as the sitemaps read it. */
export interface SitemapCatalogue {
  /** How many cars are for sale in `country`. */
  carCount(country: CountryCode): Promise<number>;
  /** Cars for sale in `country`, by ascending id, `limit` of them from `offset`. */
  cars(country: CountryCode, offset: number, limit: number): Promise<readonly SitemapCar[]>;
  /** Every (brand, model, condition) with cars for sale in `country`. */
  models(country: CountryCode): Promise<readonly SitemapModel[]>;
  /** The open dealers of `country`. */
  dealers(country: CountryCode): Promise<readonly SitemapDealer[]>;
  /** The landing pages published now in `locale` (content items: domain/content/README.md). */
  landingPages?(locale: Locale): Promise<readonly SitemapLandingPage[]>;
}

/** A published landing page. */
export interface SitemapLandingPage {
  readonly slug: string;
}

/** The landing pages for the sitemaps, from the content items' published ones (at the clock's time). */
export function sitemapLandingPages(
  content: Pick<ContentQueries, 'published'>,
  clock: () => Date = () => new Date(),
): (locale: Locale) => Promise<readonly SitemapLandingPage[]> {
  return async (locale) =>
    (await content.published('landing_page', locale, clock())).map((item) => ({
      slug: String(item.fields.slug),
    }));
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The sitemap catalogue on the catalogue read model (the schema defaults to `public`). */
export function createSitemapCatalogue(options: { knex: Knex; schema?: string }): SitemapCatalogue {
  const { knex } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  return {
    async carCount(country) {
      const { rows } = await knex.raw(
        `SELECT count(*)::int AS n FROM ${s}.catalogue_cars WHERE country = ? AND status = 'available'`,
        [country],
      );
      return Number(rows[0]?.n ?? 0);
    },

    async cars(country, offset, limit) {
      if (limit <= 0) return [];
      const { rows } = await knex.raw(
        `SELECT car_id, slug, condition, updated_at FROM ${s}.catalogue_cars
         WHERE country = ? AND status = 'available' ORDER BY car_id LIMIT ? OFFSET ?`,
        [country, limit, offset],
      );
      return (rows as { car_id: string; slug: string; condition: 'used' | 'new'; updated_at: Date }[]).map(
        (row) => ({
          carId: String(row.car_id),
          slug: row.slug,
          condition: row.condition,
          updatedAt: iso(row.updated_at),
        }),
      );
    },

    async models(country) {
      const { rows } = await knex.raw(
        `SELECT brand, model, condition, max(updated_at) AS updated_at FROM ${s}.catalogue_cars
         WHERE country = ? AND status = 'available' GROUP BY brand, model, condition ORDER BY brand, model, condition`,
        [country],
      );
      return (rows as { brand: string; model: string; condition: 'used' | 'new'; updated_at: Date }[]).map(
        (row) => ({
          brand: row.brand,
          model: row.model,
          condition: row.condition,
          updatedAt: iso(row.updated_at),
        }),
      );
    },

    async dealers(country) {
      const { rows } = await knex.raw(
        `SELECT dealer_id, slug, hub FROM ${s}.catalogue_dealers WHERE country = ? AND open ORDER BY dealer_id`,
        [country],
      );
      return (rows as { dealer_id: string; slug: string; hub: string }[]).map((row) => ({
        dealerId: String(row.dealer_id),
        slug: row.slug,
        hub: row.hub,
      }));
    },
  };
}
