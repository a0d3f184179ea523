/**
 * Car-hold commands (imperatives) on a car's stream. Times are ISO 8601 (UTC) and come in with the
 * command (`at`: when the command is decided; `until`: when the hold ends), as do the hold ids: the
 * domain has no clock and makes no ids. Rules: README.md beside this file.
 */
import type { Money } from '../catalogue/car.ts';
import type { HoldHolder, HoldReleaseReason } from '../catalogue/events.ts';

export type CarHoldCommand =
  /** A booking or a purchase wants the car until `until`. */
  | {
      type: 'HoldCar';
      carId: string;
      holdId: string;
      holder: HoldHolder;
      customerId?: string;
      until: string;
      at: string;
    }
  /** The active hold lasts until a later `until` (a booking deposit paid). */
  | { type: 'ExtendHold'; carId: string; holdId: string; until: string; at: string }
  /** The holder lets the car go (cancelled, payment failed, finance declined, abandoned, …). */
  | {
      type: 'ReleaseHold';
      carId: string;
      holdId: string;
      reason: Exclude<HoldReleaseReason, 'expired'>;
      at: string;
    }
  /** The hold's timer fired: the hold ends if it is still the active one and past its `until`. */
  | { type: 'ExpireHold'; carId: string; holdId: string; at: string }
  /** A booked car bought by the buyer who booked it: the booking's hold passes to the purchase. */
  | {
      type: 'TransferHold';
      carId: string;
      holdId: string;
      toHoldId: string;
      holder: HoldHolder & { funnel: 'purchase' };
      customerId: string;
      until: string;
      at: string;
    }
  /** The purchase holding the car is paid: the car is sold. */
  | { type: 'SellCar'; carId: string; holdId: string; purchaseId: string; price: Money; at: string };

export type CarHoldCommandType = CarHoldCommand['type'];
