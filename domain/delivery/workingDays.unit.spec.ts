import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from './workingDays.ts';

describe('working days', () => {
  it('given a Friday, when one working day is added, then it is the Monday after', () => {
    expect(addWorkingDays('2030-01-04', 1)).toBe('2030-01-07');
  });

  it('given a Saturday, when 0 days are added, then it is the next Monday; 5 days, the Monday after', () => {
    expect(addWorkingDays('2030-01-05', 0)).toBe('2030-01-07');
    expect(addWorkingDays('2030-01-05', 5)).toBe('2030-01-14');
  });

  it('given a month and year end, then the calendar rolls over (leap day included)', () => {
    expect(addWorkingDays('2031-12-31', 1)).toBe('2032-01-01');
    expect(addWorkingDays('2032-02-27', 1)).toBe('2032-03-01');
    expect(addWorkingDays('2032-02-28', 0)).toBe('2032-03-01');
  });

  it('given an impossible date or a negative count, then it is a validation error', () => {
    expect(() => addWorkingDays('2030-02-29', 1)).toThrow(/date/);
    expect(() => addWorkingDays('2030-1-5', 1)).toThrow(/date/);
    expect(() => addWorkingDays('2030-01-07', -1)).toThrow(/days/);
  });

  it('any result is a working day, and n + 1 working days land after n', () => {
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (start, n) => {
        const end = addWorkingDays(start, n);
        expect(isWorkingDay(end)).toBe(true);
        expect(addWorkingDays(start, n + 1) > end).toBe(true);
      }),
    );
  });
});
