/**
 * The catalogue's facts a lead is routed with (engine/leads/leadService.ts `LeadFacts`), read from the
 * catalogue read model: a car's dealer, open dealers with their place and brands.
 */
import type { Knex } from 'knex';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import type { RoutableDealer } from '../../domain/leads/routing.ts';
import type { LeadFacts } from '../../engine/leads/leadService.ts';

const routable = (dealer: Dealer): RoutableDealer => ({
  dealerId: dealer.dealerId,
  country: dealer.address.country,
  postcode: dealer.address.postcode,
  hub: dealer.hub,
  brands: dealer.brands,
  lat: dealer.coordinates.lat,
  lng: dealer.coordinates.lng,
});

export function leadFacts(options: { readonly knex: Knex; readonly schema?: string }): LeadFacts & {
  /** A dealer's full record (its mailbox and name for the dealer's mail), open or not. */
  dealerRecord(dealerId: string): Promise<Dealer | undefined>;
} {
  const { knex } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const digits = (id: string) => /^\d{1,12}$/.test(id);
  return {
    async car(carId) {
      if (!digits(carId)) return undefined;
      const { rows } = await knex.raw(`SELECT car_id, dealer_id FROM ${s}.catalogue_cars WHERE car_id = ?`, [
        carId,
      ]);
      const row = rows[0] as { car_id: string; dealer_id: string } | undefined;
      return row ? { carId: String(row.car_id), dealerId: String(row.dealer_id) } : undefined;
    },
    async dealer(dealerId) {
      if (!digits(dealerId)) return undefined;
      const { rows } = await knex.raw(
        `SELECT dealer FROM ${s}.catalogue_dealers WHERE dealer_id = ? AND open`,
        [dealerId],
      );
      const row = rows[0] as { dealer: Dealer } | undefined;
      return row ? routable(row.dealer) : undefined;
    },
    async dealers(country) {
      const { rows } = await knex.raw(
        `SELECT dealer FROM ${s}.catalogue_dealers WHERE country = ? AND open ORDER BY dealer_id`,
        [country],
      );
      return (rows as { dealer: Dealer }[]).map((row) => routable(row.dealer));
    },
    async dealerRecord(dealerId) {
      if (!digits(dealerId)) return undefined;
      const { rows } = await knex.raw(`SELECT dealer FROM ${s}.catalogue_dealers WHERE dealer_id = ?`, [
        dealerId,
      ]);
      return (rows[0] as { dealer: Dealer } | undefined)?.dealer;
    },
  };
}
