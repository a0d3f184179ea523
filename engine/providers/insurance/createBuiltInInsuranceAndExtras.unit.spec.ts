import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../domain/errors.ts';
import { createBuiltInInsuranceAndExtras } from './createBuiltInInsuranceAndExtras.ts';

const car = {
  market: 'pl' as const,
  carPrice: { amount: 12_990_000, currency: 'PLN' as const },
  fuel: 'plug_in_hybrid' as const,
  carCondition: 'used' as const,
};

describe('built-in insurance and extras', () => {
  it('given a Polish plug-in hybrid, then covers and extras are in złoty, the home charger among the extras', async () => {
    const { insurance, extras } = await createBuiltInInsuranceAndExtras().offers(car);
    expect(insurance.map((o) => o.monthlyPremium.currency)).toEqual(['PLN', 'PLN', 'PLN']);
    expect(extras.find((e) => e.id === 'home-charger')?.price).toEqual({ amount: 499_900, currency: 'PLN' });
  });

  it('given a selection, then it is priced', async () => {
    const priced = await createBuiltInInsuranceAndExtras().price({
      ...car,
      insuranceId: 'third-party',
      extraIds: ['home-charger'],
    });
    expect(priced.extrasTotal).toEqual({ amount: 499_900, currency: 'PLN' });
    expect(priced.monthlyTotal.amount).toBeGreaterThan(0);
  });

  it('given input from outside with bad fields, then a validation error names them', async () => {
    const error = await createBuiltInInsuranceAndExtras()
      .price({ ...car, carPrice: { amount: -1, currency: 'PLN' }, extraIds: 'floor-mats' } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
      'carPrice.amount',
      'extraIds',
      'insuranceId',
    ]);
  });
});
