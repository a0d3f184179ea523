import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../errors.ts';
import {
  decideSavedValuation,
  evolveSavedValuation,
  initialSavedValuation,
  isStillValid,
  type SavedValuationState,
} from './decideSavedValuation.ts';
import type { SavedValuationEvent } from './savedValuationEvents.ts';
import { valueTradeIn } from './valueTradeIn.ts';

const ID = 'sv_0123456789abcdef0123456789abcdef';
const offer = valueTradeIn({
  valuationId: ID,
  market: 'fr',
  brand: 'peugeot',
  model: '308',
  year: 2022,
  mileageKm: 45_000,
  condition: 'good',
  fuel: 'petrol',
  valuedAt: '2030-03-01T10:00:00Z',
});
const valued = (customerId: string | null): SavedValuationEvent => ({
  type: 'CarValued',
  data: {
    valuationId: ID,
    market: 'fr',
    vehicle: offer.vehicle,
    offer: offer.offer,
    valuedAt: offer.valuedAt,
    validUntil: offer.validUntil,
    customerId,
  },
});
const given = (...events: SavedValuationEvent[]): SavedValuationState =>
  events.reduce(evolveSavedValuation, initialSavedValuation);
const use = (at: string, extra: Partial<{ customerId: string; market: string; purchaseId: string }> = {}) =>
  ({
    type: 'UseInPurchase',
    valuationId: ID,
    customerId: 'cus_1',
    purchaseId: '42',
    market: 'fr',
    at,
    ...extra,
  }) as const;

describe('saved valuation decider', () => {
  describe('given nothing yet', () => {
    describe('when a visitor values a car', () => {
      it('then the car is valued: the offer in the market’s currency, valid 7 days, no customer', () => {
        expect(decideSavedValuation({ type: 'ValueCar', offer, customerId: null }, given())).toEqual([
          valued(null),
        ]);
        expect(offer.offer.currency).toBe('EUR');
        expect(offer.validUntil).toBe('2030-03-08T10:00:00.000Z');
      });
    });
    describe('when a signed-in customer values a car', () => {
      it('then the valuation is theirs from the start', () => {
        const [event] = decideSavedValuation({ type: 'ValueCar', offer, customerId: 'cus_1' }, given());
        expect(event).toEqual(valued('cus_1'));
      });
    });
    describe('when it is joined to an account or used', () => {
      it('then it is not found', () => {
        expect(() =>
          decideSavedValuation({ type: 'JoinAccount', valuationId: ID, customerId: 'cus_1' }, given()),
        ).toThrow(NotFoundError);
        expect(() => decideSavedValuation(use('2030-03-02T00:00:00Z'), given())).toThrow(NotFoundError);
      });
    });
  });

  describe('given a valued car', () => {
    describe('when the same request comes again (a retry, a double click)', () => {
      it('then nothing more is decided', () => {
        expect(
          decideSavedValuation({ type: 'ValueCar', offer, customerId: null }, given(valued(null))),
        ).toEqual([]);
      });
    });
  });

  describe('given a visitor’s valuation', () => {
    describe('when the visitor signs in', () => {
      it('then the valuation joins their account', () => {
        const state = given(valued(null));
        const events = decideSavedValuation(
          { type: 'JoinAccount', valuationId: ID, customerId: 'cus_1' },
          state,
        );
        expect(events).toEqual([
          { type: 'ValuationJoinedAccount', data: { valuationId: ID, customerId: 'cus_1' } },
        ]);
        expect(events.reduce(evolveSavedValuation, state)?.customerId).toBe('cus_1');
      });
    });
  });

  describe('given a valuation joined to an account', () => {
    const state = given(valued(null), {
      type: 'ValuationJoinedAccount',
      data: { valuationId: ID, customerId: 'cus_1' },
    });
    describe('when it is joined again (a retried sign-in)', () => {
      it('then nothing more is decided', () => {
        expect(
          decideSavedValuation({ type: 'JoinAccount', valuationId: ID, customerId: 'cus_1' }, state),
        ).toEqual([]);
      });
    });
    describe('when another customer claims it', () => {
      it('then it is not found for them', () => {
        expect(() =>
          decideSavedValuation({ type: 'JoinAccount', valuationId: ID, customerId: 'cus_2' }, state),
        ).toThrow(NotFoundError);
        expect(() =>
          decideSavedValuation(use('2030-03-02T00:00:00Z', { customerId: 'cus_2' }), state),
        ).toThrow(NotFoundError);
      });
    });
    describe('when its owner uses it in a purchase of the same market while it holds', () => {
      it('then the use is recorded, once', () => {
        const events = decideSavedValuation(use('2030-03-08T10:00:00Z'), state);
        expect(events).toEqual([
          {
            type: 'ValuationUsedInPurchase',
            data: { valuationId: ID, purchaseId: '42', at: '2030-03-08T10:00:00Z' },
          },
        ]);
        expect(
          decideSavedValuation(use('2030-03-08T10:00:00Z'), events.reduce(evolveSavedValuation, state)),
        ).toEqual([]);
      });
    });
    describe('when it is used in another market', () => {
      it('then it is a conflict', () => {
        expect(() => decideSavedValuation(use('2030-03-02T00:00:00Z', { market: 'de' }), state)).toThrow(
          ConflictError,
        );
      });
    });
  });

  describe('given an expired valuation', () => {
    const state = given(valued('cus_1'));
    describe('when it is used in a purchase', () => {
      it('then it is a conflict naming when it ended', () => {
        const error = (() => {
          try {
            decideSavedValuation(use('2030-03-08T10:00:01Z'), state);
          } catch (e) {
            return e;
          }
        })();
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).details).toMatchObject({ validUntil: '2030-03-08T10:00:00.000Z' });
        expect(isStillValid(state!, '2030-03-08T10:00:01Z')).toBe(false);
      });
    });
    describe('when a visitor’s expired valuation joins their account', () => {
      it('then it joins all the same (the account keeps it, shown as expired)', () => {
        expect(
          decideSavedValuation(
            { type: 'JoinAccount', valuationId: ID, customerId: 'cus_1' },
            given(valued(null)),
          ),
        ).toHaveLength(1);
      });
    });
  });
});
