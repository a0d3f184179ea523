/**
 * Catalogue events (past tense). A car's stream (`car-<id>`) holds its listing facts and its holds: one
 * stream per car is what makes "one car, one hold" an expected-revision append (rules: domain/carHold).
 * A dealer's stream is `dealer-<id>`. Events carry facts only, never personal data (a customer id, not
 * a name or an email).
 */
import type { FunnelKind } from '../funnel/funnelKind.ts';
import type { CarFacts, Money } from './car.ts';
import type { Dealer } from './dealer.ts';

/** Where a change came from: a dealer feed import (with its import id), a staff member, or the demo seed. */
export type CatalogueSource = { kind: 'import'; importId: string } | { kind: 'staff' } | { kind: 'seed' };

/** Who holds a car: a booking or a purchase, by its id. */
export interface HoldHolder {
  readonly funnel: FunnelKind;
  readonly id: string;
}

/** Why a hold ended without a sale or a transfer. */
export const HOLD_RELEASE_REASONS = [
  'expired',
  'cancelled',
  'payment_failed',
  'finance_declined',
  'abandoned',
  'car_unavailable',
] as const;
export type HoldReleaseReason = (typeof HOLD_RELEASE_REASONS)[number];

export type CatalogueEvent =
  | { type: 'CarListed'; data: { car: CarFacts; source: CatalogueSource } }
  | { type: 'CarDetailsUpdated'; data: { carId: string; car: CarFacts; source: CatalogueSource } }
  | {
      type: 'CarPriceChanged';
      data: { carId: string; previous: Money; price: Money; source: CatalogueSource };
    }
  | {
      type: 'CarWithdrawn';
      data: { carId: string; reason: 'not_in_feed' | 'staff'; source: CatalogueSource };
    }
  /** `holdId`/`purchaseId`/`at` since the funnels: older sales (seed, staff) have none. */
  | {
      type: 'CarSold';
      data: { carId: string; price: Money; holdId?: string; purchaseId?: string; at?: string };
    }
  /** A funnel won the car until `until` (ISO); `customerId` lets the buyer who booked it buy it. */
  | {
      type: 'CarHeld';
      data: {
        carId: string;
        holdId: string;
        holder: HoldHolder;
        customerId?: string;
        until: string;
        at: string;
      };
    }
  /** The active hold lasts longer (a booking deposit paid: the payment window becomes the booking's hold). */
  | { type: 'CarHoldExtended'; data: { carId: string; holdId: string; until: string; at: string } }
  | {
      type: 'CarHoldReleased';
      data: { carId: string; holdId: string; holder: HoldHolder; reason: HoldReleaseReason; at: string };
    }
  /** A booked car bought by the buyer who booked it: the booking's hold passes to the purchase. */
  | {
      type: 'CarHoldTransferred';
      data: {
        carId: string;
        holdId: string;
        toHoldId: string;
        holder: HoldHolder;
        until: string;
        at: string;
      };
    }
  | { type: 'DealerOpened'; data: { dealer: Dealer } }
  | { type: 'DealerUpdated'; data: { dealer: Dealer } }
  | { type: 'DealerClosed'; data: { dealerId: string } };

export type CatalogueEventType = CatalogueEvent['type'];

export const CAR_EVENT_TYPES = [
  'CarListed',
  'CarDetailsUpdated',
  'CarPriceChanged',
  'CarWithdrawn',
  'CarSold',
  'CarHeld',
  'CarHoldExtended',
  'CarHoldReleased',
  'CarHoldTransferred',
] as const satisfies readonly CatalogueEventType[];

/** Every event of a car's stream: its listing facts and its holds. */
export type CarStreamEvent = Extract<CatalogueEvent, { type: (typeof CAR_EVENT_TYPES)[number] }>;

/** The hold events (the funnels write them; the stock import never does). */
export const HOLD_EVENT_TYPES = [
  'CarHeld',
  'CarHoldExtended',
  'CarHoldReleased',
  'CarHoldTransferred',
] as const satisfies readonly CatalogueEventType[];

export const DEALER_EVENT_TYPES = [
  'DealerOpened',
  'DealerUpdated',
  'DealerClosed',
] as const satisfies readonly CatalogueEventType[];
