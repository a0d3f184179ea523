/**
 * The test oracle of `allowedCarHoldCommands` (../allowedCommands.ts): what may be done on the car now,
 * asked of `decideCarHold` itself by trial. Each command type is tried once, naming `holdId` (or a hold
 * id never used), with data built from the state: the booking's own customer for a transfer, the
 * holding purchase for a sale, an end later than any hold's, a new hold id to transfer to. Buyers' and
 * funnels' commands are tried just before the active hold ends (before any `until`), the timer's
 * `ExpireHold` at its end. A type is allowed when its trial records something, or, for `HoldCar` and
 * `SellCar`, decides nothing without a refusal: the decider's only silent answer to those is a retry
 * (the hold that has the car, a replayed payment).
 */
import type { CarHoldCommand, CarHoldCommandType } from '../commands.ts';
import { type CarHoldState, decideCarHold } from '../decide.ts';

/** A hold id no history uses. */
export const NEVER_HELD = '(never-held)';
const EARLY = '2000-01-01T00:00:00.000Z';
const YEAR = 365 * 86_400_000;
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

function trials(state: CarHoldState, holdId: string): Record<CarHoldCommandType, CarHoldCommand> {
  const carId = 'trial';
  const hold = state.activeHold;
  const ends = hold?.until;
  const at = ends ? shift(ends, -1) : EARLY;
  const later = shift(ends ?? EARLY, YEAR);
  return {
    HoldCar: {
      type: 'HoldCar',
      carId,
      holdId,
      holder: { funnel: 'booking', id: 'trial' },
      customerId: 'trial',
      until: later,
      at,
    },
    ExtendHold: { type: 'ExtendHold', carId, holdId, until: later, at },
    ReleaseHold: { type: 'ReleaseHold', carId, holdId, reason: 'cancelled', at },
    ExpireHold: { type: 'ExpireHold', carId, holdId, at: ends ?? at },
    TransferHold: {
      type: 'TransferHold',
      carId,
      holdId,
      toHoldId: `${NEVER_HELD}-to`,
      holder: { funnel: 'purchase', id: 'trial' },
      customerId: hold?.customerId ?? 'trial',
      until: later,
      at,
    },
    SellCar: {
      type: 'SellCar',
      carId,
      holdId,
      purchaseId: hold?.holder.id ?? 'trial',
      price: { amount: 1_000_000, currency: 'EUR' },
      at,
    },
  };
}

const RETRIED = new Set<CarHoldCommandType>(['HoldCar', 'SellCar']);

/** What the trial of `type` gives: events recorded, nothing, or a refusal. */
function outcome(command: CarHoldCommand, state: CarHoldState): 'records' | 'nothing' | 'refused' {
  try {
    return decideCarHold(command, state).length > 0 ? 'records' : 'nothing';
  } catch {
    return 'refused';
  }
}

/** The command types allowed now, by trial (in the order of `allowedCarHoldCommands`). */
export function trialCarHoldCommands(state: CarHoldState, holdId?: string): CarHoldCommandType[] {
  const all = trials(state, holdId ?? NEVER_HELD);
  return (Object.keys(all) as CarHoldCommandType[]).filter((type) => {
    const answer = outcome(all[type], state);
    return answer === 'records' || (answer === 'nothing' && RETRIED.has(type));
  });
}
