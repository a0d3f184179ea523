import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CarStreamEvent } from '../catalogue/events.ts';
import { allowedCarHoldCommands } from './allowedCommands.ts';
import { availabilityOf, carAvailability } from './carAvailability.ts';
import type { CarHoldCommandType } from './commands.ts';
import { type CarHoldState, decideCarHold, evolveCarHold, initialCarHold } from './decide.ts';
import {
  booking,
  CAR_ID,
  carHeld,
  carListed,
  carWithdrawn,
  holdTransferred,
  hoursAfter,
  purchase,
} from './testing/carEvents.ts';
import { carHistories } from './testing/carHistories.ts';
import { NEVER_HELD, trialCarHoldCommands } from './testing/trialCarHoldCommands.ts';

const given = (...events: readonly CarStreamEvent[]): CarHoldState =>
  events.reduce(evolveCarHold, initialCarHold);
const sold = (holdId: string, purchaseId: string): CarStreamEvent => ({
  type: 'CarSold',
  data: {
    carId: CAR_ID,
    price: { amount: 1_000_000, currency: 'EUR' },
    holdId,
    purchaseId,
    at: hoursAfter(1),
  },
});
/** What the holder of the active hold may always do: retry its hold, extend, release or expire it. */
const HOLDER = ['HoldCar', 'ExtendHold', 'ReleaseHold', 'ExpireHold'] as const;
const bookedByCus1 = carHeld('booking-7', booking('7'), { customerId: 'cus-1', until: hoursAfter(48) });
const boughtBy9 = carHeld('purchase-9', purchase('9'), { customerId: 'cus-1', until: hoursAfter(2) });

describe('car hold: what is allowed now', () => {
  describe('given a listed car, not held', () => {
    const free = given(carListed());

    it('when a buyer page asks, then the car can be held', () => {
      expect(allowedCarHoldCommands(free)).toEqual(['HoldCar']);
    });

    it('when a funnel asks with a new hold id, then it can hold the car', () => {
      expect(allowedCarHoldCommands(free, 'booking-8')).toEqual(['HoldCar']);
    });
  });

  describe.each([
    ['never listed', given()],
    ['withdrawn', given(carListed(), carWithdrawn())],
    [
      'sold before the funnels',
      given(carListed(), { type: 'CarSold', data: { carId: CAR_ID, price: { amount: 1, currency: 'EUR' } } }),
    ],
  ])('given a car %s', (_label, state) => {
    it('when a buyer page asks, then nothing is allowed', () => {
      expect(allowedCarHoldCommands(state)).toEqual([]);
    });
  });

  describe('given a car booked by customer 1 until 48 h', () => {
    const booked = given(carListed(), bookedByCus1);

    it('when a buyer page asks, then the car cannot be held', () => {
      expect(allowedCarHoldCommands(booked)).toEqual([]);
    });

    it('when the booking asks, then its retry, an extension, release, expiry or transfer', () => {
      expect(allowedCarHoldCommands(booked, 'booking-7')).toEqual([...HOLDER, 'TransferHold']);
    });

    it('when another buyer holds it past 48 h, then the decision takes it over (it has the time)', () => {
      const takeOver = decideCarHold(
        {
          type: 'HoldCar',
          carId: CAR_ID,
          holdId: 'booking-8',
          holder: booking('8'),
          until: hoursAfter(50),
          at: hoursAfter(48),
        },
        booked,
      );
      expect(takeOver.map((e) => e.type)).toEqual(['CarHoldReleased', 'CarHeld']);
    });

    it('when a page with a clock asks at 48 h, then carAvailability says holdable', () => {
      expect(carAvailability([carListed(), bookedByCus1], hoursAfter(48)).holdable).toBe(true);
    });
  });

  describe('given a car booked without a customer', () => {
    it('when the booking asks, then no transfer (a purchase always has a customer)', () => {
      const anonymous = given(carListed(), carHeld('booking-7', booking('7')));
      expect(allowedCarHoldCommands(anonymous, 'booking-7')).not.toContain('TransferHold');
    });
  });

  describe('given a car held by purchase 9', () => {
    const bought = given(carListed(), boughtBy9);

    it('when the purchase asks, then its retry, an extension, release, expiry or the sale', () => {
      expect(allowedCarHoldCommands(bought, 'purchase-9')).toEqual([...HOLDER, 'SellCar']);
    });

    it('when the car is withdrawn by staff, then the purchase may only retry, release or expire', () => {
      expect(allowedCarHoldCommands(given(carListed(), boughtBy9, carWithdrawn()), 'purchase-9')).toEqual([
        'HoldCar',
        'ReleaseHold',
        'ExpireHold',
      ]);
    });
  });

  describe('given a car sold under purchase 9', () => {
    const done = given(carListed(), boughtBy9, sold('purchase-9', '9'));

    it('when the purchase asks, then only the replay of its payment', () => {
      expect(allowedCarHoldCommands(done, 'purchase-9')).toEqual(['SellCar']);
    });

    it('when a buyer page asks, then nothing is allowed', () => {
      expect(allowedCarHoldCommands(done)).toEqual([]);
    });
  });

  describe('given the booking hold transferred to purchase 9', () => {
    const transferred = given(
      carListed(),
      bookedByCus1,
      holdTransferred('booking-7', 'purchase-9', purchase('9'), { until: hoursAfter(3), at: hoursAfter(1) }),
    );

    it('when the booking asks, then nothing (its hold ended: a hold id is used once)', () => {
      expect(allowedCarHoldCommands(transferred, 'booking-7')).toEqual([]);
    });

    it('when the purchase asks, then it may sell the car', () => {
      expect(allowedCarHoldCommands(transferred, 'purchase-9')).toContain('SellCar');
    });
  });
});

describe('car hold: what is allowed now, against trial decisions', () => {
  const TYPES: readonly CarHoldCommandType[] = [
    'HoldCar',
    'ExtendHold',
    'ReleaseHold',
    'ExpireHold',
    'TransferHold',
    'SellCar',
  ];
  /** The answers met, to show the histories reach both answers of each type, and both retries. */
  const met = new Set<string>();
  const note = (state: CarHoldState, holdId: string | undefined, allowed: readonly CarHoldCommandType[]) => {
    for (const type of TYPES) met.add(`${type} ${allowed.includes(type)}`);
    if (holdId !== undefined && state.activeHold?.holdId === holdId && allowed.includes('HoldCar'))
      met.add('HoldCar retried');
    if (state.sold && allowed.includes('SellCar')) met.add('SellCar replayed');
  };

  it('given random histories, at every event, then the rules answer as the trials for every hold', () => {
    fc.assert(
      fc.property(carHistories(), ({ events, holdIds }) => {
        let state = initialCarHold;
        for (const event of [undefined, ...events]) {
          if (event) state = evolveCarHold(state, event);
          for (const holdId of [undefined, NEVER_HELD, ...holdIds]) {
            const allowed = allowedCarHoldCommands(state, holdId);
            expect(allowed, JSON.stringify({ state, holdId })).toEqual(trialCarHoldCommands(state, holdId));
            note(state, holdId, allowed);
          }
        }
      }),
      { numRuns: 200 },
    );
    expect([...met].sort()).toEqual(
      [
        ...TYPES.flatMap((type) => [`${type} false`, `${type} true`]),
        'HoldCar retried',
        'SellCar replayed',
      ].sort(),
    );
  });

  it('given random histories, then a buyer page may hold the car exactly when it is holdable', () => {
    fc.assert(
      fc.property(carHistories(), ({ events }) => {
        const state = given(...events);
        expect(allowedCarHoldCommands(state).includes('HoldCar')).toBe(availabilityOf(state).holdable);
      }),
      { numRuns: 200 },
    );
  });
});
