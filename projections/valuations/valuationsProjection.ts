/**
 * The saved valuations' read model ("sell your car", domain/valuation/savedValuationEvents.ts): one row
 * per valuation with ids and the car's facts only (market, brand, model, year, mileage, condition, fuel,
 * the offer and its validity, the customer id once known, the purchases that took it). The account area
 * lists a customer's from it; the purchase's recovery step offers the ones still valid.
 */
import type { Knex } from 'knex';
import {
  SAVED_VALUATION_EVENT_TYPES,
  type SavedValuationEvent,
  VALUATION_STREAM_PREFIX,
} from '../../domain/valuation/savedValuationEvents.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';

export const valuationsProjection = defineProjection({
  name: 'valuations',
  version: 1,
  eventTypes: SAVED_VALUATION_EVENT_TYPES,
  tables: {
    valuations: (t: Knex.CreateTableBuilder) => {
      t.text('valuation_id').primary();
      t.text('market').notNullable();
      t.text('brand').notNullable();
      t.text('model').notNullable();
      t.integer('year').notNullable();
      t.integer('mileage_km').notNullable();
      t.text('condition').notNullable();
      t.text('fuel').notNullable();
      t.bigInteger('amount').notNullable();
      t.text('currency').notNullable();
      t.timestamp('valued_at', { useTz: true }).notNullable();
      t.timestamp('valid_until', { useTz: true }).notNullable();
      t.text('customer_id');
      t.specificType('used_in', 'text[]').notNullable();
      t.index(['customer_id', 'valued_at']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    const valuations = table('valuations');
    for (const recorded of events) {
      if (!recorded.streamName.startsWith(VALUATION_STREAM_PREFIX)) continue;
      const event = { type: recorded.type, data: recorded.data } as SavedValuationEvent;
      switch (event.type) {
        case 'CarValued': {
          const { data } = event;
          await trx.raw(
            `INSERT INTO ${valuations} (valuation_id, market, brand, model, year, mileage_km, condition, fuel,
               amount, currency, valued_at, valid_until, customer_id, used_in)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}') ON CONFLICT (valuation_id) DO NOTHING`,
            [
              data.valuationId,
              data.market,
              data.vehicle.brand,
              data.vehicle.model,
              data.vehicle.year,
              data.vehicle.mileageKm,
              data.vehicle.condition,
              data.vehicle.fuel,
              data.offer.amount,
              data.offer.currency,
              data.valuedAt,
              data.validUntil,
              data.customerId,
            ],
          );
          break;
        }
        case 'ValuationJoinedAccount':
          await trx.raw(`UPDATE ${valuations} SET customer_id = ? WHERE valuation_id = ?`, [
            event.data.customerId,
            event.data.valuationId,
          ]);
          break;
        case 'ValuationUsedInPurchase':
          await trx.raw(
            `UPDATE ${valuations} SET used_in = array_append(used_in, ?::text)
             WHERE valuation_id = ? AND NOT (? = ANY(used_in))`,
            [event.data.purchaseId, event.data.valuationId, event.data.purchaseId],
          );
          break;
        default: {
          const never: never = event;
          throw new Error(`unknown valuation event ${JSON.stringify(never)}`);
        }
      }
    }
  },
});
