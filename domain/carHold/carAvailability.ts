/**
 * What the booking and purchase handlers need to know about a car before they decide: is it listed,
 * sold, withdrawn, and who holds it (and whether that hold's time is up at `at`). Folded from the car's
 * own stream, so it is never behind like a read model; the decision itself is still made by
 * `decideCarHold` and an expected-revision append.
 */

import type { CarStatus } from '../catalogue/car.ts';
import type { CarStreamEvent } from '../catalogue/events.ts';
import { type ActiveHold, type CarHoldState, evolveCarHold, initialCarHold, isPastDue } from './decide.ts';

export interface CarAvailability {
  readonly listed: boolean;
  readonly sold: boolean;
  readonly withdrawn: boolean;
  /** The hold not yet released, transferred on or sold; `pastDue` when its time is up at `at`. */
  readonly activeHold?: ActiveHold & { readonly pastDue: boolean };
  /** The storefront's status; undefined for a car never listed. */
  readonly status?: CarStatus;
  /** Whether a new hold (HoldCar) would be decided now. */
  readonly holdable: boolean;
}

/** The availability of a car after its events; `at` (ISO) is the time of the command about to be decided. */
export function carAvailability(events: readonly CarStreamEvent[], at?: string): CarAvailability {
  return availabilityOf(events.reduce(evolveCarHold, initialCarHold), at);
}

export function availabilityOf(state: CarHoldState, at?: string): CarAvailability {
  const { listed, sold, withdrawn, activeHold } = state;
  const pastDue = activeHold !== undefined && at !== undefined && isPastDue(activeHold, at);
  const status: CarStatus | undefined = sold
    ? 'sold'
    : withdrawn
      ? 'withdrawn'
      : activeHold
        ? 'reserved'
        : listed
          ? 'available'
          : undefined;
  return {
    listed,
    sold,
    withdrawn,
    ...(activeHold ? { activeHold: { ...activeHold, pastDue } } : {}),
    ...(status ? { status } : {}),
    holdable: listed && !sold && !withdrawn && (!activeHold || pastDue),
  };
}
