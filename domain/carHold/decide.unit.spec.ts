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
const expire = (holdId: string, at: string) => ({ type: 'ExpireHold', carId: CAR_ID, holdId, at }) as const;

/** The reason a decision was refused with (a carUnavailable conflict), or the error itself. */
function refusal(command: CarHoldCommand, state: CarHoldState): unknown {
  try {
    decideCarHold(command, state);
  } catch (error) {
    return unavailableReasonOf(error) ?? error;
  }
  throw new Error('expected a refusal');
}

describe('car hold: holding a car', () => {
  describe('given a listed car', () => {
    const listed = given(carListed());

    it('when a booking holds it, then CarHeld with the holder, customer and end', () => {
      expect(decideCarHold(hold('booking-7'), listed)).toEqual([
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

    it('when the end is not after the command, then a validation error (until)', () => {
      expect(() => decideCarHold(hold('h', { until: T0 }), listed)).toThrow(ValidationError);
    });

    it('when the command time is not a time, then a validation error (at)', () => {
      expect(() => decideCarHold(hold('h', { at: 'yesterday' }), listed)).toThrow(ValidationError);
    });
  });

  describe('given a car held by booking 7 until 48 h', () => {
    const held = given(carListed(), carHeld('booking-7', booking('7'), { until: hoursAfter(48) }));
    const takeOver = () =>
      decideCarHold(
        hold('purchase-9', { holder: purchase('9'), at: hoursAfter(48), until: hoursAfter(49) }),
        held,
      );

    it('when a second buyer holds it before the end, then it is refused as held', () => {
      expect(refusal(hold('booking-8', { holder: booking('8'), at: hoursAfter(1) }), held)).toBe('held');
    });

    it('when the same hold is asked again (a retried request), then nothing is decided', () => {
      expect(decideCarHold(hold('booking-7'), held)).toEqual([]);
    });

    it('when another buyer holds it at its end (timer not fired), then the old hold is released first', () => {
      const events = takeOver();
      expect(events.map((e) => e.type)).toEqual(['CarHoldReleased', 'CarHeld']);
      expect(events[0]?.data).toMatchObject({ holdId: 'booking-7', reason: 'expired', holder: booking('7') });
    });

    it('when another buyer holds it at its end, then the new hold is the active one', () => {
      expect(takeOver().reduce(evolveCarHold, held).activeHold?.holdId).toBe('purchase-9');
    });
  });

  describe.each([
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
  ])('given a car %s', (_label, state, reason) => {
    it(`when a buyer holds it, then it is refused (${reason})`, () => {
      expect(refusal(hold('booking-7'), state)).toBe(reason);
    });
  });

  describe('given a hold that ended (released as cancelled)', () => {
    const ended = given(
      carListed(),
      carHeld('booking-7', booking('7')),
      holdReleased('booking-7', booking('7'), 'cancelled'),
    );

    it('when its id is used again, then an illegal state (a hold id is used once)', () => {
      expect(refusal(hold('booking-7'), ended)).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given a relisted car (withdrawn, then listed again)', () => {
    it('when a buyer holds it, then it is held', () => {
      expect(decideCarHold(hold('b'), given(carListed(), carWithdrawn(), carListed()))).toHaveLength(1);
    });
  });
});

describe('car hold: releasing, expiring, extending', () => {
  describe('given booking 7 holds the car until 48 h', () => {
    const held = given(carListed(), carHeld('booking-7', booking('7'), { until: hoursAfter(48) }));
    const release = {
      type: 'ReleaseHold',
      carId: CAR_ID,
      holdId: 'booking-7',
      reason: 'cancelled',
      at: hoursAfter(2),
    } as const;
    const extend = {
      type: 'ExtendHold',
      carId: CAR_ID,
      holdId: 'booking-7',
      until: hoursAfter(72),
      at: hoursAfter(1),
    } as const;

    it('when its holder releases it, then CarHoldReleased with the reason', () => {
      expect(decideCarHold(release, held)).toEqual([
        holdReleased('booking-7', booking('7'), 'cancelled', hoursAfter(2)),
      ]);
    });

    it('when its holder releases it, then the car can be held again', () => {
      const events = decideCarHold(release, held);
      expect(carAvailability([carListed(), carHeld('booking-7', booking('7')), ...events]).holdable).toBe(
        true,
      );
    });

    it('when its timer fires before its end (clock skew, an extension), then nothing is decided', () => {
      expect(decideCarHold(expire('booking-7', hoursAfter(47.9)), held)).toEqual([]);
    });

    it('when its timer fires at its end, then it is released as expired', () => {
      expect(decideCarHold(expire('booking-7', hoursAfter(48)), held)).toEqual([
        holdReleased('booking-7', booking('7'), 'expired', hoursAfter(48)),
      ]);
    });

    it('when it is extended to 72 h, then CarHoldExtended', () => {
      expect(decideCarHold(extend, held)).toEqual([
        {
          type: 'CarHoldExtended',
          data: { carId: CAR_ID, holdId: 'booking-7', until: hoursAfter(72), at: hoursAfter(1) },
        },
      ]);
    });

    describe('and extended to 72 h', () => {
      const extended = decideCarHold(extend, held).reduce(evolveCarHold, held);

      it('then the hold ends at 72 h', () => {
        expect(extended.activeHold?.until).toBe(hoursAfter(72));
      });

      it('when it is extended to an earlier end, then nothing is decided', () => {
        expect(decideCarHold({ ...extend, until: hoursAfter(50) }, extended)).toEqual([]);
      });

      it('when the timer of its old end fires, then nothing is decided', () => {
        expect(decideCarHold(expire('booking-7', hoursAfter(48)), extended)).toEqual([]);
      });
    });
  });

  describe('given a hold that is no longer active (released as cancelled)', () => {
    const after = given(
      carListed(),
      carHeld('booking-7', booking('7')),
      holdReleased('booking-7', booking('7'), 'cancelled'),
    );

    it('when it is released again, then nothing is decided (idempotent)', () => {
      expect(
        decideCarHold(
          { type: 'ReleaseHold', carId: CAR_ID, holdId: 'booking-7', reason: 'abandoned', at: T0 },
          after,
        ),
      ).toEqual([]);
    });

    it('when its timer fires, then nothing is decided (idempotent)', () => {
      expect(decideCarHold(expire('booking-7', hoursAfter(99)), after)).toEqual([]);
    });
  });

  describe('given a hold that was taken over (expired, then booking 8 held the car)', () => {
    const taken = given(
      carListed(),
      carHeld('booking-7', booking('7')),
      holdReleased('booking-7', booking('7'), 'expired'),
      carHeld('booking-8', booking('8')),
    );

    it('when its holder extends it, then the hold is lost', () => {
      expect(
        refusal(
          { type: 'ExtendHold', carId: CAR_ID, holdId: 'booking-7', until: hoursAfter(72), at: T0 },
          taken,
        ),
      ).toBe('hold_lost');
    });
  });
});

describe('car hold: transfer from a booking to a purchase', () => {
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

  describe('given a car booked by customer 1', () => {
    const booked = given(carListed(), carHeld('booking-7', booking('7'), { customerId: 'cus-1' }));

    it('when the same customer buys it, then CarHoldTransferred to the purchase', () => {
      expect(decideCarHold(transfer, booked)).toEqual([
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
    });

    it('when the same customer buys it, then the purchase holds the car for that customer', () => {
      const after = decideCarHold(transfer, booked).reduce(evolveCarHold, booked);
      expect(after.activeHold).toEqual({
        holdId: 'purchase-9',
        holder: purchase('9'),
        customerId: 'cus-1',
        until: hoursAfter(5),
        since: hoursAfter(3),
      });
    });

    it('when another customer tries to take the booking over, then it is refused as held', () => {
      expect(refusal({ ...transfer, customerId: 'cus-2' }, booked)).toBe('held');
    });

    describe('and transferred to purchase 9', () => {
      const after = decideCarHold(transfer, booked).reduce(evolveCarHold, booked);

      it('when the transfer is retried, then nothing is decided', () => {
        expect(decideCarHold(transfer, after)).toEqual([]);
      });
    });
  });

  describe('given a car held by a purchase', () => {
    it('when its hold is transferred, then an illegal state (only a booking converts)', () => {
      const bought = given(carListed(), carHeld('purchase-1', purchase('1'), { customerId: 'cus-1' }));
      expect(refusal({ ...transfer, holdId: 'purchase-1' }, bought)).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given the booking hold expired and released', () => {
    it('when the buyer converts, then the hold is lost', () => {
      const released = given(
        carListed(),
        carHeld('booking-7', booking('7'), { customerId: 'cus-1' }),
        holdReleased('booking-7', booking('7'), 'expired'),
      );
      expect(refusal(transfer, released)).toBe('hold_lost');
    });
  });
});

describe('car hold: sale', () => {
  const sell = {
    type: 'SellCar',
    carId: CAR_ID,
    holdId: 'purchase-9',
    purchaseId: '9',
    price,
    at: hoursAfter(1),
  } as const;

  describe('given purchase 9 holds the car until 2 h', () => {
    const bought = given(
      carListed(),
      carHeld('purchase-9', purchase('9'), { customerId: 'cus-1', until: hoursAfter(2) }),
    );

    it('when it is paid, then CarSold with its hold and purchase', () => {
      expect(decideCarHold(sell, bought)).toEqual([
        {
          type: 'CarSold',
          data: { carId: CAR_ID, price, holdId: 'purchase-9', purchaseId: '9', at: hoursAfter(1) },
        },
      ]);
    });

    it('when it is paid, then the car shows sold and cannot be held', () => {
      const events = decideCarHold(sell, bought);
      expect(carAvailability([carListed(), carHeld('purchase-9', purchase('9')), ...events])).toMatchObject({
        sold: true,
        status: 'sold',
        holdable: false,
      });
    });

    it('when it is paid, then no hold is active', () => {
      expect(decideCarHold(sell, bought).reduce(evolveCarHold, bought).activeHold).toBeUndefined();
    });

    it('when paid past its end, not released (nobody took the car), then sold: the first append wins', () => {
      expect(decideCarHold({ ...sell, at: hoursAfter(3) }, bought).map((e) => e.type)).toEqual(['CarSold']);
    });

    describe('and sold to it', () => {
      const sold = decideCarHold(sell, bought).reduce(evolveCarHold, bought);

      it('when the payment is replayed, then nothing is decided', () => {
        expect(decideCarHold(sell, sold)).toEqual([]);
      });

      it('when another sale comes, then it is refused (sold)', () => {
        expect(refusal({ ...sell, holdId: 'purchase-10', purchaseId: '10' }, sold)).toBe('sold');
      });
    });
  });

  describe('given the purchase hold expired first', () => {
    it('when the payment arrives, then the hold is lost (the purchase refunds)', () => {
      const expired = [
        ...[carListed(), carHeld('purchase-9', purchase('9'))],
        holdReleased('purchase-9', purchase('9'), 'expired'),
      ];
      expect(refusal(sell, given(...expired))).toBe('hold_lost');
    });
  });

  describe('given a booking hold', () => {
    it('when a sale names it, then an illegal state (a booking never sells)', () => {
      expect(
        refusal({ ...sell, holdId: 'booking-7' }, given(carListed(), carHeld('booking-7', booking('7')))),
      ).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given a held car withdrawn by staff', () => {
    it('when the purchase is paid, then it is refused (withdrawn)', () => {
      expect(refusal(sell, given(carListed(), carHeld('purchase-9', purchase('9')), carWithdrawn()))).toBe(
        'withdrawn',
      );
    });
  });
});

describe('unavailableReasonOf', () => {
  it('given a car conflict, then its reason', () => {
    expect(unavailableReasonOf(new ConflictError('x', { reason: 'held' }))).toBe('held');
  });

  it('given a conflict with a reason that is not a car reason, then undefined', () => {
    expect(unavailableReasonOf(new ConflictError('x', { reason: 'other' }))).toBeUndefined();
  });

  it('given another error, then undefined', () => {
    expect(unavailableReasonOf(new Error('x'))).toBeUndefined();
  });
});

describe('carAvailability', () => {
  describe('given a listed car held by booking 7 until 48 h', () => {
    const events = [
      carListed(),
      carHeld('booking-7', booking('7'), { customerId: 'cus-1', until: hoursAfter(48) }),
    ];

    it('at 1 h, then listed, reserved, not holdable, the hold not past due', () => {
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
    });

    it('at 48 h, then the hold is past due and the car holdable', () => {
      expect(carAvailability(events, hoursAfter(48))).toMatchObject({
        activeHold: { pastDue: true },
        holdable: true,
      });
    });
  });

  describe('given no events', () => {
    it('then not listed, no status, not holdable', () => {
      expect(carAvailability([])).toEqual({ listed: false, sold: false, withdrawn: false, holdable: false });
    });
  });

  describe('given a car listed and withdrawn', () => {
    it('then its status is withdrawn', () => {
      expect(carAvailability([carListed(), carWithdrawn()]).status).toBe('withdrawn');
    });
  });
});
