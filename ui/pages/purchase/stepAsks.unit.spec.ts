import { describe, expect, it } from 'vitest';
import { readStepAsks } from './stepAsks.ts';

describe('readStepAsks', () => {
  it('given a simulation and a postcode from a GET form, then their numbers and the trimmed postcode', () => {
    expect(readStepAsks({ durationMonths: '48', downPayment: 2000, postcode: ' 75011 ' })).toEqual({
      durationMonths: 48,
      downPayment: 2000,
      postcode: '75011',
    });
  });

  it('given values out of range or of the wrong kind, then they are left out', () => {
    expect(
      readStepAsks({ durationMonths: '6', downPayment: '12.5', postcode: 'x'.repeat(11), other: '1' }),
    ).toEqual({});
    expect(readStepAsks({ durationMonths: 'abc', downPayment: '-1', postcode: ['75011'] })).toEqual({});
  });
});
