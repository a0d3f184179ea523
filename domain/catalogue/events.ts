/**
 * Catalogue events (past tense). A car's stream (`car-<id>`) holds its listing facts and, from the
 * funnels issue on, its holds: one stream per car is what makes "one car, one hold" an expected-revision
 * append. A dealer's stream is `dealer-<id>`. Events carry facts only, never personal data.
 */
import type { CarFacts, Money } from './car.ts';
import type { Dealer } from './dealer.ts';

/** Where a change came from: a dealer feed import (with its import id), a staff member, or the demo seed. */
export type CatalogueSource = { kind: 'import'; importId: string } | { kind: 'staff' } | { kind: 'seed' };

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
  | { type: 'CarSold'; data: { carId: string; price: Money } }
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
] as const satisfies readonly CatalogueEventType[];

export const DEALER_EVENT_TYPES = [
  'DealerOpened',
  'DealerUpdated',
  'DealerClosed',
] as const satisfies readonly CatalogueEventType[];
