/** The share of a step's entries that reached the next step(s), from the statistics' entries. */
import { describe, expect, it } from 'vitest';
import { stepConversion } from './funnelConversion.ts';

const steps = (entries: Record<string, number>) =>
  Object.entries(entries).map(([step, n]) => ({ step, entries: n, exits: 0 }));

describe('stepConversion', () => {
  describe('given a purchase funnel', () => {
    it('when steps follow one another, then next entries over own entries', () => {
      const result = stepConversion('purchase', steps({ funding: 8, 'advance-payment': 6, confirmed: 3 }));
      expect(result.map((s) => s.reachedNext)).toEqual([6 / 8, 3 / 6, null]);
    });

    it('when the next step is a choice (sign in or sign up), then both count', () => {
      const result = stepConversion('purchase', steps({ 'sign-in-sign-up': 10, 'sign-in': 3, 'sign-up': 5 }));
      expect(result[0]).toEqual({ step: 'sign-in-sign-up', entries: 10, exits: 0, reachedNext: 0.8 });
    });

    it('when nobody entered a step or the next one is not listed, then null and 0', () => {
      const result = stepConversion('purchase', steps({ delivery: 0, 'my-infos': 4 }));
      expect(result.map((s) => s.reachedNext)).toEqual([null, 0]);
    });
  });

  describe('given a booking funnel', () => {
    it('when free bookings skip the deposit, then holding counts straight to confirmed', () => {
      const result = stepConversion(
        'booking',
        steps({ 'contact-check': 4, holding: 4, 'awaiting-deposit': 1, paying: 1, confirmed: 3, limit: 1 }),
      );
      expect(Object.fromEntries(result.map((s) => [s.step, s.reachedNext]))).toEqual({
        'contact-check': 1,
        holding: 0.75,
        'awaiting-deposit': 1,
        paying: 3,
        confirmed: 0,
        limit: null,
      });
    });
  });
});
