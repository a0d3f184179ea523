/**
 * A car's availability for staff: the catalogue's status (available, reserved, sold, withdrawn) with
 * the active hold's holder (booking or purchase, customer, until) and every hold the car has had.
 */
import type { Knex } from 'knex';
import type { HoldStatus } from './carHoldsProjection.ts';

export interface CarHold {
  readonly holdId: string;
  readonly carId: string;
  readonly holder: { readonly funnel: 'booking' | 'purchase'; readonly id: string };
  readonly customerId: string | null;
  readonly heldAt: string;
  readonly until: string;
  readonly status: HoldStatus;
  readonly endedAt: string | null;
  /** The release reason, `transferred` or `sold`. */
  readonly endReason: string | null;
  readonly transferredTo: string | null;
  readonly purchaseId: string | null;
}

export interface CarAvailabilityView {
  readonly carId: string;
  /** The catalogue's status; null for a car the catalogue does not know. */
  readonly status: string | null;
  readonly activeHold: CarHold | null;
  /** Newest first. */
  readonly holds: CarHold[];
}

interface HoldRow {
  hold_id: string;
  car_id: string;
  holder_funnel: 'booking' | 'purchase';
  holder_id: string;
  customer_id: string | null;
  held_at: Date;
  held_until: Date;
  status: HoldStatus;
  ended_at: Date | null;
  end_reason: string | null;
  transferred_to: string | null;
  purchase_id: string | null;
}

const hold = (r: HoldRow): CarHold => ({
  holdId: r.hold_id,
  carId: r.car_id,
  holder: { funnel: r.holder_funnel, id: r.holder_id },
  customerId: r.customer_id,
  heldAt: r.held_at.toISOString(),
  until: r.held_until.toISOString(),
  status: r.status,
  endedAt: r.ended_at?.toISOString() ?? null,
  endReason: r.end_reason,
  transferredTo: r.transferred_to,
  purchaseId: r.purchase_id,
});

export interface CarHoldQueries {
  hold(holdId: string): Promise<CarHold | undefined>;
  /** Undefined for a car neither the catalogue nor any hold knows. */
  availability(carId: string): Promise<CarAvailabilityView | undefined>;
}

export function carHoldQueries(options: { knex: Knex; schema?: string | undefined }): CarHoldQueries {
  const { knex } = options;
  const schema = options.schema ?? 'public';
  return {
    async hold(holdId) {
      const row = (await knex.withSchema(schema).from('car_holds').where('hold_id', holdId).first()) as
        | HoldRow
        | undefined;
      return row ? hold(row) : undefined;
    },
    async availability(carId) {
      const rows = (await knex
        .withSchema(schema)
        .from('car_holds')
        .where('car_id', carId)
        .orderBy([
          { column: 'held_at', order: 'desc' },
          { column: 'hold_id', order: 'desc' },
        ])) as HoldRow[];
      const car = /^\d{1,18}$/.test(carId)
        ? ((await knex
            .withSchema(schema)
            .from('catalogue_cars')
            .select('status')
            .where('car_id', carId)
            .first()) as { status: string } | undefined)
        : undefined;
      if (!car && rows.length === 0) return undefined;
      const holds = rows.map(hold);
      return {
        carId,
        status: car?.status ?? null,
        activeHold: holds.find((h) => h.status === 'active') ?? null,
        holds,
      };
    },
  };
}
