/**
 * What the HTTP layer asks about a buyer's funnels that the services do not answer by id: the buyer's
 * purchase or booking of a car (a purchase form or booking form is the car's page, SPEC §2: posting it
 * again resumes the funnel the buyer already has), and a customer's active bookings (the limit page).
 *
 * Both are read from the streams that decide them, never from a read model that may lag: a funnel in
 * progress holds its car (one car, one hold), so the car's active hold names it; a bought car names its
 * purchase in the sale; the booking limit is the customer's ledger stream.
 */
import {
  activeBookings,
  bookingLedgerStream,
  evolveBookingLedger,
  initialBookingLedger,
} from '../../domain/booking/ledger.ts';
import { isDomainError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { EventStore } from '../eventStore.ts';
import { readAggregate } from '../handleCommand.ts';
import type { BookingService } from './bookingService.ts';
import type { BookingView } from './bookingView.ts';
import type { CarHolds, CarRead, CarRecord } from './carHolds.ts';
import type { PurchaseService } from './purchaseService.ts';
import type { PurchaseView } from './purchaseView.ts';

export interface BuyerFunnelsOptions {
  readonly store: EventStore;
  readonly cars: Pick<CarHolds, 'readStream'>;
  readonly purchases: Pick<PurchaseService, 'get'>;
  readonly bookings: Pick<BookingService, 'get'>;
}

/** A car as the funnel pages need it, and the buyer's funnels on it. */
export interface BuyerCar {
  readonly car: CarRecord;
  /** The car's stream as read for this answer (a start decides its hold on it: no second read). */
  readonly carRead: CarRead;
  /** The buyer's purchase holding (or having bought) the car. */
  readonly purchase: PurchaseView | undefined;
  /** The buyer's booking holding the car. */
  readonly booking: BookingView | undefined;
}

export function buyerFunnels(options: BuyerFunnelsOptions) {
  const { store, cars, purchases, bookings } = options;

  /** The funnel if `actor` may see it; another buyer's is none of theirs (404 → undefined). */
  async function mine<T>(read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch (error) {
      if (isDomainError(error, 'not_found')) return undefined;
      throw error;
    }
  }

  return {
    /** The car (undefined when it has no listing) and this buyer's purchase and booking of it. */
    async ofCar(carId: string, actor: Actor): Promise<BuyerCar | undefined> {
      const carRead = await cars.readStream(carId);
      const car = carRead.state;
      if (carRead.events.length === 0 || !car.facts) return undefined;
      const holder = car.hold.activeHold?.holder;
      const soldTo = car.hold.sale?.purchaseId;
      const purchaseId = holder?.funnel === 'purchase' ? holder.id : soldTo;
      const bookingId = holder?.funnel === 'booking' ? holder.id : undefined;
      const [purchase, booking] = await Promise.all([
        purchaseId ? mine(() => purchases.get(purchaseId, actor)) : undefined,
        bookingId ? mine(() => bookings.get(bookingId, actor)) : undefined,
      ]);
      return { car, carRead, purchase, booking };
    },

    /** The customer's bookings that take a slot at `at` (oldest first), by id. */
    async activeBookingIds(customerId: string, at: string): Promise<string[]> {
      const ledger = { initialState: initialBookingLedger, evolve: evolveBookingLedger };
      const { state } = await readAggregate(store, bookingLedgerStream(customerId), ledger);
      return activeBookings(state, at);
    },
  };
}

export type BuyerFunnels = ReturnType<typeof buyerFunnels>;
