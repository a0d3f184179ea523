/**
 * Every hold ever placed on a car (README "Car availability"), one row per hold id: who held it (a
 * booking or a purchase, its id, the customer), from when until when, and how it ended (released with
 * its reason, transferred to a purchase's hold, or sold). The catalogue projection already says whether
 * a car is available, reserved, sold or withdrawn and which hold is active (`catalogue_cars.hold_id`);
 * this adds what staff need beside it: the holder and the history. Written from the car streams' hold
 * events, with the rules of domain/carHold (a hold ends exactly once; a late event about a hold that is
 * no longer active changes nothing).
 */
import type { CarStreamEvent } from '../../domain/catalogue/events.ts';
import { HOLD_EVENT_TYPES } from '../../domain/catalogue/events.ts';
import { defineProjection } from '../defineProjection.ts';

export const HOLD_STATUSES = ['active', 'released', 'transferred', 'sold'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const carHoldsProjection = defineProjection({
  name: 'car_holds',
  version: 1,
  eventTypes: [...HOLD_EVENT_TYPES, 'CarSold'],
  tables: {
    car_holds: (t) => {
      t.text('hold_id').primary();
      t.text('car_id').notNullable();
      t.text('holder_funnel').notNullable();
      t.text('holder_id').notNullable();
      t.text('customer_id');
      t.timestamp('held_at', { useTz: true }).notNullable();
      t.timestamp('held_until', { useTz: true }).notNullable();
      t.text('status').notNullable();
      t.timestamp('ended_at', { useTz: true });
      /** The release reason, `transferred` or `sold`. */
      t.text('end_reason');
      t.text('transferred_to');
      t.text('purchase_id');
      t.index(['car_id', 'held_at']);
      t.index(['holder_funnel', 'holder_id']);
    },
  },
  async handle(events, { trx, table }) {
    const holds = table('car_holds');
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as unknown as CarStreamEvent;
      switch (event.type) {
        case 'CarHeld': {
          const d = event.data;
          await trx.raw(
            `INSERT INTO ${holds} (hold_id, car_id, holder_funnel, holder_id, customer_id, held_at, held_until, status)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'active') ON CONFLICT (hold_id) DO NOTHING`,
            [d.holdId, d.carId, d.holder.funnel, d.holder.id, d.customerId ?? null, d.at, d.until],
          );
          break;
        }
        case 'CarHoldExtended':
          await trx.raw(`UPDATE ${holds} SET held_until = ? WHERE hold_id = ? AND status = 'active'`, [
            event.data.until,
            event.data.holdId,
          ]);
          break;
        case 'CarHoldReleased':
          await trx.raw(
            `UPDATE ${holds} SET status = 'released', ended_at = ?, end_reason = ?
             WHERE hold_id = ? AND status = 'active'`,
            [event.data.at, event.data.reason, event.data.holdId],
          );
          break;
        case 'CarHoldTransferred': {
          const d = event.data;
          // The purchase's hold carries on the booking's customer (the transfer is only to its booker).
          await trx.raw(
            `INSERT INTO ${holds} (hold_id, car_id, holder_funnel, holder_id, customer_id, held_at, held_until, status)
             SELECT ?, ?, ?, ?, (SELECT customer_id FROM ${holds} WHERE hold_id = ?), ?, ?, 'active'
             ON CONFLICT (hold_id) DO NOTHING`,
            [d.toHoldId, d.carId, d.holder.funnel, d.holder.id, d.holdId, d.at, d.until],
          );
          await trx.raw(
            `UPDATE ${holds} SET status = 'transferred', ended_at = ?, end_reason = 'transferred', transferred_to = ?
             WHERE hold_id = ? AND status = 'active'`,
            [d.at, d.toHoldId, d.holdId],
          );
          break;
        }
        case 'CarSold': {
          const d = event.data;
          // A sale ends the car's active hold (older sales, without a hold id, had none to end).
          await trx.raw(
            `UPDATE ${holds} SET status = 'sold', ended_at = ?, end_reason = 'sold', purchase_id = ?
             WHERE car_id = ? AND status = 'active' AND (?::text IS NULL OR hold_id = ?)`,
            [d.at ?? recorded.created, d.purchaseId ?? null, d.carId, d.holdId ?? null, d.holdId ?? null],
          );
          break;
        }
        case 'CarListed':
        case 'CarDetailsUpdated':
        case 'CarPriceChanged':
        case 'CarWithdrawn':
          break;
        default: {
          const unexpected: never = event;
          throw new Error(`car holds projection: unexpected event ${(unexpected as { type: string }).type}`);
        }
      }
    }
  },
});
