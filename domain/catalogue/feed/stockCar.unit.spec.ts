import { describe, expect, it } from 'vitest';
import {
  booking,
  CAR_ID,
  carFacts,
  carHeld,
  carListed,
  carWithdrawn,
  holdReleased,
} from '../../carHold/testing/carEvents.ts';
import type { CarStreamEvent } from '../events.ts';
import { decideCar, evolveStockCar, type StockCar } from './stockCar.ts';

const fold = (...events: CarStreamEvent[]) =>
  events.reduce<StockCar | undefined>((s, e) => evolveStockCar(s, e), undefined);
const source = { kind: 'import', importId: 'i1' } as const;

describe('a held car as the stock import sees it', () => {
  it('given a listed car held by a booking, then it is reserved; released, it is available again', () => {
    const held = fold(carListed(), carHeld('booking-7', booking('7')));
    expect(held).toMatchObject({ status: 'reserved', holdId: 'booking-7' });
    const released = evolveStockCar(held, holdReleased('booking-7', booking('7'), 'expired'));
    expect(released).toEqual({ car: carFacts(), status: 'available' });
  });

  it('given a reserved car absent from its dealer feed, then the import decides nothing (no withdrawal)', () => {
    expect(decideCar(fold(carListed(), carHeld('booking-7', booking('7'))), undefined, source)).toEqual([]);
  });

  it('given a reserved car still in the feed with a new price, then only the price changes and it stays reserved', () => {
    const held = fold(carListed(), carHeld('booking-7', booking('7')));
    const wanted = { ...carFacts(), price: { amount: 1_000_000, currency: 'EUR' as const } };
    const events = decideCar(held, wanted, source);
    expect(events.map((e) => e.type)).toEqual(['CarPriceChanged']);
    expect(events.reduce<StockCar | undefined>(evolveStockCar, held)?.status).toBe('reserved');
  });

  it('given the release of an older hold, then the car held by the newer one stays reserved', () => {
    const state = fold(
      carListed(),
      carHeld('booking-7', booking('7')),
      holdReleased('booking-7', booking('7'), 'expired'),
      carHeld('booking-8', booking('8')),
      holdReleased('booking-7', booking('7'), 'cancelled'),
    );
    expect(state).toMatchObject({ status: 'reserved', holdId: 'booking-8' });
  });

  it('given a held car withdrawn by staff and listed again while the hold lasts, then it is reserved, not available', () => {
    const state = fold(carListed(), carHeld('booking-7', booking('7')), carWithdrawn(), carListed());
    expect(state).toMatchObject({ status: 'reserved', holdId: 'booking-7' });
    expect(evolveStockCar(state, holdReleased('booking-7', booking('7'), 'cancelled'))?.status).toBe(
      'available',
    );
    expect(state?.car.carId).toBe(CAR_ID);
  });
});
