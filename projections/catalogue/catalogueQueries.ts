/**
 * Reads of the catalogue read model for pages and the JSON API: a car's detail (with its price history
 * read from the car's own events), brand and model counts, dealers and hubs. Search is the search port.
 */
import type { Knex } from 'knex';
import { type CarFacts, carStream, type Money } from '../../domain/catalogue/car.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import type { CatalogueEvent } from '../../domain/catalogue/events.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brands.ts';
import type { CarSummary } from '../../domain/catalogue/search.ts';
import type { CountryCode } from '../../domain/markets.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { StreamNotFoundError } from '../../engine/eventStoreErrors.ts';
import { toSummary } from './carRow.ts';

export interface DealerView extends Omit<Dealer, 'address' | 'coordinates'> {
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly country: CountryCode;
  readonly lat: number;
  readonly lng: number;
}

export interface CarView extends CarSummary {
  readonly reference: string;
  readonly firstRegistration?: string;
  readonly doors: number;
  readonly seats: number;
  readonly co2: number;
  readonly equipment: readonly string[];
  readonly status: 'available' | 'reserved' | 'sold' | 'withdrawn';
  readonly dealer: DealerView;
  readonly priceHistory: readonly { at: string; price: Money }[];
}

export function flattenDealer(dealer: Dealer): DealerView {
  const { address, coordinates, ...rest } = dealer;
  return { ...rest, ...address, lat: coordinates.lat, lng: coordinates.lng };
}

export function catalogueQueries(options: { knex: Knex; store: EventStore; schema?: string }) {
  const { knex, store } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;

  return {
    async car(carId: string): Promise<CarView | undefined> {
      if (!/^\d{1,12}$/.test(carId)) return undefined;
      const { rows } = await knex.raw(
        `SELECT c.*, d.dealer FROM ${s}.catalogue_cars c JOIN ${s}.catalogue_dealers d ON d.dealer_id = c.dealer_id
         WHERE c.car_id = ?`,
        [carId],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        ...toSummary(row),
        reference: row.reference,
        ...(row.first_registration ? { firstRegistration: row.first_registration } : {}),
        doors: row.doors,
        seats: row.seats,
        co2: row.co2,
        equipment: row.equipment,
        status: row.status,
        dealer: flattenDealer(row.dealer as Dealer),
        priceHistory: await priceHistory(store, carId),
      };
    },

    /** What a car's picture is drawn from (cheap: no dealer, no history). */
    async pictureFacts(carId: string) {
      if (!/^\d{1,12}$/.test(carId)) return undefined;
      const { rows } = await knex.raw(
        `SELECT brand, model, body, colour FROM ${s}.catalogue_cars WHERE car_id = ?`,
        [carId],
      );
      return rows[0] as { brand: string; model: string; body: string; colour: string } | undefined;
    },

    /** Brands with cars for sale in a country (optionally new or used only), most cars first. */
    async brands(country: CountryCode, condition?: 'new' | 'used') {
      const { rows } = await knex.raw(
        `SELECT brand, count(*)::int AS count FROM ${s}.catalogue_cars
         WHERE country = ? AND status = 'available' ${condition ? 'AND condition = ?' : ''}
         GROUP BY brand ORDER BY count(*) DESC, brand`,
        condition ? [country, condition] : [country],
      );
      return (rows as { brand: string; count: number }[]).map((r) => ({
        ...r,
        name: brandName(r.brand) ?? r.brand,
      }));
    },

    async models(country: CountryCode, brand: string, condition?: 'new' | 'used') {
      const { rows } = await knex.raw(
        `SELECT model, count(*)::int AS count FROM ${s}.catalogue_cars
         WHERE country = ? AND status = 'available' AND brand = ? ${condition ? 'AND condition = ?' : ''}
         GROUP BY model ORDER BY count(*) DESC, model`,
        condition ? [country, brand, condition] : [country, brand],
      );
      return (rows as { model: string; count: number }[]).map((r) => ({
        ...r,
        name: modelName(brand, r.model) ?? r.model,
      }));
    },

    async dealers(country: CountryCode): Promise<DealerView[]> {
      const { rows } = await knex.raw(
        `SELECT dealer FROM ${s}.catalogue_dealers WHERE country = ? AND open ORDER BY city, name`,
        [country],
      );
      return (rows as { dealer: Dealer }[]).map((r) => flattenDealer(r.dealer));
    },

    async dealer(dealerId: string): Promise<DealerView | undefined> {
      if (!/^\d{1,12}$/.test(dealerId)) return undefined;
      const { rows } = await knex.raw(
        `SELECT dealer FROM ${s}.catalogue_dealers WHERE dealer_id = ? AND open`,
        [dealerId],
      );
      return rows[0] ? flattenDealer(rows[0].dealer as Dealer) : undefined;
    },

    async hub(country: CountryCode, hub: string): Promise<DealerView[]> {
      const { rows } = await knex.raw(
        `SELECT dealer FROM ${s}.catalogue_dealers WHERE country = ? AND hub = ? AND open ORDER BY city, name`,
        [country, hub],
      );
      return (rows as { dealer: Dealer }[]).map((r) => flattenDealer(r.dealer));
    },
  };
}

export type CatalogueQueries = ReturnType<typeof catalogueQueries>;

/** Every price the car was listed at, oldest first, from its own stream. */
async function priceHistory(store: EventStore, carId: string): Promise<{ at: string; price: Money }[]> {
  const events = await store.readStream(carStream(carId)).catch((error: unknown) => {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  });
  const history: { at: string; price: Money }[] = [];
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as CatalogueEvent;
    let price: Money | undefined;
    if (event.type === 'CarListed' || event.type === 'CarDetailsUpdated')
      price = (event.data.car as CarFacts).price;
    else if (event.type === 'CarPriceChanged') price = event.data.price;
    const last = history.at(-1)?.price;
    if (price && (!last || last.amount !== price.amount || last.currency !== price.currency)) {
      history.push({ at: recorded.created.toISOString(), price });
    }
  }
  return history;
}
