import { describe, expect, it } from 'vitest';
import type { CarStreamEvent } from '../catalogue/events.ts';
import { ConflictError, IllegalStateError, ValidationError } from '../errors.ts';
import { carAvailability } from './carAvailability.ts';
import type { CarHoldCommand } from './commands.ts';
import {
  type CarHoldState,
  decideCarHold,
  evolveCarHold,
  initialCarHold,
  unavailableReasonOf,
} from './decide.ts';
import {
  booking,
  CAR_ID,
  carHeld,
  carListed,
  carWithdrawn,
  holdReleased,
  hoursAfter,
  purchase,
  T0,
} from './testing/carEvents.ts';

const given = (...events: CarStreamEvent[]): CarHoldState => events.reduce(evolveCarHold, initialCarHold);
const price = { amount: 1_499_000, currency: 'EUR' as const };

const hold = (holdId: string, over: Partial<Extract<CarHoldCommand, { type: 'HoldCar' }>> = {}) =>
  ({
    type: 'HoldCar',
    carId: CAR_ID,
    holdId,
    holder: booking('7'),
    customerId: 'cus-1',
    until: hoursAfter(48),
    at: T0,
    ...over,
  }) as const;

/** The reason a decision was refused with (a carUnavailable conflict), or the error itself. */
function refusal(command: CarHoldCommand, state: CarHoldState): unknown {
  try {
    decideCarHold(command, state);
  } catch (error) {
    return unavailableReasonOf(error) ?? error;
  }
  throw new Error('expected a refusal');
}

describe('car-hold decider: holding a car', () => {
  it('given a listed car, when a booking holds it, then CarHeld with the holder, customer and end', () => {
    expect(decideCarHold(hold('booking-7'), given(carListed()))).toEqual([
      {
        type: 'CarHeld',
        data: {
          carId: CAR_ID,
          holdId: 'booking-7',
          holder: booking('7'),
          customerId: 'cus-1',
          until: hoursAfter(48),
          at: T0,
        },
      },
    ]);
  });

  it('given a car held by another booking, when a second buyer tries, then it is refused as held', () => {
    const state = given(carListed(), carHeld('booking-7', booking('7')));
    expect(refusal(hold('booking-8', { holder: booking('8'), at: hoursAfter(1) }), state)).toBe('held');
  });

  it('given a hold whose time is up but whose timer has not fired, when another buyer holds, then the old hold is released as expired and the new one held', () => {
    const state = given(carListed(), carHeld('booking-7', booking('7'), { until: hoursAfter(48) }));
    const at = hoursAfter(48);
    const events = decideCarHold(
      hold('purchase-9', { holder: purchase('9'), at, until: hoursAfter(49) }),
      state,
    );
    expect(events.map((e) => e.type)).toEqual(['CarHoldReleased', 'CarHeld']);
    expect(events[0]?.data).toMatchObject({ holdId: 'booking-7', reason: 'expired', holder: booking('7') });
    expect(events.reduce(evolveCarHold, state).activeHold?.holdId).toBe('purchase-9');
  });

  it.each([
    ['never listed', given(), 'not_listed'],
    ['withdrawn', given(carListed(), carWithdrawn()), 'withdrawn'],
    [
      'sold',
      given(carListed(), carHeld('p', purchase('1')), {
        type: 'CarSold',
        data: { carId: CAR_ID, price, holdId: 'p', purchaseId: '1', at: T0 },
      }),
      'sold',
    ],
    [
      'sold before the funnels (no hold id)',
      given(carListed(), { type: 'CarSold', data: { carId: CAR_ID, price } }),
      'sold',
    ],
  ])('given a car %s, when a buyer holds it, then it is refused (%s)', (_label, state, reason) => {
    expect(refusal(hold('booking-7'), state)).toBe(reason);
  });

  it('given the car held by this very hold, when the hold is asked again (a retried request), then nothing is decided', () => {
    expect(decideCarHold(hold('booking-7'), given(carListed(), carHeld('booking-7', booking('7'))))).toEqual(
      [],
    );
  });

  it('given a hold that ended, when its id is used again, then it is an illegal state (a hold id is used once)', () => {
    const state = given(
      carListed(),
      carHeld('booking-7', booking('7')),
      holdReleased('booking-7', booking('7'), 'cancelled'),
    );
    expect(refusal(hold('booking-7'), state)).toBeInstanceOf(IllegalStateError);
  });

  it('given an end time not after the command, then it is a validation error on until', () => {
    expect(() => decideCarHold(hold('h', { until: T0 }), given(carListed()))).toThrow(ValidationError);
    expect(() => decideCarHold(hold('h', { at: 'yesterday' }), given(carListed()))).toThrow(ValidationError);
  });

  it('given a relisted car (withdrawn, then listed again), when a buyer holds it, then it is held', () => {
    expect(decideCarHold(hold('b'), given(carListed(), carWithdrawn(), carListed()))).toHaveLength(1);
  });
});

describe('car-hold decider: releasing, expiring, extending', () => {
  const held = given(carListed(), carHeld('booking-7', booking('7'), { until: hoursAfter(48) }));

  it('given the active hold, when its holder releases it, then CarHoldReleased with the reason; the car can be held again', () => {
    const events = decideCarHold(
      { type: 'ReleaseHold', carId: CAR_ID, holdId: 'booking-7', reason: 'cancelled', at: hoursAfter(2) },
      held,
    );
    expect(events).toEqual([holdReleased('booking-7', booking('7'), 'cancelled', hoursAfter(2))]);
    expect(carAvailability([carListed(), carHeld('booking-7', booking('7')), ...events]).holdable).toBe(true);
  });

  it('given a hold that is no longer active, when it is released or expired again, then nothing is decided (idempotent)', () => {
    const after = given(
      carListed(),
      carHeld('booking-7', booking('7')),
      holdReleased('booking-7', booking('7'), 'cancelled'),
    );
    expect(
      decideCarHold(
        { type: 'ReleaseHold', carId: CAR_ID, holdId: 'booking-7', reason: 'abandoned', at: T0 },
        after,
      ),
    ).toEqual([]);
    expect(
      decideCarHold({ type: 'ExpireHold', carId: CAR_ID, holdId: 'booking-7', at: hoursAfter(99) }, after),
    ).toEqual([]);
  });

  it('given an active hold, when its timer fires before its end (clock skew, an extension), then nothing; at its end, then expired', () => {
    const early = { type: 'ExpireHold', carId: CAR_ID, holdId: 'booking-7', at: hoursAfter(47.9) } as const;
    expect(decideCarHold(early, held)).toEqual([]);
    expect(decideCarHold({ ...early, at: hoursAfter(48) }, held)).toEqual([
      holdReleased('booking-7', booking('7'), 'expired', hoursAfter(48)),
    ]);
  });

  it('given an active hold, when it is extended, then CarHoldExtended; an extension to an earlier end decides nothing', () => {
    const extend = {
      type: 'ExtendHold',
      carId: CAR_ID,
      holdId: 'booking-7',
      until: hoursAfter(72),
      at: hoursAfter(1),
    } as const;
    const events = decideCarHold(extend, held);
    expect(events).toEqual([
      {
        type: 'CarHoldExtended',
        data: { carId: CAR_ID, holdId: 'booking-7', until: hoursAfter(72), at: hoursAfter(1) },
      },
    ]);
    const extended = events.reduce(evolveCarHold, held);
    expect(extended.activeHold?.until).toBe(hoursAfter(72));
    expect(decideCarHold({ ...extend, until: hoursAfter(50) }, extended)).toEqual([]);
    expect(
      decideCarHold({ type: 'ExpireHold', carId: CAR_ID, holdId: 'booking-7', at: hoursAfter(48) }, extended),
    ).toEqual([]);
  });

  it('given a hold that was taken over, when its holder extends it, then the hold is lost', () => {
    const taken = given(
      carListed(),
      carHeld('booking-7', booking('7')),
      holdReleased('booking-7', booking('7'), 'expired'),
      carHeld('booking-8', booking('8')),
    );
    expect(
      refusal(
        { type: 'ExtendHold', carId: CAR_ID, holdId: 'booking-7', until: hoursAfter(72), at: T0 },
        taken,
      ),
    ).toBe('hold_lost');
  });
});

describe('car-hold decider: transfer from a booking to a purchase', () => {
  const booked = given(carListed(), carHeld('booking-7', booking('7'), { customerId: 'cus-1' }));
  const transfer = {
    type: 'TransferHold',
    carId: CAR_ID,
    holdId: 'booking-7',
    toHoldId: 'purchase-9',
    holder: { funnel: 'purchase', id: '9' },
    customerId: 'cus-1',
    until: hoursAfter(5),
    at: hoursAfter(3),
  } as const;

  it('given a car booked by a customer, when the same customer buys it, then the hold passes to the purchase', () => {
    const events = decideCarHold(transfer, booked);
    expect(events).toEqual([
      {
        type: 'CarHoldTransferred',
        data: {
          carId: CAR_ID,
          holdId: 'booking-7',
          toHoldId: 'purchase-9',
          holder: purchase('9'),
          until: hoursAfter(5),
          at: hoursAfter(3),
        },
      },
    ]);
    const after = events.reduce(evolveCarHold, booked);
    expect(after.activeHold).toEqual({
      holdId: 'purchase-9',
      holder: purchase('9'),
      customerId: 'cus-1',
      until: hoursAfter(5),
      since: hoursAfter(3),
    });
    expect(decideCarHold(transfer, after)).toEqual([]); // a retried transfer
  });

  it('given a car booked by someone else, when another customer tries to take the booking over, then it is held', () => {
    expect(refusal({ ...transfer, customerId: 'cus-2' }, booked)).toBe('held');
  });

  it('given a purchase hold, when it is transferred, then it is an illegal state (only a booking converts)', () => {
    const bought = given(carListed(), carHeld('purchase-1', purchase('1'), { customerId: 'cus-1' }));
    expect(refusal({ ...transfer, holdId: 'purchase-1' }, bought)).toBeInstanceOf(IllegalStateError);
  });

  it('given the booking hold expired and released, when the buyer converts, then the hold is lost', () => {
    const released = given(
      carListed(),
      carHeld('booking-7', booking('7'), { customerId: 'cus-1' }),
      holdReleased('booking-7', booking('7'), 'expired'),
    );
    expect(refusal(transfer, released)).toBe('hold_lost');
  });
});

describe('car-hold decider: sale', () => {
  const sell = {
    type: 'SellCar',
    carId: CAR_ID,
    holdId: 'purchase-9',
    purchaseId: '9',
    price,
    at: hoursAfter(1),
  } as const;
  const bought = given(
    carListed(),
    carHeld('purchase-9', purchase('9'), { customerId: 'cus-1', until: hoursAfter(2) }),
  );

  it('given the purchase holds the car, when it is paid, then CarSold with its hold and purchase; a replayed payment decides nothing', () => {
    const events = decideCarHold(sell, bought);
    expect(events).toEqual([
      {
        type: 'CarSold',
        data: { carId: CAR_ID, price, holdId: 'purchase-9', purchaseId: '9', at: hoursAfter(1) },
      },
    ]);
    const sold = events.reduce(evolveCarHold, bought);
    expect(carAvailability([carListed(), carHeld('purchase-9', purchase('9')), ...events])).toMatchObject({
      sold: true,
      status: 'sold',
      holdable: false,
    });
    expect(sold.activeHold).toBeUndefined();
    expect(decideCarHold(sell, sold)).toEqual([]);
  });

  it('given the hold is past its end but not released (the payment came late, nobody took the car), when paid, then sold: the first event appended wins', () => {
    expect(decideCarHold({ ...sell, at: hoursAfter(3) }, bought).map((e) => e.type)).toEqual(['CarSold']);
  });

  it('given the hold expired first, when the payment arrives, then the hold is lost (the purchase refunds)', () => {
    const expired = [
      ...[carListed(), carHeld('purchase-9', purchase('9'))],
      holdReleased('purchase-9', purchase('9'), 'expired'),
    ];
    expect(refusal(sell, given(...expired))).toBe('hold_lost');
  });

  it('given a booking hold, when a sale names it, then it is an illegal state (a booking never sells)', () => {
    expect(
      refusal({ ...sell, holdId: 'booking-7' }, given(carListed(), carHeld('booking-7', booking('7')))),
    ).toBeInstanceOf(IllegalStateError);
  });

  it('given a held car withdrawn by staff, when the purchase is paid, then it is refused (withdrawn)', () => {
    expect(refusal(sell, given(carListed(), carHeld('purchase-9', purchase('9')), carWithdrawn()))).toBe(
      'withdrawn',
    );
  });

  it('given a sold car, when another sale comes, then it is refused (sold)', () => {
    const sold = decideCarHold(sell, bought).reduce(evolveCarHold, bought);
    expect(refusal({ ...sell, holdId: 'purchase-10', purchaseId: '10' }, sold)).toBe('sold');
  });

  it('unavailableReasonOf tells a car conflict from other errors', () => {
    expect(unavailableReasonOf(new ConflictError('x', { reason: 'held' }))).toBe('held');
    expect(unavailableReasonOf(new ConflictError('x', { reason: 'other' }))).toBeUndefined();
    expect(unavailableReasonOf(new Error('x'))).toBeUndefined();
  });
});

describe('carAvailability', () => {
  it('given the events of a car, then listed, sold, withdrawn, the active hold (past due at a time) and the status', () => {
    const events = [
      carListed(),
      carHeld('booking-7', booking('7'), { customerId: 'cus-1', until: hoursAfter(48) }),
    ];
    expect(carAvailability(events, hoursAfter(1))).toEqual({
      listed: true,
      sold: false,
      withdrawn: false,
      activeHold: {
        holdId: 'booking-7',
        holder: booking('7'),
        customerId: 'cus-1',
        until: hoursAfter(48),
        since: T0,
        pastDue: false,
      },
      status: 'reserved',
      holdable: false,
    });
    expect(carAvailability(events, hoursAfter(48))).toMatchObject({
      activeHold: { pastDue: true },
      holdable: true,
    });
    expect(carAvailability([])).toEqual({ listed: false, sold: false, withdrawn: false, holdable: false });
    expect(carAvailability([carListed(), carWithdrawn()]).status).toBe('withdrawn');
  });
});
