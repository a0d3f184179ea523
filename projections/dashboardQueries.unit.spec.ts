/** The dashboard's days: every UTC day of the period, both ends included. */
import { describe, expect, it } from 'vitest';
import { daysOf } from './dashboardQueries.ts';

describe('daysOf', () => {
  it('given a period across a month end, then every day in order, both ends included', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('given one day, then that day; given from after to, then none', () => {
    expect(daysOf('2026-11-20', '2026-11-20')).toEqual(['2026-11-20']);
    expect(daysOf('2026-11-21', '2026-11-20')).toEqual([]);
  });
});
