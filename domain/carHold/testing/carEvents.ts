/** Car-stream events for tests: a listed car and the hold events of the funnels, with readable defaults. */
import type { CarFacts } from '../../catalogue/car.ts';
import type { CarStreamEvent, HoldHolder, HoldReleaseReason } from '../../catalogue/events.ts';
import { SAMPLE_CAR, stockCarOf } from '../../catalogue/feed/testing/feedSamples.ts';

export const CAR_ID = '101';
export const T0 = '2026-12-01T10:00:00.000Z';

/** `T0` plus some hours (fractions allowed), as ISO. */
export const hoursAfter = (hours: number, from = T0): string =>
  new Date(Date.parse(from) + hours * 3_600_000).toISOString();

export const carFacts = (carId = CAR_ID): CarFacts => stockCarOf(SAMPLE_CAR, carId, 'FR');

export const booking = (id: string): HoldHolder => ({ funnel: 'booking', id });
export const purchase = (id: string): HoldHolder => ({ funnel: 'purchase', id });

export const carListed = (carId = CAR_ID): CarStreamEvent => ({
  type: 'CarListed',
  data: { car: carFacts(carId), source: { kind: 'seed' } },
});

export const carWithdrawn = (carId = CAR_ID): CarStreamEvent => ({
  type: 'CarWithdrawn',
  data: { carId, reason: 'staff', source: { kind: 'staff' } },
});

export const carHeld = (
  holdId: string,
  holder: HoldHolder,
  options: { customerId?: string; until?: string; at?: string; carId?: string } = {},
): CarStreamEvent => ({
  type: 'CarHeld',
  data: {
    carId: options.carId ?? CAR_ID,
    holdId,
    holder,
    ...(options.customerId ? { customerId: options.customerId } : {}),
    until: options.until ?? hoursAfter(48),
    at: options.at ?? T0,
  },
});

export const holdReleased = (
  holdId: string,
  holder: HoldHolder,
  reason: HoldReleaseReason,
  at = T0,
): CarStreamEvent => ({ type: 'CarHoldReleased', data: { carId: CAR_ID, holdId, holder, reason, at } });

export const holdTransferred = (
  holdId: string,
  toHoldId: string,
  holder: HoldHolder,
  options: { until?: string; at?: string } = {},
): CarStreamEvent => ({
  type: 'CarHoldTransferred',
  data: {
    carId: CAR_ID,
    holdId,
    toHoldId,
    holder,
    until: options.until ?? hoursAfter(48),
    at: options.at ?? T0,
  },
});
