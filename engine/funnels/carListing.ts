/**
 * Staff on a car's listing (the back office): its price and its withdrawal, decided on the car's own
 * stream with an expected-revision append (domain/catalogue/staffCarCommands.ts), the staff member as
 * the actor and their reason in the metadata. A withdrawn car's active hold is then lost by its funnel
 * (a purchase: car not available; a booking: ended, its deposit refunded), which releases the car.
 */
import type { ActiveHold, CarHoldState } from '../../domain/carHold/decide.ts';
import { carStream, type Money } from '../../domain/catalogue/car.ts';
import {
  allowedStaffCarCommands,
  decideStaffCar,
  type StaffCarCommand,
  type StaffCarCommandType,
  type StaffCarState,
} from '../../domain/catalogue/staffCarCommands.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { handleCommand } from '../handleCommand.ts';
import type { BookingService } from './bookingService.ts';
import { type CarHolds, type CarRecord, carEvolver } from './carHolds.ts';
import { commandIdOf, type FunnelCall, type ResolvedCall, resolveCall, subCall } from './funnelCall.ts';
import type { FunnelLog } from './funnelPorts.ts';
import type { PurchaseService } from './purchaseService.ts';

export interface CarListingOptions {
  readonly store: EventStore;
  readonly cars: CarHolds;
  readonly purchases: Pick<PurchaseService, 'loseHold'>;
  readonly bookings: Pick<BookingService, 'releaseHold'>;
  readonly clock: () => Date;
  readonly log?: FunnelLog;
}

/** A car as staff see it beside a funnel: its price, where it stands, who holds it, what they may do. */
export interface CarListingView {
  readonly carId: string;
  readonly price: Money;
  readonly status: 'available' | 'reserved' | 'sold' | 'withdrawn';
  readonly activeHold: ActiveHold | null;
  readonly allowedCommands: readonly StaffCarCommandType[];
  /** Events in the car's stream. */
  readonly version: number;
}

const stateOf = (car: CarRecord): StaffCarState => ({
  carId: car.carId,
  price: car.hold.listed ? car.facts?.price : undefined,
  withdrawn: car.hold.withdrawn,
  sold: car.hold.sold,
});

function statusOf(hold: CarHoldState): CarListingView['status'] {
  if (hold.sold) return 'sold';
  if (hold.withdrawn) return 'withdrawn';
  return hold.activeHold ? 'reserved' : 'available';
}

function toView(car: CarRecord, version: number): CarListingView {
  const state = stateOf(car);
  if (!state.price) throw new NotFoundError(`car ${car.carId} not found`, { carId: car.carId });
  return {
    carId: car.carId,
    price: state.price,
    status: statusOf(car.hold),
    activeHold: car.hold.activeHold ?? null,
    allowedCommands: allowedStaffCarCommands(state),
    version,
  };
}

export function createCarListing(options: CarListingOptions) {
  const { store, cars } = options;

  /** Decides a staff command on the car's stream (a retried key answers what it appended). */
  async function run(command: StaffCarCommand, call: FunnelCall) {
    const read = await cars.readStream(command.carId);
    if (read.events.length === 0)
      throw new NotFoundError(`car ${command.carId} not found`, { carId: command.carId });
    const resolved = resolveCall(call, read.revision);
    const at = options.clock().toISOString();
    const metadata: JsonObject = {
      actor: resolved.actor as unknown as JsonObject,
      correlationId: `car-${command.carId}`,
      causationId: commandIdOf('car', command.carId, resolved.idempotencyKey),
      at,
      ...(resolved.reason ? { reason: resolved.reason } : {}),
    };
    const result = await handleCommand(
      store,
      carStream(command.carId),
      carEvolver(command.carId),
      (car) => decideStaffCar(command, stateOf(car)),
      { idempotencyKey: resolved.idempotencyKey, metadata, read, maxAttempts: 10 },
    );
    // Quotes and links read the listing from a cache: read the car once more to refresh it.
    if (result.events.length > 0 && !result.replayed) await cars.readStream(command.carId);
    return { car: result.stream.state, version: result.stream.events.length, call: resolved };
  }

  /** The funnel holding a withdrawn car loses its hold (idempotent: a retry finds nothing to do). */
  async function loseHoldOf(car: CarRecord, call: ResolvedCall): Promise<void> {
    const hold = car.hold.activeHold;
    if (!car.hold.withdrawn || !hold) return;
    const lost = subCall(call, `withdrawn/${hold.holdId}`);
    if (hold.holder.funnel === 'purchase')
      await options.purchases.loseHold(
        hold.holder.id,
        { holdId: hold.holdId, reason: 'car_withdrawn' },
        lost,
      );
    else
      await options.bookings.releaseHold(
        hold.holder.id,
        { holdId: hold.holdId, reason: 'car_withdrawn' },
        lost,
      );
  }

  async function view(carId: string): Promise<CarListingView> {
    const read = await cars.readStream(carId);
    if (read.events.length === 0) throw new NotFoundError(`car ${carId} not found`, { carId });
    return toView(read.state, read.events.length);
  }

  return {
    /** The car now, from its stream (never behind). */
    get: view,

    /** A new price (minor units, the car's currency); the same price records nothing. */
    async changePrice(carId: string, input: { amount: number }, call: FunnelCall): Promise<CarListingView> {
      const { car, version } = await run({ type: 'ChangeCarPrice', carId, amount: input.amount }, call);
      return toView(car, version);
    },

    /** Off sale: hidden from the lists; the funnel holding it loses the car. */
    async withdraw(carId: string, call: FunnelCall): Promise<CarListingView> {
      const { car, call: resolved } = await run({ type: 'WithdrawCar', carId }, call);
      await loseHoldOf(car, resolved);
      return view(carId);
    },
  };
}

export type CarListing = ReturnType<typeof createCarListing>;
