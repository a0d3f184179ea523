/** The funnels' read models and their reads, for the composition root and the staff API. */
import type { Knex } from 'knex';
import { type BookingQueries, bookingQueries } from './bookingQueries.ts';
import { bookingsProjection } from './bookingsProjection.ts';
import { type CarHoldQueries, carHoldQueries } from './carHoldQueries.ts';
import { carHoldsProjection } from './carHoldsProjection.ts';
import { funnelStatisticsProjection } from './funnelStatisticsProjection.ts';
import { type FunnelStatisticsQueries, funnelStatisticsQueries } from './funnelStatisticsQueries.ts';
import { type PurchaseQueries, purchaseQueries } from './purchaseQueries.ts';
import { purchasesProjection } from './purchasesProjection.ts';

export const FUNNEL_PROJECTIONS = [
  bookingsProjection,
  purchasesProjection,
  carHoldsProjection,
  funnelStatisticsProjection,
] as const;

export interface FunnelReadModels {
  readonly bookings: BookingQueries;
  readonly purchases: PurchaseQueries;
  readonly holds: CarHoldQueries;
  readonly statistics: FunnelStatisticsQueries;
}

export function funnelReadModels(options: { knex: Knex; schema?: string | undefined }): FunnelReadModels {
  return {
    bookings: bookingQueries(options),
    purchases: purchaseQueries(options),
    holds: carHoldQueries(options),
    statistics: funnelStatisticsQueries(options),
  };
}
