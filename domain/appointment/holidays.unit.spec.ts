/** National public holidays: Easter's date by the computus, and each market's list on known years. */
import { describe, expect, it } from 'vitest';
import { easterSunday, isPublicHoliday, publicHolidays } from './holidays.ts';

describe('public holidays', () => {
  describe('given years whose Easter Sunday is known', () => {
    it('then the computus gives it', () => {
      expect([2019, 2024, 2025, 2026, 2027, 2038].map(easterSunday)).toEqual([
        '2019-04-21',
        '2024-03-31',
        '2025-04-20',
        '2026-04-05',
        '2027-03-28',
        '2038-04-25',
      ]);
    });
  });

  describe('given a market and a year', () => {
    it('then France’s 2026 holidays are its eleven, movable feasts included', () => {
      expect(publicHolidays('FR', 2026)).toEqual([
        '2026-01-01',
        '2026-04-06',
        '2026-05-01',
        '2026-05-08',
        '2026-05-14',
        '2026-05-25',
        '2026-07-14',
        '2026-08-15',
        '2026-11-01',
        '2026-11-11',
        '2026-12-25',
      ]);
    });

    it('then Germany has Good Friday, Austria Corpus Christi, Belgium its national day', () => {
      expect(isPublicHoliday('DE', '2026-04-03')).toBe(true);
      expect(isPublicHoliday('AT', '2026-06-04')).toBe(true);
      expect(isPublicHoliday('BE', '2026-07-21')).toBe(true);
      expect(isPublicHoliday('FR', '2026-07-21')).toBe(false);
    });

    it('then Poland closes on Christmas Eve from 2025 only', () => {
      expect(isPublicHoliday('PL', '2024-12-24')).toBe(false);
      expect(isPublicHoliday('PL', '2025-12-24')).toBe(true);
    });

    it('then every market’s list is sorted, without duplicates, within its year', () => {
      for (const country of ['AT', 'BE', 'DE', 'ES', 'FR', 'IT', 'PL', 'PT'] as const) {
        const days = publicHolidays(country, 2030);
        expect(days).toEqual([...new Set(days)].sort());
        expect(days.every((day) => day.startsWith('2030-'))).toBe(true);
      }
    });
  });
});
