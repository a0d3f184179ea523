/**
 * What may be done on a car now (README "Read side"), read from its state alone: no clock,
 * no facts, no trial decision.
 *
 * - `allowedCarHoldCommands(state)` answers a buyer page: can this car be held now? (`['HoldCar']` or
 *   nothing.)
 * - `allowedCarHoldCommands(state, holdId)` answers the funnel that holds the car, or is about to hold
 *   it, as `holdId`: may its hold be extended, transferred, sold, released now?
 *
 * A command naming `holdId` is allowed when its decision (`decideCarHold`) would record something, or
 * would be the retry of what is already recorded under `holdId`: `HoldCar` while `holdId` has the car,
 * `SellCar` once the car was sold under `holdId` (both decide nothing, and a handler retrying them must
 * not be told no). Nothing else that decides nothing counts: releasing or expiring a hold that is not
 * the active one, extending to an end that is not later, a transfer's retry (a transfer is known again
 * by its target, `toHoldId`, not by the hold it ended).
 *
 * Time is the decision's. Each command is judged at the moment it is meant for:
 * - a buyer's or a funnel's, while the holds run (before any `until`). So a car with an active hold is
 *   not holdable, even past that hold's `until`: a past-due hold still belongs to its holder until an
 *   event ends it (README "Past due is claimable, not lost"), and a page does not offer a reserved car.
 *   The decision, which has the time, still lets another buyer's `HoldCar` take a past-due hold over;
 *   `carAvailability(events, at).holdable` is this answer with the time.
 * - the timer's `ExpireHold`, at its hold's `until`: allowed for the active hold; an early timer is
 *   decided and records nothing.
 * Extending, transferring and selling do not depend on the time: a past-due hold may still do them.
 * A transfer is judged for the booking's own customer (another customer is refused by the decision,
 * which has the command's customer); an extension for an end later than the hold's.
 *
 * `testing/trialCarHoldCommands.ts` is the oracle the tests compare this with (trial decisions).
 */
import type { CarHoldCommandType } from './commands.ts';
import type { CarHoldState } from './decide.ts';

type Rule = (state: CarHoldState, holdId: string | undefined) => boolean;

/** `holdId` is the hold that has the car now. */
const holds: Rule = (state, holdId) => holdId !== undefined && state.activeHold?.holdId === holdId;
const heldBy = (state: CarHoldState, holdId: string | undefined, funnel: 'booking' | 'purchase') =>
  holds(state, holdId) && state.activeHold?.holder.funnel === funnel;

/** Per command type, in the order of the answer. */
const RULES: Readonly<Record<CarHoldCommandType, Rule>> = {
  // A retry of the hold that has the car; or a new hold (an id never used) on a car on sale, not held.
  HoldCar: (state, holdId) =>
    holds(state, holdId) ||
    (state.listed &&
      !state.sold &&
      !state.withdrawn &&
      state.activeHold === undefined &&
      (holdId === undefined || !state.endedHolds.includes(holdId))),
  ExtendHold: (state, holdId) => holds(state, holdId) && !state.withdrawn,
  ReleaseHold: holds,
  ExpireHold: holds,
  TransferHold: (state, holdId) =>
    heldBy(state, holdId, 'booking') && state.activeHold?.customerId !== undefined && !state.withdrawn,
  // A replayed payment of the sale under this hold; or the sale by the purchase that holds the car.
  SellCar: (state, holdId) =>
    state.sold
      ? holdId !== undefined && state.sale?.holdId === holdId
      : heldBy(state, holdId, 'purchase') && !state.withdrawn,
};

/** The command types allowed now on the car, for a newcomer or for the holder of `holdId`. */
export function allowedCarHoldCommands(state: CarHoldState, holdId?: string): CarHoldCommandType[] {
  return (Object.keys(RULES) as CarHoldCommandType[]).filter((type) => RULES[type](state, holdId));
}
