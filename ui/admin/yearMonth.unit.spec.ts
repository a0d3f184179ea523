import { describe, expect, it } from 'vitest';
import { isYearMonth, shiftMonth, yearMonthOf } from './yearMonth.ts';

describe('the import log’s months', () => {
  describe('given a month', () => {
    it('when moved, then across years both ways', () => {
      expect(shiftMonth('2026-11', 1)).toBe('2026-12');
      expect(shiftMonth('2026-12', 1)).toBe('2027-01');
      expect(shiftMonth('2026-01', -1)).toBe('2025-12');
      expect(shiftMonth('2026-03', -14)).toBe('2025-01');
    });
  });

  describe('given text or a moment', () => {
    it('when checked, then only YYYY-MM with a real month passes; a moment’s month is UTC', () => {
      expect(['2026-11', '1999-01'].every(isYearMonth)).toBe(true);
      expect(['2026-13', '2026-00', '2026-1', '202611', ''].some(isYearMonth)).toBe(false);
      expect(yearMonthOf(new Date('2026-11-30T23:30:00-02:00'))).toBe('2026-12');
    });
  });
});
