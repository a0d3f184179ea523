/**
 * Properties of the booking funnel under random command sequences (fast-check): replaying the stored
 * events gives the live state; finished bookings take no events; a paid deposit is never left behind
 * (a booking that ends without a purchase refunds it, exactly once); nothing but a 409 is ever refused;
 * `allowedCommands` equals the trial decisions (testing/trialAllowedCommands.ts) in every state reached.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { IllegalStateError } from '../errors.ts';
import { allowedCommands } from './allowedCommands.ts';
import {
  type BookingSnapshot,
  initialBookingState,
  persistBooking,
  replayBooking,
  restoreBooking,
  stateOf,
} from './bookingState.ts';
import type { BookingCommand } from './commands.ts';
import { decideBooking } from './decide.ts';
import type { BookingEvent } from './events.ts';
import type { BookingFacts } from './facts.ts';
import { bookingMachine } from './machine.ts';
import { DEPOSIT, FREE, hoursAfter, T0 } from './testing/bookingFixtures.ts';
import { trialAllowedCommands } from './testing/trialAllowedCommands.ts';

type Step = [BookingCommand, Omit<BookingFacts, 'at'>];
const paymentIds = fc.constantFrom('pay-1', 'pay-2', 'pay-3');
const customers = fc.constantFrom('cus-1', 'cus-2');

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom<Step>(
    [
      { type: 'StartBooking', carId: '101', locale: 'fr' },
      { bookingId: '1', terms: FREE },
    ],
    [
      { type: 'StartBooking', carId: '101', locale: 'pl' },
      { bookingId: '1', terms: DEPOSIT },
    ],
  ),
  customers.map((customerId): Step => [{ type: 'ConfirmContact', customerId, method: 'signed_in' }, {}]),
  fc
    .record({
      taken: fc.boolean(),
      held: fc.boolean(),
      reason: fc.constantFrom('held', 'sold', 'withdrawn', 'not_listed' as const),
    })
    .map(
      ({ taken, held, reason }): Step => [
        { type: 'PlaceHold' },
        taken
          ? {
              slot: { taken },
              hold: held ? { held, holdId: 'booking-1', until: hoursAfter(0.5) } : { held, reason },
            }
          : { slot: { taken, limit: 2, activeBookingIds: ['7', '8'] } },
      ],
    ),
  fc
    .record({ paymentId: paymentIds, cheat: fc.boolean() })
    .map(
      ({ paymentId, cheat }): Step => [
        { type: 'RequestDepositPayment' },
        { payment: { paymentId, amount: cheat ? { amount: 1, currency: 'PLN' } : DEPOSIT.deposit! } },
      ],
    ),
  fc
    .record({ paymentId: paymentIds, ok: fc.boolean() })
    .map(
      ({ paymentId, ok }): Step => [
        ok
          ? { type: 'RecordDepositPayment', paymentId, result: 'succeeded' }
          : { type: 'RecordDepositPayment', paymentId, result: 'failed', reason: 'declined' },
        {},
      ],
    ),
  fc.constantFrom('booking-1', 'booking-0').map((holdId): Step => [{ type: 'ExpireBooking', holdId }, {}]),
  fc
    .record({ by: fc.constantFrom('buyer' as const, 'staff' as const), refund: fc.boolean() })
    .map(
      ({ by, refund }): Step => [
        { type: 'CancelBooking', by, reason: 'other' },
        refund ? { refund: { refundId: 'ref-1' } } : {},
      ],
    ),
  paymentIds.map((paymentId): Step => [{ type: 'RecordDepositRefund', paymentId, refundId: 'ref-2' }, {}]),
  // Staff: give back an owed deposit, extend the hold, release it (or the car withdrawn).
  fc.constant<Step>([{ type: 'RefundDeposit' }, { refund: { refundId: 'ref-3' } }]),
  fc.integer({ min: 1, max: 1440 }).map((minutes): Step => [{ type: 'ExtendBookingHold', minutes }, {}]),
  fc
    .record({
      holdId: fc.constantFrom('booking-1', 'booking-0'),
      reason: fc.constantFrom('released' as const, 'car_withdrawn' as const),
      refund: fc.boolean(),
    })
    .map(
      ({ holdId, reason, refund }): Step => [
        { type: 'ReleaseBookingHold', holdId, reason },
        refund ? { refund: { refundId: 'ref-4' } } : {},
      ],
    ),
  customers.map(
    (customerId): Step => [{ type: 'ConvertBooking', purchaseId: '9', customerId, holdId: 'purchase-9' }, {}],
  ),
);

/** Decides each step on the live state; refusals are kept aside. */
function run(steps: readonly Step[]) {
  let live = initialBookingState();
  const stored: BookingEvent[] = [];
  const states: BookingSnapshot[] = [live];
  for (const [command, facts] of steps) {
    let events: BookingEvent[];
    try {
      events = decideBooking(command, live, { at: T0, ...facts });
    } catch (error) {
      // A refusal is a 409 (the state does not take it, or another customer's booking), nothing else.
      expect(error).toBeInstanceOf(IllegalStateError);
      continue;
    }
    for (const event of events) {
      live = transition(bookingMachine, live, event)[0];
      states.push(live);
    }
    stored.push(...events);
  }
  return { live, stored, states };
}

/** A start along the deposit path (random commands rarely pay a deposit on their own), then anything. */
const DEPOSIT_PATH: Step[] = [
  [
    { type: 'StartBooking', carId: '101', locale: 'pl' },
    { bookingId: '1', terms: DEPOSIT },
  ],
  [{ type: 'ConfirmContact', customerId: 'cus-1', method: 'signed_up' }, {}],
  [
    { type: 'PlaceHold' },
    { slot: { taken: true }, hold: { held: true, holdId: 'booking-1', until: hoursAfter(0.5) } },
  ],
  [{ type: 'RequestDepositPayment' }, { payment: { paymentId: 'pay-1', amount: DEPOSIT.deposit! } }],
  [{ type: 'RecordDepositPayment', paymentId: 'pay-1', result: 'succeeded' }, {}],
];
const steps = fc
  .tuple(fc.integer({ min: 0, max: DEPOSIT_PATH.length }), fc.array(step, { maxLength: 30 }))
  .map(([n, tail]) => [...DEPOSIT_PATH.slice(0, n), ...tail]);

describe('booking funnel properties', () => {
  it('replaying the stored events gives the live state, and so does a snapshot restored from JSON', () => {
    fc.assert(
      fc.property(steps, (s) => {
        const { live, stored } = run(s);
        const replayed = replayBooking(stored);
        expect(persistBooking(replayed)).toEqual(persistBooking(live));
        const restored = restoreBooking(JSON.parse(JSON.stringify(persistBooking(live))));
        expect(persistBooking(restored)).toEqual(persistBooking(live));
        expect(allowedCommands(restored)).toEqual(allowedCommands(live));
      }),
      { numRuns: 500 },
    );
  });

  it('a finished booking takes no event and no command decides anything on it', () => {
    // Sequences that start a booking and push it on: most end in a final state.
    const toward = steps;
    let finished = 0;
    fc.assert(
      fc.property(toward, fc.array(step, { minLength: 1, maxLength: 10 }), (first, more) => {
        const { live, stored } = run(first);
        if (live.status !== 'done') return;
        finished += 1;
        for (const [command, facts] of more) {
          let events: BookingEvent[] = [];
          try {
            events = decideBooking(command, live, { at: T0, ...facts });
          } catch (error) {
            expect(error).toBeInstanceOf(IllegalStateError);
          }
          expect(events).toEqual([]);
        }
        for (const event of run(more).stored.concat(stored)) {
          expect(live.can(event)).toBe(false);
          expect(transition(bookingMachine, live, event)[0].value).toBe(live.value);
        }
        expect(allowedCommands(live)).toEqual([]);
      }),
      { numRuns: 500 },
    );
    expect(finished).toBeGreaterThan(50);
  });

  it('allowedCommands equals the trial decisions in every state a history reaches', () => {
    fc.assert(
      fc.property(steps, (s) => {
        for (const state of run(s).states)
          expect(allowedCommands(state)).toEqual(trialAllowedCommands(state));
      }),
      { numRuns: 300 },
    );
  });

  it('a paid deposit is refunded exactly once when the booking ends without a purchase, and never otherwise', () => {
    let endedAfterPaying = 0;
    fc.assert(
      fc.property(steps, (s) => {
        const { live, stored } = run(s);
        const paid = stored.filter((e) => e.type === 'DepositPaid').length;
        const refunded = stored.filter((e) => e.type === 'DepositRefunded').length;
        expect(paid).toBeLessThanOrEqual(1);
        expect(refunded).toBeLessThanOrEqual(paid);
        const state = stateOf(live);
        if (paid === 1 && (state === 'expired' || state === 'cancelled')) {
          endedAfterPaying += 1;
          expect(refunded).toBe(1);
        }
        if (state === 'converted' || state === 'confirmed') expect(refunded).toBe(0);
        if (state === 'refunding') expect(refunded).toBe(0);
      }),
      { numRuns: 1000 },
    );
    expect(endedAfterPaying).toBeGreaterThan(5);
  });
});
