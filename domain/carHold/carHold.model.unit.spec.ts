/**
 * Model-based test of the car-hold decider (fast-check `fc.commands`): random sequences of holds,
 * releases, timers, extensions, transfers, sales, withdrawals and relistings, at random times, decided
 * on the car's stream and compared with a small reference model; after every step an independent audit
 * of the stream (testing/auditHolds.ts) checks that no car ever has two active holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CarStreamEvent, HoldReleaseReason } from '../catalogue/events.ts';
import type { CarHoldCommand } from './commands.ts';
import { decideCarHold, evolveCarHold, initialCarHold, unavailableReasonOf } from './decide.ts';
import { auditHolds } from './testing/auditHolds.ts';
import { CAR_ID, carListed, carWithdrawn, hoursAfter } from './testing/carEvents.ts';

interface Hold {
  id: string;
  funnel: 'booking' | 'purchase';
  holderId: string;
  customer: string;
  until: number;
}
interface Model {
  now: number; // hours after T0
  listed: boolean;
  withdrawn: boolean;
  sold: boolean;
  saleHold?: string;
  hold?: Hold;
  used: string[];
  next: number;
}
interface Real {
  events: CarStreamEvent[];
}
type Outcome = string; // the event types decided, or the refusal

/** Every (command, outcome) pair met, so the test can show it reached the interesting cases. */
const seen = new Set<string>();

function decideOn(real: Real, command: CarHoldCommand): Outcome {
  const outcome = decision(real, command);
  seen.add(`${command.type}: ${outcome}`);
  return outcome;
}

function decision(real: Real, command: CarHoldCommand): Outcome {
  const state = real.events.reduce(evolveCarHold, initialCarHold);
  try {
    const events = decideCarHold(command, state);
    real.events.push(...events);
    return events.map((e) => e.type).join(',');
  } catch (error) {
    return unavailableReasonOf(error) ?? (error as Error).name;
  }
}

/** A hold id to act on: mostly the active hold, otherwise any used before (or one never held). */
const pick = (model: Model, k: number) =>
  (k % 2 === 0 && model.hold?.id) || (model.used[k % Math.max(1, model.used.length)] ?? 'never-held');
const released = (expired: boolean) => (expired ? 'CarHoldReleased,CarHeld' : 'CarHeld');

type Cmd = fc.Command<Model, Real>;
const cmd = (label: string, run: (m: Model, r: Real) => void): Cmd => ({
  check: () => true,
  run: (m, r) => {
    run(m, r);
    auditHolds(r.events);
    const state = r.events.reduce(evolveCarHold, initialCarHold);
    expect({ hold: state.activeHold?.holdId, sold: state.sold, withdrawn: state.withdrawn }).toEqual({
      hold: m.hold?.id,
      sold: m.sold,
      withdrawn: m.withdrawn,
    });
  },
  toString: () => label,
});

const customers = fc.constantFrom('cus-1', 'cus-2', 'cus-3');
const commands = [
  fc.integer({ min: 0, max: 60 }).map((h) =>
    cmd(`tick ${h}h`, (m) => {
      m.now += h;
    }),
  ),
  fc.constant(
    cmd('list (feed or staff)', (m, r) => {
      if (m.sold || (m.listed && !m.withdrawn)) return;
      r.events.push(carListed());
      m.listed = true;
      m.withdrawn = false;
    }),
  ),
  fc.constant(
    cmd('withdraw (staff)', (m, r) => {
      if (!m.listed || m.sold || m.withdrawn) return;
      r.events.push(carWithdrawn());
      m.withdrawn = true;
    }),
  ),
  fc
    .record({
      funnel: fc.constantFrom('booking', 'purchase'),
      customer: customers,
      hours: fc.integer({ min: 1, max: 72 }),
    })
    .map(({ funnel, customer, hours }) =>
      cmd(`hold by a ${funnel} of ${customer} for ${hours}h`, (m, r) => {
        const id = `h${m.next++}`;
        const holder = { funnel, id: id.slice(1) };
        const until = m.now + hours;
        const outcome = decideOn(r, {
          type: 'HoldCar',
          carId: CAR_ID,
          holdId: id,
          holder,
          customerId: customer,
          until: hoursAfter(until),
          at: hoursAfter(m.now),
        });
        const expected = m.sold
          ? 'sold'
          : m.withdrawn
            ? 'withdrawn'
            : !m.listed
              ? 'not_listed'
              : m.hold && m.hold.until > m.now
                ? 'held'
                : released(m.hold !== undefined);
        expect(outcome).toBe(expected);
        if (expected.endsWith('CarHeld')) {
          if (m.hold) m.used.push(m.hold.id);
          m.hold = { id, funnel, holderId: holder.id, customer, until };
          m.used.push(id);
        }
      }),
    ),
  fc
    .record({
      k: fc.nat(),
      reason: fc.constantFrom<Exclude<HoldReleaseReason, 'expired'>>(
        'cancelled',
        'payment_failed',
        'abandoned',
      ),
    })
    .map(({ k, reason }) =>
      cmd(`release #${k} (${reason})`, (m, r) => {
        const id = pick(m, k);
        const outcome = decideOn(r, {
          type: 'ReleaseHold',
          carId: CAR_ID,
          holdId: id,
          reason,
          at: hoursAfter(m.now),
        });
        expect(outcome).toBe(m.hold?.id === id ? 'CarHoldReleased' : '');
        if (m.hold?.id === id) m.hold = undefined;
      }),
    ),
  fc.nat().map((k) =>
    cmd(`expiry timer of #${k}`, (m, r) => {
      const id = pick(m, k);
      const due = m.hold?.id === id && m.hold.until <= m.now;
      expect(decideOn(r, { type: 'ExpireHold', carId: CAR_ID, holdId: id, at: hoursAfter(m.now) })).toBe(
        due ? 'CarHoldReleased' : '',
      );
      if (due) m.hold = undefined;
    }),
  ),
  fc.record({ k: fc.nat(), hours: fc.integer({ min: 1, max: 96 }) }).map(({ k, hours }) =>
    cmd(`extend #${k} to ${hours}h from now`, (m, r) => {
      const id = pick(m, k);
      const until = m.now + hours;
      const outcome = decideOn(r, {
        type: 'ExtendHold',
        carId: CAR_ID,
        holdId: id,
        until: hoursAfter(until),
        at: hoursAfter(m.now),
      });
      const expected =
        m.hold?.id !== id
          ? 'hold_lost'
          : until <= m.hold.until
            ? ''
            : m.withdrawn
              ? 'withdrawn'
              : 'CarHoldExtended';
      expect(outcome).toBe(expected);
      if (expected === 'CarHoldExtended' && m.hold) m.hold.until = until;
    }),
  ),
  fc
    .record({ k: fc.nat(), customer: customers, hours: fc.integer({ min: 1, max: 24 }) })
    .map(({ k, customer, hours }) =>
      cmd(`transfer #${k} to a purchase of ${customer}`, (m, r) => {
        const id = pick(m, k);
        const toId = `h${m.next++}`;
        const until = m.now + hours;
        const outcome = decideOn(r, {
          type: 'TransferHold',
          carId: CAR_ID,
          holdId: id,
          toHoldId: toId,
          holder: { funnel: 'purchase', id: toId.slice(1) },
          customerId: customer,
          until: hoursAfter(until),
          at: hoursAfter(m.now),
        });
        const h = m.hold;
        const expected =
          h?.id !== id
            ? 'hold_lost'
            : h.funnel !== 'booking'
              ? 'IllegalStateError'
              : h.customer !== customer
                ? 'held'
                : m.withdrawn
                  ? 'withdrawn'
                  : 'CarHoldTransferred';
        expect(outcome).toBe(expected);
        if (expected === 'CarHoldTransferred' && h) {
          m.hold = { id: toId, funnel: 'purchase', holderId: toId.slice(1), customer, until };
          m.used.push(toId);
        }
      }),
    ),
  fc.nat().map((k) =>
    cmd(`sale under #${k}`, (m, r) => {
      const id = pick(m, k);
      const purchaseId = m.hold?.id === id ? m.hold.holderId : 'other';
      const outcome = decideOn(r, {
        type: 'SellCar',
        carId: CAR_ID,
        holdId: id,
        purchaseId,
        price: { amount: 1_000_000, currency: 'EUR' },
        at: hoursAfter(m.now),
      });
      const expected =
        m.sold && m.saleHold === id
          ? ''
          : m.sold
            ? 'sold'
            : m.withdrawn
              ? 'withdrawn'
              : m.hold?.id !== id
                ? 'hold_lost'
                : m.hold.funnel !== 'purchase'
                  ? 'IllegalStateError'
                  : 'CarSold';
      expect(outcome).toBe(expected);
      if (expected === 'CarSold') {
        m.sold = true;
        m.saleHold = id;
        m.hold = undefined;
      }
    }),
  ),
];

describe('car holds under random command sequences (model-based)', () => {
  it('every decision matches the reference model and no car ever has two active holds', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 60, size: 'max' }), (cmds) => {
        fc.modelRun(
          () => ({
            model: { now: 0, listed: true, withdrawn: false, sold: false, used: [], next: 1 },
            real: { events: [carListed()] },
          }),
          cmds,
        );
      }),
      { numRuns: 300 },
    );
    for (const reached of [
      'HoldCar: CarHeld',
      'HoldCar: CarHoldReleased,CarHeld',
      'HoldCar: held',
      'ExpireHold: CarHoldReleased',
      'ExpireHold: ',
      'ExtendHold: CarHoldExtended',
      'TransferHold: CarHoldTransferred',
      'TransferHold: held',
      'SellCar: CarSold',
      'SellCar: hold_lost',
    ])
      expect(seen).toContain(reached);
  });

  it('the audit itself catches a second active hold (it is not vacuous)', () => {
    const held = (holdId: string): CarStreamEvent => ({
      type: 'CarHeld',
      data: {
        carId: CAR_ID,
        holdId,
        holder: { funnel: 'booking', id: holdId },
        until: hoursAfter(48),
        at: hoursAfter(0),
      },
    });
    expect(() => auditHolds([carListed(), held('a'), held('b')])).toThrow(/second active hold/);
  });
});
