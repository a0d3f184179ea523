/**
 * Random histories of one car, for property tests: catalogue facts (listed, withdrawn, sold outside
 * the funnels) and the funnels' hold commands at random times, each command decided by `decideCarHold`
 * on the stream so far (a refusal leaves no trace), so every history is one the car can have.
 */
import fc from 'fast-check';
import type { CarStreamEvent } from '../../catalogue/events.ts';
import type { CarHoldCommand } from '../commands.ts';
import { type CarHoldState, decideCarHold, evolveCarHold, initialCarHold } from '../decide.ts';
import { CAR_ID, carListed, carWithdrawn, hoursAfter } from './carEvents.ts';

export interface CarHistory {
  readonly events: readonly CarStreamEvent[];
  /** Every hold id the history gave the car, in order. */
  readonly holdIds: readonly string[];
}

type Move =
  | { kind: 'wait'; hours: number }
  | { kind: 'list' }
  | { kind: 'withdraw' }
  | { kind: 'soldOutside' }
  | { kind: 'hold'; funnel: 'booking' | 'purchase'; customer: string | undefined; hours: number }
  | {
      kind: 'release' | 'expire' | 'extend' | 'transfer' | 'sell';
      /** Which hold: the active one when even, else one the history used (or one it never did). */
      pick: number;
      customer: string;
      hours: number;
    };

const hours = fc.integer({ min: 1, max: 72 });
const customer = fc.constantFrom('cus-1', 'cus-2');
const move: fc.Arbitrary<Move> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 60 }) }),
  },
  { weight: 2, arbitrary: fc.constant<Move>({ kind: 'list' }) },
  { weight: 1, arbitrary: fc.constantFrom<Move>({ kind: 'withdraw' }, { kind: 'soldOutside' }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      funnel: fc.constantFrom('booking' as const, 'purchase' as const),
      customer: fc.option(customer, { nil: undefined, freq: 5 }),
      hours,
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constantFrom('release' as const, 'expire' as const, 'extend' as const, 'transfer' as const),
      pick: fc.nat(),
      customer,
      hours,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('sell' as const), pick: fc.nat(), customer, hours }),
  },
);

/** Histories of up to `maxMoves` moves, from a listed car (mostly) or one never listed. */
export function carHistories(maxMoves = 60): fc.Arbitrary<CarHistory> {
  return fc
    .tuple(fc.boolean(), fc.boolean(), fc.array(move, { maxLength: maxMoves, size: 'max' }))
    .map(([listed, alsoListed, moves]) => play(listed || alsoListed, moves));
}

function play(listed: boolean, moves: readonly Move[]): CarHistory {
  const events: CarStreamEvent[] = [];
  const holdIds: string[] = [];
  let state: CarHoldState = initialCarHold;
  let now = 0;
  const record = (...decided: CarStreamEvent[]) => {
    events.push(...decided);
    state = decided.reduce(evolveCarHold, state);
    for (const e of decided) {
      if (e.type === 'CarHeld') holdIds.push(e.data.holdId);
      if (e.type === 'CarHoldTransferred') holdIds.push(e.data.toHoldId);
    }
  };
  if (listed) record(carListed());
  for (const m of moves) {
    if (m.kind === 'wait') now += m.hours;
    else if (m.kind === 'list') {
      if (!state.sold && (!state.listed || state.withdrawn)) record(carListed());
    } else if (m.kind === 'withdraw') {
      if (state.listed && !state.withdrawn && !state.sold) record(carWithdrawn());
    } else if (m.kind === 'soldOutside') {
      if (state.listed && !state.sold && !state.activeHold)
        record({ type: 'CarSold', data: { carId: CAR_ID, price: { amount: 900_000, currency: 'EUR' } } });
    } else {
      try {
        record(...decideCarHold(commandOf(m, state, now, `h${holdIds.length + 1}`, holdIds), state));
      } catch {
        // refused: the car's history is unchanged
      }
    }
  }
  return { events, holdIds };
}

function commandOf(
  m: Exclude<Move, { kind: 'wait' | 'list' | 'withdraw' | 'soldOutside' }>,
  state: CarHoldState,
  now: number,
  newId: string,
  used: readonly string[],
): CarHoldCommand {
  const base = { carId: CAR_ID, at: hoursAfter(now) };
  const until = hoursAfter(now + m.hours);
  if (m.kind === 'hold')
    return {
      ...base,
      type: 'HoldCar',
      holdId: newId,
      holder: { funnel: m.funnel, id: newId },
      ...(m.customer ? { customerId: m.customer } : {}),
      until,
    };
  const active = state.activeHold;
  const holdId = (m.pick % 2 === 0 && active?.holdId) || (used[m.pick % (used.length + 1)] ?? 'never-held');
  switch (m.kind) {
    case 'release':
      return { ...base, type: 'ReleaseHold', holdId, reason: 'cancelled' };
    case 'expire':
      return { ...base, type: 'ExpireHold', holdId };
    case 'extend':
      return { ...base, type: 'ExtendHold', holdId, until };
    case 'transfer':
      return {
        ...base,
        type: 'TransferHold',
        holdId,
        toHoldId: newId,
        holder: { funnel: 'purchase', id: newId },
        customerId: m.customer,
        until,
      };
    case 'sell':
      return {
        ...base,
        type: 'SellCar',
        holdId,
        purchaseId: active?.holdId === holdId ? active.holder.id : 'other',
        price: { amount: 1_000_000, currency: 'EUR' },
      };
  }
}
