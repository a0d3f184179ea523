/**
 * Reads of the catalogue read model behind SPEC §7's storefront calls: car statuses (is it booked), cards
 * of chosen cars (favorites), the dealers that have a brand in stock, hubs, the newest cars of a market.
 */
import type { Knex } from 'knex';
import type { CarStatus } from '../../domain/catalogue/car.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import type { CarSummary } from '../../domain/catalogue/search.ts';
import type { CountryCode } from '../../domain/markets.ts';
import { type CarRow, toSummary } from './carRow.ts';
import { type DealerView, flattenDealer } from './catalogueQueries.ts';

export interface CarCard extends CarSummary {
  readonly status: CarStatus;
  readonly country: CountryCode;
}

const ids = (carIds: readonly string[]) => carIds.filter((id) => /^\d{1,12}$/.test(id));

export function storefrontQueries(options: { knex: Knex; schema?: string }) {
  const { knex } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;

  return {
    /** The status and market of each car that exists (unknown ids are absent from the map). */
    async carStatuses(
      carIds: readonly string[],
    ): Promise<Map<string, { status: CarStatus; country: CountryCode }>> {
      const wanted = ids(carIds);
      if (wanted.length === 0) return new Map();
      const { rows } = await knex.raw(
        `SELECT car_id, status, country FROM ${s}.catalogue_cars WHERE car_id = ANY(?::bigint[])`,
        [wanted],
      );
      return new Map(
        (rows as { car_id: string; status: CarStatus; country: CountryCode }[]).map((r) => [
          String(r.car_id),
          { status: r.status, country: r.country },
        ]),
      );
    },

    /** Cards of the given cars, in the order asked, whatever their status (a sold favorite shows as sold). */
    async cards(carIds: readonly string[]): Promise<CarCard[]> {
      const wanted = ids(carIds);
      if (wanted.length === 0) return [];
      const { rows } = await knex.raw(`SELECT * FROM ${s}.catalogue_cars WHERE car_id = ANY(?::bigint[])`, [
        wanted,
      ]);
      const byId = new Map(
        (rows as (CarRow & { status: CarStatus; country: CountryCode })[]).map((r) => [
          String(r.car_id),
          { ...toSummary(r), status: r.status, country: r.country },
        ]),
      );
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },

    /** Open dealers of a country with at least one car of the brand for sale, with that count. */
    async dealersWithBrandStock(
      country: CountryCode,
      brand: string,
    ): Promise<(DealerView & { count: number })[]> {
      const { rows } = await knex.raw(
        `SELECT d.dealer, c.count FROM ${s}.catalogue_dealers d
         JOIN (SELECT dealer_id, count(*)::int AS count FROM ${s}.catalogue_cars
               WHERE country = ? AND status = 'available' AND brand = ? GROUP BY dealer_id) c USING (dealer_id)
         WHERE d.open ORDER BY d.city, d.name`,
        [country, brand],
      );
      return (rows as { dealer: Dealer; count: number }[]).map((r) => ({
        ...flattenDealer(r.dealer),
        count: r.count,
      }));
    },

    /** The hubs of a country with how many open dealers each has. */
    async hubs(country: CountryCode): Promise<{ hub: string; dealers: number }[]> {
      const { rows } = await knex.raw(
        `SELECT hub, count(*)::int AS dealers FROM ${s}.catalogue_dealers WHERE country = ? AND open
         GROUP BY hub ORDER BY hub`,
        [country],
      );
      return rows as { hub: string; dealers: number }[];
    },

    /** The most recently listed cars for sale in a country, one per body style first, for variety. */
    async newestCars(country: CountryCode, limit: number): Promise<CarSummary[]> {
      const { rows } = await knex.raw(
        `SELECT * FROM (
           SELECT *, row_number() OVER (PARTITION BY body ORDER BY listed_at DESC, car_id DESC) AS nth
           FROM ${s}.catalogue_cars WHERE country = ? AND status = 'available'
         ) newest ORDER BY nth, listed_at DESC, car_id DESC LIMIT ?`,
        [country, limit],
      );
      return (rows as CarRow[]).map(toSummary);
    },
  };
}

export type StorefrontQueries = ReturnType<typeof storefrontQueries>;
