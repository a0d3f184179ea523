/**
 * The car's side of the funnels ("One car, one hold", domain/carHold/README.md): read a car from its own
 * stream (`car-<id>`: the listing facts, the price now, who holds it, how each earlier hold ended), and
 * decide hold commands on it with an expected-revision append (engine/handleCommand.ts: on a concurrent
 * write, read and decide again). Two funnels racing for one car cannot both win: the second append fails,
 * is decided again on the new revision and is refused (`carUnavailable`, a 409 whose `details.reason`
 * the funnels record as "car not available" / "booking ko").
 */

import { LRUCache } from 'lru-cache';
import type { CarHoldCommand } from '../../domain/carHold/commands.ts';
import {
  type CarHoldState,
  decideCarHold,
  evolveCarHold,
  initialCarHold,
} from '../../domain/carHold/decide.ts';
import { type CarFacts, carStream } from '../../domain/catalogue/car.ts';
import { type Dealer, dealerStream } from '../../domain/catalogue/dealer.ts';
import type { CarStreamEvent, CatalogueEvent } from '../../domain/catalogue/events.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { type AggregateStream, type Evolver, handleCommand, readAggregate } from '../handleCommand.ts';

/** How a hold ended on the car's stream. */
export type HoldEnding = 'expired' | 'released' | 'transferred' | 'sold';

/** A car as its stream tells it now. */
export interface CarRecord {
  readonly carId: string;
  /** The latest facts (listing, corrections, price changes); undefined before `CarListed`. */
  readonly facts: CarFacts | undefined;
  readonly hold: CarHoldState;
  /** Every hold that ended, by hold id. */
  readonly endings: Readonly<Record<string, HoldEnding>>;
}

const initialCar = (carId: string): CarRecord => ({
  carId,
  facts: undefined,
  hold: initialCarHold,
  endings: {},
});

function evolveCar(car: CarRecord, event: CarStreamEvent): CarRecord {
  const hold = evolveCarHold(car.hold, event);
  switch (event.type) {
    case 'CarListed':
      return { ...car, hold, facts: event.data.car };
    case 'CarDetailsUpdated':
      return { ...car, hold, facts: event.data.car };
    case 'CarPriceChanged':
      return { ...car, hold, facts: car.facts && { ...car.facts, price: event.data.price } };
    case 'CarHoldReleased': {
      const ending: HoldEnding = event.data.reason === 'expired' ? 'expired' : 'released';
      return { ...car, hold, endings: { ...car.endings, [event.data.holdId]: ending } };
    }
    case 'CarHoldTransferred':
      return { ...car, hold, endings: { ...car.endings, [event.data.holdId]: 'transferred' } };
    case 'CarSold': {
      const sold = car.hold.activeHold?.holdId;
      return sold ? { ...car, hold, endings: { ...car.endings, [sold]: 'sold' } } : { ...car, hold };
    }
    case 'CarWithdrawn':
    case 'CarHeld':
    case 'CarHoldExtended':
      return { ...car, hold };
    default: {
      const never: never = event;
      throw new Error(`unknown car event ${JSON.stringify(never)}`);
    }
  }
}

/** How a car's stream folds into a `CarRecord` (the hold commands here, the staff listing commands: carListing.ts). */
export const carEvolver = (carId: string): Evolver<CarRecord, CarStreamEvent> => ({
  initialState: initialCar(carId),
  evolve: evolveCar,
});

export interface CarHoldsOptions {
  readonly store: EventStore;
  /** New event ids (the composition root's UUIDs). */
  readonly newId: () => string;
}

/** A car's stream read and folded (what `decide` may start from). */
export type CarRead = AggregateStream<CarRecord, CarStreamEvent>;

/** Reads cars and decides holds on their streams. */
export interface CarHolds {
  /** The car now; undefined when it has no stream (an unknown car id). */
  read(carId: string): Promise<CarRecord | undefined>;
  /** The car's stream now, for a decision that follows (`decide`'s `read`). */
  readStream(carId: string): Promise<CarRead>;
  /**
   * The car's listing as it was at most a minute ago (undefined: not listed): the facts behind quotes,
   * offers and links (dealer, condition, fuel, slug). Decisions on the car (its price, its holds) read
   * its stream.
   */
  listing(carId: string): Promise<CarFacts | undefined>;
  /** The car's dealer (for delivery quotes), as it was at most a minute ago; undefined when unknown. */
  dealer(dealerId: string): Promise<Dealer | undefined>;
  /**
   * Decides a hold command and appends its events (none for a retry), on `read` when the caller has
   * just read the car (a stale read costs a conflict and a fresh read). A refusal is the decider's
   * `carUnavailable` ConflictError (`unavailableReasonOf`), a ValidationError or an IllegalStateError.
   */
  decide(
    command: CarHoldCommand,
    metadata: JsonObject,
    read?: CarRead,
  ): Promise<{ events: readonly CarStreamEvent[]; car: CarRecord }>;
}

const MINUTE = 60_000;

const dealerEvolver: Evolver<Dealer | undefined, CatalogueEvent> = {
  initialState: undefined,
  evolve: (dealer, event) =>
    event.type === 'DealerOpened' || event.type === 'DealerUpdated' ? event.data.dealer : dealer,
};

export function createCarHolds(options: CarHoldsOptions): CarHolds {
  const { store, newId } = options;
  // A listing or a dealer a minute old only quotes with last minute's facts; none is ever decided on.
  // Every read of a car refreshes its listing.
  const listings = new LRUCache<string, CarFacts>({ max: 10_000, ttl: MINUTE });
  const dealers = new LRUCache<string, Dealer>({ max: 1_000, ttl: MINUTE });
  const readStream = async (carId: string) => {
    const read = await readAggregate(store, carStream(carId), carEvolver(carId));
    if (read.state.facts) listings.set(carId, read.state.facts);
    return read;
  };
  return {
    async read(carId) {
      const { state, events } = await readStream(carId);
      return events.length === 0 ? undefined : state;
    },
    readStream,
    async listing(carId) {
      return listings.get(carId) ?? (await readStream(carId)).state.facts;
    },
    async dealer(dealerId) {
      const cached = dealers.get(dealerId);
      if (cached) return cached;
      const dealer = (await readAggregate(store, dealerStream(dealerId), dealerEvolver)).state;
      if (dealer) dealers.set(dealerId, dealer);
      return dealer;
    },
    async decide(command, metadata, read) {
      const result = await handleCommand(
        store,
        carStream(command.carId),
        carEvolver(command.carId),
        (car) => decideCarHold(command, car.hold),
        // Each loser of a race is refused on its second read; the margin covers unrelated writes.
        { newId, metadata, maxAttempts: 10, ...(read ? { read } : {}) },
      );
      // The car after the command (as read for it, plus what it appended).
      return { events: result.events, car: result.stream.state };
    },
  };
}
