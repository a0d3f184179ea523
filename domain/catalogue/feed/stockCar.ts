/**
 * A car as the stock import sees it (its facts and sale status), how its catalogue events change it,
 * and what a feed line (or its absence) makes of it. `decideCar` is the one decision: `diffStock`
 * applies it to a whole stock, the engine applies it again to one car's stream on a conflict.
 */
import type { CarFacts, CarStatus, Money } from '../car.ts';
import type { CarStreamEvent, CatalogueEvent, CatalogueSource } from '../events.ts';

export interface StockCar {
  readonly car: CarFacts;
  readonly status: CarStatus;
  /** The active hold, if any: a listing while it lasts keeps the car reserved. */
  readonly holdId?: string;
}

/** The events the import writes (never a hold: holds belong to the funnels, domain/carHold). */
export type CarEvent = Extract<
  CatalogueEvent,
  { type: 'CarListed' | 'CarDetailsUpdated' | 'CarPriceChanged' | 'CarWithdrawn' | 'CarSold' }
>;

/**
 * The car after one of its events (the catalogue projection's rules, without its read model). A hold
 * makes an available car `reserved` until it is released, transferred on or ends in a sale.
 */
export function evolveStockCar(state: StockCar | undefined, event: CarStreamEvent): StockCar | undefined {
  switch (event.type) {
    case 'CarListed':
      return state?.holdId
        ? { car: event.data.car, status: 'reserved', holdId: state.holdId }
        : { car: event.data.car, status: 'available' };
    case 'CarDetailsUpdated':
      return { ...state, car: event.data.car, status: state?.status ?? 'available' };
    case 'CarPriceChanged':
      return state && { ...state, car: { ...state.car, price: event.data.price } };
    case 'CarWithdrawn':
      return state && { ...state, status: 'withdrawn' };
    case 'CarSold':
      return state && { car: state.car, status: 'sold' };
    case 'CarHeld':
      return (
        state && {
          ...state,
          holdId: event.data.holdId,
          status: state.status === 'available' ? 'reserved' : state.status,
        }
      );
    case 'CarHoldExtended':
      return state;
    case 'CarHoldReleased':
      return state?.holdId === event.data.holdId
        ? { car: state.car, status: state.status === 'reserved' ? 'available' : state.status }
        : state;
    case 'CarHoldTransferred':
      return state?.holdId === event.data.holdId ? { ...state, holdId: event.data.toHoldId } : state;
    default: {
      const unexpected: never = event;
      throw new Error(`unexpected car event ${(unexpected as { type: string }).type}`);
    }
  }
}

/**
 * The events that bring a car in line with its feed line (`wanted`, a complete listing), or with its
 * absence from a feed that lists its dealer (`undefined`):
 * - not in the catalogue → `CarListed`; withdrawn → listed again (`CarListed`);
 * - on sale (available or reserved) → `CarDetailsUpdated` when anything but the price differs (it
 *   carries the current price), then `CarPriceChanged` when the price differs;
 * - absent from the feed and available → `CarWithdrawn` (`not_in_feed`); a reserved car is left to
 *   its hold, a sold or withdrawn one stays as it is;
 * - sold → nothing: a sale is final, a feed that still lists the car is behind.
 */
export function decideCar(
  current: StockCar | undefined,
  wanted: CarFacts | undefined,
  source: CatalogueSource,
): CarEvent[] {
  if (!wanted) {
    if (current?.status !== 'available') return [];
    return [{ type: 'CarWithdrawn', data: { carId: current.car.carId, reason: 'not_in_feed', source } }];
  }
  if (!current || current.status === 'withdrawn')
    return [{ type: 'CarListed', data: { car: wanted, source } }];
  if (current.status === 'sold') return [];
  const events: CarEvent[] = [];
  if (!sameFacts(current.car, wanted)) {
    events.push({
      type: 'CarDetailsUpdated',
      data: { carId: wanted.carId, car: { ...wanted, price: current.car.price }, source },
    });
  }
  if (!samePrice(current.car.price, wanted.price)) {
    events.push({
      type: 'CarPriceChanged',
      data: { carId: wanted.carId, previous: current.car.price, price: wanted.price, source },
    });
  }
  return events;
}

export function samePrice(a: Money, b: Money): boolean {
  return a.amount === b.amount && a.currency === b.currency;
}

/** Whether two listings agree on everything but the price (equipment compared as a set). */
export function sameFacts(a: CarFacts, b: CarFacts): boolean {
  return (
    a.carId === b.carId &&
    a.reference === b.reference &&
    a.condition === b.condition &&
    a.country === b.country &&
    a.dealerId === b.dealerId &&
    a.brand === b.brand &&
    a.model === b.model &&
    a.version === b.version &&
    a.year === b.year &&
    (a.firstRegistration ?? '') === (b.firstRegistration ?? '') &&
    a.mileageKm === b.mileageKm &&
    a.fuel === b.fuel &&
    a.gearbox === b.gearbox &&
    a.body === b.body &&
    a.colour === b.colour &&
    a.powerKw === b.powerKw &&
    a.doors === b.doors &&
    a.seats === b.seats &&
    a.co2 === b.co2 &&
    a.equipment.every((e) => b.equipment.includes(e)) &&
    b.equipment.every((e) => a.equipment.includes(e))
  );
}
