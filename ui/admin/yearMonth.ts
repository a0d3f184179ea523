/** Months of the import log (`YYYY-MM`, UTC, as the server files imports): the current one, the next and previous. */
const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isYearMonth(value: string): boolean {
  return YEAR_MONTH.test(value);
}

/** The month of `now` in UTC. */
export function yearMonthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** `yearMonth` moved by `months` (negative: back). */
export function shiftMonth(yearMonth: string, months: number): string {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
