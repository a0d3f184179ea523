import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../domain/errors.ts';
import { createBuiltInTradeInValuations } from './createBuiltInTradeInValuations.ts';

const request = {
  valuationId: 'v-1',
  market: 'de' as const,
  brand: 'bmw',
  model: '1-series',
  year: 2026,
  mileageKm: 60_000,
  condition: 'excellent' as const,
  fuel: 'diesel' as const,
  valuedAt: '2030-06-01T10:00:00+02:00',
};

describe('built-in trade-in valuations', () => {
  it('given a valid request, then the offer is in euros, valid 7 days, with its basis', async () => {
    const offer = await createBuiltInTradeInValuations().value(request);
    expect(offer).toMatchObject({
      valuationId: 'v-1',
      market: 'de',
      valuedAt: '2030-06-01T08:00:00.000Z',
      validUntil: '2030-06-08T08:00:00.000Z',
    });
    expect(offer.offer.currency).toBe('EUR');
    expect(offer.basis.ageYears).toBe(4);
  });

  it('given input from outside with bad fields, then a validation error names each of them', async () => {
    const bad = { ...request, mileageKm: -1, condition: 'mint', valuedAt: 'yesterday' };
    const error = await createBuiltInTradeInValuations()
      .value(bad as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
      'condition',
      'mileageKm',
      'valuedAt',
    ]);
  });

  it('given a revaluation for a wrong odometer reading, then it records the new mileage, the difference and the reason', async () => {
    const valuations = createBuiltInTradeInValuations();
    const first = await valuations.value(request);
    const second = await valuations.revalue(first, {
      revaluationId: 'v-2',
      revaluedAt: '2030-06-03T10:00:00Z',
      reason: 'mileage_corrected',
      mileageKm: 98_000,
    });
    expect(second.offer.vehicle.mileageKm).toBe(98_000);
    expect(second.difference.amount).toBeLessThan(0);
    expect(second.reason).toBe('mileage_corrected');
    await expect(valuations.revalue(first, { ...second, reason: 'because' } as never)).rejects.toThrow(
      ValidationError,
    );
  });
});
