import { describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError } from '../errors.ts';
import { validate } from '../validate.ts';
import {
  allowedStaffCarCommands,
  decideStaffCar,
  type StaffCarState,
  staffPriceSchema,
} from './staffCarCommands.ts';

const ON_SALE: StaffCarState = {
  carId: '101',
  price: { amount: 1_990_000, currency: 'EUR' },
  withdrawn: false,
  sold: false,
};
const price = (amount: number) => ({ type: 'ChangeCarPrice', carId: '101', amount }) as const;
const withdraw = { type: 'WithdrawCar', carId: '101' } as const;
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('staff commands on a car', () => {
  describe('given a car on sale', () => {
    it('when staff change its price, then CarPriceChanged from the old price, by staff', () => {
      expect(decideStaffCar(price(1_890_050), ON_SALE)).toEqual([
        {
          type: 'CarPriceChanged',
          data: {
            carId: '101',
            previous: { amount: 1_990_000, currency: 'EUR' },
            price: { amount: 1_890_050, currency: 'EUR' },
            source: { kind: 'staff' },
          },
        },
      ]);
    });

    it('when staff give the same price, then nothing', () => {
      expect(decideStaffCar(price(1_990_000), ON_SALE)).toEqual([]);
    });

    it('when staff withdraw it, then CarWithdrawn by staff', () => {
      expect(decideStaffCar(withdraw, ON_SALE)).toEqual([
        { type: 'CarWithdrawn', data: { carId: '101', reason: 'staff', source: { kind: 'staff' } } },
      ]);
    });

    it('then both commands are allowed', () => {
      expect(allowedStaffCarCommands(ON_SALE)).toEqual(['ChangeCarPrice', 'WithdrawCar']);
    });
  });

  describe('given a withdrawn car', () => {
    const withdrawn = { ...ON_SALE, withdrawn: true };

    it('when staff change its price, then 409 with nothing allowed', () => {
      const error = refusal(() => decideStaffCar(price(100), withdrawn));
      expect(error).toBeInstanceOf(IllegalStateError);
      expect((error as IllegalStateError).details).toMatchObject({ status: 'withdrawn', allowed: [] });
    });

    it('when staff withdraw it again, then nothing', () => {
      expect(decideStaffCar(withdraw, withdrawn)).toEqual([]);
    });
  });

  describe('given a sold car', () => {
    it('when staff change its price or withdraw it, then 409', () => {
      const sold = { ...ON_SALE, sold: true };
      expect(refusal(() => decideStaffCar(price(100), sold))).toBeInstanceOf(IllegalStateError);
      expect(refusal(() => decideStaffCar(withdraw, sold))).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given a car the catalogue never listed', () => {
    it('when staff act on it, then 404', () => {
      expect(refusal(() => decideStaffCar(withdraw, { ...ON_SALE, price: undefined }))).toBeInstanceOf(
        NotFoundError,
      );
    });
  });

  describe('given a price typed by staff', () => {
    it('when in currency units or minor units, then minor units (the stock import’s way)', () => {
      expect(validate(staffPriceSchema, '24990')).toBe(2_499_000);
      expect(validate(staffPriceSchema, '24990,5')).toBe(2_499_050);
      expect(validate(staffPriceSchema, ' 24990.50 ')).toBe(2_499_050);
      expect(validate(staffPriceSchema, 2_499_050)).toBe(2_499_050);
    });

    it('when not a price, then a validation error', () => {
      for (const bad of ['12.345', '1.000,00', '0', 0, -5, 1.5, 'abc', '', 10_000_000_01])
        expect(() => validate(staffPriceSchema, bad), String(bad)).toThrow();
    });
  });
});
