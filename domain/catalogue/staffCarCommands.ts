/**
 * Staff commands on a car's listing (the back office): change its price, withdraw it from sale. Decided
 * on the car's own stream like the stock import's changes (feed/stockCar.ts), with `source: staff` (the
 * staff member and the reason are the events' metadata). Pure: the car as its stream tells it comes in.
 */
import { z } from 'zod';
import { IllegalStateError, NotFoundError, ValidationError } from '../errors.ts';
import type { Money } from './car.ts';
import type { CatalogueEvent } from './events.ts';
import { MAX_FEED_PRICE } from './feed/parseFeedRow.ts';

export const STAFF_CAR_COMMAND_TYPES = ['ChangeCarPrice', 'WithdrawCar'] as const;
export type StaffCarCommandType = (typeof STAFF_CAR_COMMAND_TYPES)[number];

/** A new price in the car's currency: integer minor units. */
export type StaffCarCommand =
  | { readonly type: 'ChangeCarPrice'; readonly carId: string; readonly amount: number }
  | { readonly type: 'WithdrawCar'; readonly carId: string };

/** The car as its stream tells it (engine/funnels/carHolds.ts reads it). */
export interface StaffCarState {
  readonly carId: string;
  /** Undefined: the catalogue has never listed it. */
  readonly price: Money | undefined;
  readonly withdrawn: boolean;
  readonly sold: boolean;
}

export type StaffCarEvent = Extract<CatalogueEvent, { type: 'CarPriceChanged' | 'CarWithdrawn' }>;

/**
 * A price as staff type it, the stock import's way: currency units with at most two decimals
 * (`24990`, `24990.5`, `24990,50`), or an integer of minor units; more than 0, at most the feed's maximum.
 */
export const staffPriceSchema = z
  .union([
    z.number({ error: 'is required' }).int('whole minor units (cents)'),
    z
      .string({ error: 'is required' })
      .trim()
      .regex(/^\d+(?:[.,]\d{1,2})?$/, 'a number with at most two decimals (e.g. 24990.50)')
      .transform((text) => {
        const [units = '0', cents = ''] = text.split(/[.,]/);
        return Number(units) * 100 + Number(cents.padEnd(2, '0'));
      }),
  ])
  .pipe(
    z
      .number()
      .int()
      .min(1, 'must be more than 0')
      .max(MAX_FEED_PRICE * 100, `must be at most ${MAX_FEED_PRICE}`),
  );

/** What staff may do on the car now: on sale (available or held), both; sold or withdrawn, nothing. */
export function allowedStaffCarCommands(car: StaffCarState): StaffCarCommandType[] {
  return car.price === undefined || car.sold || car.withdrawn ? [] : [...STAFF_CAR_COMMAND_TYPES];
}

/**
 * The events of a staff command: the same price or a withdrawn car withdrawn again decide nothing; an
 * unknown car → 404; a sold or withdrawn car's price, or a sold car's withdrawal → 409 with what is
 * allowed now. A withdrawn car's active hold stays until its funnel ends it (engine: the car listing).
 */
export function decideStaffCar(command: StaffCarCommand, car: StaffCarState): StaffCarEvent[] {
  const price = car.price;
  if (price === undefined) throw new NotFoundError(`car ${car.carId} not found`, { carId: car.carId });
  const refuse = () =>
    new IllegalStateError(
      `car ${car.carId} is ${car.sold ? 'sold' : 'withdrawn'}: ${command.type} is not allowed`,
      {
        carId: car.carId,
        command: command.type,
        status: car.sold ? 'sold' : 'withdrawn',
        allowed: allowedStaffCarCommands(car),
      },
    );
  const source = { kind: 'staff' } as const;
  switch (command.type) {
    case 'ChangeCarPrice': {
      if (car.sold || car.withdrawn) throw refuse();
      if (!Number.isInteger(command.amount) || command.amount <= 0)
        throw ValidationError.field('price', 'must be more than 0');
      if (command.amount === price.amount) return [];
      const next: Money = { amount: command.amount, currency: price.currency };
      return [{ type: 'CarPriceChanged', data: { carId: car.carId, previous: price, price: next, source } }];
    }
    case 'WithdrawCar':
      if (car.withdrawn) return [];
      if (car.sold) throw refuse();
      return [{ type: 'CarWithdrawn', data: { carId: car.carId, reason: 'staff', source } }];
    default: {
      const never: never = command;
      throw new Error(`unknown car command ${JSON.stringify(never)}`);
    }
  }
}
