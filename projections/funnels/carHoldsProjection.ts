/**
 * Every hold ever placed on a car (README "Car availability"), one row per hold id: who held it (a
 * booking or a purchase, its id, the customer), from when until when, and how it ended (released with
 * its reason, transferred to a purchase's hold, or sold). The catalogue projection already says whether
 * a car is available, reserved, sold or withdrawn and which hold is active (`catalogue_cars.hold_id`);
 * this adds what staff need beside it: the holder and the history. Written from the car streams' hold
 * events, with the rules of domain/carHold (a hold ends exactly once; a late event about a hold that is
 * no longer active changes nothing).
 *
 * A single-stream projection: a car stream's document is its holds, kept as the car's rows (`car_id`),
 * each with the car stream's last revision applied (`revision`, since version 2).
 */
import type { CarStreamEvent } from '../../domain/catalogue/events.ts';
import { HOLD_EVENT_TYPES } from '../../domain/catalogue/events.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineSingleStreamProjection, type StoredRow } from '../defineSingleStreamProjection.ts';

export const HOLD_STATUSES = ['active', 'released', 'transferred', 'sold'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** A row of `car_holds` (times as read back, or as ISO strings from the events). */
type HoldRow = {
  readonly hold_id: string;
  readonly car_id: string;
  readonly holder_funnel: string;
  readonly holder_id: string;
  readonly customer_id: string | null;
  readonly held_at: Date | string;
  readonly held_until: Date | string;
  readonly status: HoldStatus;
  readonly ended_at: Date | string | null;
  /** The release reason, `transferred` or `sold`. */
  readonly end_reason: string | null;
  readonly transferred_to: string | null;
  readonly purchase_id: string | null;
};

/** A car's holds, oldest first. */
type CarHolds = readonly HoldRow[];

export const carHoldsProjection = defineSingleStreamProjection<CarHolds>({
  name: 'car_holds',
  // 2: each row keeps the car stream's last revision applied (`revision`).
  version: 2,
  eventTypes: [...HOLD_EVENT_TYPES, 'CarSold'],
  streamPrefix: 'car-',
  table: 'car_holds',
  key: 'hold_id',
  streamColumn: 'car_id',
  columns: (t) => {
    t.text('hold_id').primary();
    t.text('car_id').notNullable();
    t.text('holder_funnel').notNullable();
    t.text('holder_id').notNullable();
    t.text('customer_id');
    t.timestamp('held_at', { useTz: true }).notNullable();
    t.timestamp('held_until', { useTz: true }).notNullable();
    t.text('status').notNullable();
    t.timestamp('ended_at', { useTz: true });
    t.text('end_reason');
    t.text('transferred_to');
    t.text('purchase_id');
    t.bigInteger('revision').notNullable();
    t.index(['car_id', 'held_at']);
    t.index(['holder_funnel', 'holder_id']);
  },
  initial: () => [],
  restore: (rows) => rows.map(holdOf).sort(byHeldAt),
  evolve: evolveCarHolds,
  rows: (_carId, holds) => [...holds],
});

/** The car's holds after one of its events. */
export function evolveCarHolds(holds: CarHolds, recorded: RecordedEvent): CarHolds {
  const event = { type: recorded.type, data: recorded.data } as unknown as CarStreamEvent;
  const update = (matches: (hold: HoldRow) => boolean, change: Partial<HoldRow>) =>
    holds.map((hold) => (hold.status === 'active' && matches(hold) ? { ...hold, ...change } : hold));
  switch (event.type) {
    case 'CarHeld': {
      const d = event.data;
      if (holds.some((hold) => hold.hold_id === d.holdId)) return holds;
      return [...holds, newHold(d.holdId, d.carId, d.holder, d.customerId ?? null, d.at, d.until)];
    }
    case 'CarHoldExtended':
      return update((hold) => hold.hold_id === event.data.holdId, { held_until: event.data.until });
    case 'CarHoldReleased':
      return update((hold) => hold.hold_id === event.data.holdId, {
        status: 'released',
        ended_at: event.data.at,
        end_reason: event.data.reason,
      });
    case 'CarHoldTransferred': {
      const d = event.data;
      // The purchase's hold carries on the booking's customer (the transfer is only to its booker).
      const customerId = holds.find((hold) => hold.hold_id === d.holdId)?.customer_id ?? null;
      const added = holds.some((hold) => hold.hold_id === d.toHoldId)
        ? holds
        : [...holds, newHold(d.toHoldId, d.carId, d.holder, customerId, d.at, d.until)];
      return added.map((hold) =>
        hold.status === 'active' && hold.hold_id === d.holdId
          ? {
              ...hold,
              status: 'transferred',
              ended_at: d.at,
              end_reason: 'transferred',
              transferred_to: d.toHoldId,
            }
          : hold,
      );
    }
    case 'CarSold': {
      const d = event.data;
      // A sale ends the car's active hold (older sales, without a hold id, had none to end).
      return update(
        (hold) => hold.car_id === d.carId && ((d.holdId ?? null) === null || hold.hold_id === d.holdId),
        {
          status: 'sold',
          ended_at: d.at ?? recorded.created,
          end_reason: 'sold',
          purchase_id: d.purchaseId ?? null,
        },
      );
    }
    case 'CarListed':
    case 'CarDetailsUpdated':
    case 'CarPriceChanged':
    case 'CarWithdrawn':
      return holds;
    default: {
      const unexpected: never = event;
      throw new Error(`car holds projection: unexpected event ${(unexpected as { type: string }).type}`);
    }
  }
}

function newHold(
  holdId: string,
  carId: string,
  holder: { funnel: string; id: string },
  customerId: string | null,
  at: string,
  until: string,
): HoldRow {
  return {
    hold_id: holdId,
    car_id: carId,
    holder_funnel: holder.funnel,
    holder_id: holder.id,
    customer_id: customerId,
    held_at: at,
    held_until: until,
    status: 'active',
    ended_at: null,
    end_reason: null,
    transferred_to: null,
    purchase_id: null,
  };
}

function holdOf({ revision: _revision, ...row }: StoredRow): HoldRow {
  return row as unknown as HoldRow;
}

const byHeldAt = (a: HoldRow, b: HoldRow) =>
  new Date(a.held_at).getTime() - new Date(b.held_at).getTime() || a.hold_id.localeCompare(b.hold_id);
