/** Reads of the saved valuations' read model (valuationsProjection.ts): a customer's, newest first. */
import type { Knex } from 'knex';
import type { Money } from '../../domain/catalogue/car.ts';
import type { Locale } from '../../domain/markets.ts';
import type { TradeInVehicle } from '../../domain/valuation/valueTradeIn.ts';

/** One saved valuation as the account and the recovery step show it. */
export interface ValuationListItem {
  readonly valuationId: string;
  readonly market: Locale;
  readonly vehicle: TradeInVehicle;
  readonly offer: Money;
  readonly valuedAt: string;
  readonly validUntil: string;
  /** The purchases that took it as their trade-in. */
  readonly usedIn: readonly string[];
}

interface Row {
  valuation_id: string;
  market: string;
  brand: string;
  model: string;
  year: number;
  mileage_km: number;
  condition: string;
  fuel: string;
  amount: string | number;
  currency: string;
  valued_at: Date;
  valid_until: Date;
  used_in: string[];
}

/** How many a list shows at most (a customer values a few cars, not hundreds). */
export const MAX_LISTED_VALUATIONS = 50;

export function createValuationQueries(options: { readonly knex: Knex; readonly schema?: string }) {
  const { knex, schema = 'public' } = options;
  return {
    async ofCustomer(customerId: string): Promise<ValuationListItem[]> {
      const rows = (await knex
        .withSchema(schema)
        .from('valuations')
        .where('customer_id', customerId)
        .orderBy([
          { column: 'valued_at', order: 'desc' },
          { column: 'valuation_id', order: 'desc' },
        ])
        .limit(MAX_LISTED_VALUATIONS)) as Row[];
      return rows.map((row) => ({
        valuationId: row.valuation_id,
        market: row.market as Locale,
        vehicle: {
          brand: row.brand,
          model: row.model,
          year: row.year,
          mileageKm: row.mileage_km,
          condition: row.condition as TradeInVehicle['condition'],
          fuel: row.fuel as TradeInVehicle['fuel'],
        },
        offer: { amount: Number(row.amount), currency: row.currency as Money['currency'] },
        valuedAt: row.valued_at.toISOString(),
        validUntil: row.valid_until.toISOString(),
        usedIn: row.used_in,
      }));
    },
  };
}

export type ValuationQueries = ReturnType<typeof createValuationQueries>;
