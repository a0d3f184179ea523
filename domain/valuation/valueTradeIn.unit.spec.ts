import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUELS } from '../catalogue/vocabulary.ts';
import { ValidationError } from '../errors.ts';
import { LOCALES } from '../markets.ts';
import { OFFER_FLOOR, TRADE_IN_CONDITIONS } from './valuationRules.ts';
import { isOfferValid, revalueTradeIn, type ValuationRequest, valueTradeIn } from './valueTradeIn.ts';

const golf = (overrides: Partial<ValuationRequest> = {}): ValuationRequest => ({
  valuationId: 'val-1',
  market: 'fr',
  brand: 'volkswagen',
  model: 'golf',
  year: 2027,
  mileageKm: 45_000,
  condition: 'good',
  fuel: 'petrol',
  valuedAt: '2030-03-10T09:30:00.000Z',
  ...overrides,
});

describe('trade-in valuation', () => {
  it('given a three-year-old Golf with average mileage in good condition, then the offer follows the documented formula', () => {
    const offer = valueTradeIn(golf());
    // 39 500 € reference × 0.925 (older list price) × 0.86·0.89³ (depreciation) × 1 × 1 × 1 × 0.82, down to 10 €.
    expect(offer.offer).toEqual({ amount: 1_816_000, currency: 'EUR' });
    expect(offer.basis).toMatchObject({
      referenceNewPrice: { amount: 3_950_000, currency: 'EUR' },
      ageYears: 3,
      mileageFactor: 1,
      conditionFactor: 1,
      floorApplied: false,
    });
    expect(offer.vehicle).toEqual({
      brand: 'volkswagen',
      model: 'golf',
      year: 2027,
      mileageKm: 45_000,
      condition: 'good',
      fuel: 'petrol',
    });
  });

  it('given a valuation time, then the offer is valid for exactly 7 days from it', () => {
    const offer = valueTradeIn(golf());
    expect(offer.validUntil).toBe('2030-03-17T09:30:00.000Z');
    expect(isOfferValid(offer, '2030-03-17T09:30:00.000Z')).toBe(true);
    expect(isOfferValid(offer, '2030-03-17T09:30:00.001Z')).toBe(false);
  });

  it('given the Polish market, then the offer is in złoty, rounded down to 50 zł', () => {
    const offer = valueTradeIn(golf({ market: 'pl' }));
    expect(offer.offer.currency).toBe('PLN');
    expect(offer.offer.amount % 5_000).toBe(0);
    expect(offer.offer.amount).toBeGreaterThan(4 * valueTradeIn(golf({ market: 'de' })).offer.amount * 0.85);
  });

  it('given a worn-out old car, then the floor is offered and says so', () => {
    const offer = valueTradeIn(golf({ year: 1995, mileageKm: 390_000, condition: 'poor', fuel: 'diesel' }));
    expect(offer.offer).toEqual({ amount: OFFER_FLOOR.EUR.floor, currency: 'EUR' });
    expect(offer.basis.floorApplied).toBe(true);
  });

  it('given an electric car and a petrol car of the same model price and age, then the electric one is offered less', () => {
    const petrol = valueTradeIn(golf({ fuel: 'petrol' }));
    const electric = valueTradeIn(golf({ fuel: 'electric' }));
    expect(electric.offer.amount).toBeLessThan(petrol.offer.amount);
  });

  it('given an unknown brand, then the error is on the brand; a known brand with an unknown model, on the model', () => {
    expect(() => valueTradeIn(golf({ brand: 'trabant', model: '601' }))).toThrow(ValidationError);
    try {
      valueTradeIn(golf({ brand: 'trabant', model: '601' }));
    } catch (error) {
      expect((error as ValidationError).details.fields).toEqual({ brand: ['is not in the reference list'] });
    }
    try {
      valueTradeIn(golf({ model: 'beetle' }));
    } catch (error) {
      expect((error as ValidationError).details.fields).toEqual({ model: ['is not in the reference list'] });
    }
  });

  it('given a model year after the valuation date, then it is a validation error on the year', () => {
    expect(() => valueTradeIn(golf({ year: 2031 }))).toThrow(/year: is after the valuation date/);
  });

  it('given an inspection that finds the car fair, not good, then the revaluation records a lower offer, the difference and the reason', () => {
    const first = valueTradeIn(golf());
    const revaluation = revalueTradeIn(first, {
      revaluationId: 'val-2',
      revaluedAt: '2030-03-12T14:00:00.000Z',
      reason: 'inspection',
      note: 'scratches on both rear doors',
      condition: 'fair',
    });
    expect(revaluation.previous).toEqual({ valuationId: 'val-1', offer: first.offer });
    expect(revaluation.offer).toMatchObject({
      valuationId: 'val-2',
      vehicle: { condition: 'fair' },
      validUntil: '2030-03-19T14:00:00.000Z',
    });
    expect(revaluation.offer.offer.amount).toBeLessThan(first.offer.amount);
    expect(revaluation.difference).toEqual({
      amount: revaluation.offer.offer.amount - first.offer.amount,
      currency: 'EUR',
    });
    expect(revaluation).toMatchObject({ reason: 'inspection', note: 'scratches on both rear doors' });
  });

  it('given an expired offer re-valued with nothing changed in the same year, then the difference is zero', () => {
    const first = valueTradeIn(golf());
    const again = revalueTradeIn(first, {
      revaluationId: 'val-3',
      revaluedAt: '2030-04-01T08:00:00.000Z',
      reason: 'offer_expired',
    });
    expect(again.difference).toEqual({ amount: 0, currency: 'EUR' });
  });

  it('given a revaluation dated before the valuation, then it is a validation error', () => {
    const first = valueTradeIn(golf());
    expect(() =>
      revalueTradeIn(first, {
        revaluationId: 'val-4',
        revaluedAt: '2030-03-01T00:00:00.000Z',
        reason: 'inspection',
      }),
    ).toThrow(/revaluedAt/);
  });

  const car = fc.record({
    market: fc.constantFrom(...LOCALES),
    year: fc.integer({ min: 1995, max: 2030 }),
    mileageKm: fc.integer({ min: 0, max: 500_000 }),
    condition: fc.constantFrom(...TRADE_IN_CONDITIONS),
    fuel: fc.constantFrom(...FUELS),
  });

  it('more km never raise the offer; a newer year never lowers it; a better condition never lowers it', () => {
    fc.assert(
      fc.property(car, fc.integer({ min: 0, max: 200_000 }), (c, extraKm) => {
        const base = valueTradeIn(golf(c)).offer.amount;
        expect(
          valueTradeIn(golf({ ...c, mileageKm: c.mileageKm + extraKm })).offer.amount,
        ).toBeLessThanOrEqual(base);
        if (c.year < 2030)
          expect(valueTradeIn(golf({ ...c, year: c.year + 1 })).offer.amount).toBeGreaterThanOrEqual(base);
        const better = TRADE_IN_CONDITIONS[Math.max(0, TRADE_IN_CONDITIONS.indexOf(c.condition) - 1)]!;
        expect(valueTradeIn(golf({ ...c, condition: better })).offer.amount).toBeGreaterThanOrEqual(base);
      }),
    );
  });

  it('every offer is at least the floor, a whole step, in the market currency, and below the reference new price', () => {
    fc.assert(
      fc.property(car, (c) => {
        const offer = valueTradeIn(golf(c));
        const { floor, step } = OFFER_FLOOR[offer.offer.currency];
        expect(offer.offer.amount).toBeGreaterThanOrEqual(floor);
        expect(offer.offer.amount % step).toBe(0);
        expect(offer.offer.currency).toBe(c.market === 'pl' ? 'PLN' : 'EUR');
        expect(offer.offer.amount).toBeLessThan(offer.basis.referenceNewPrice.amount);
      }),
    );
  });
});
