/**
 * Working-day arithmetic on calendar dates (`YYYY-MM-DD`, no time zone): Monday to Friday count, public
 * holidays do not (they differ by region; a provider's ETA is an estimate the dealer confirms).
 */
import { ValidationError } from '../errors.ts';

const DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function parse(date: string, field: string): Date {
  const at = DATE.test(date) ? new Date(`${date}T00:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== date) {
    throw ValidationError.field(field, 'is not a date (YYYY-MM-DD)');
  }
  return at;
}

/** Whether a date falls on Monday to Friday. */
export function isWorkingDay(date: string): boolean {
  const day = parse(date, 'date').getUTCDay();
  return day !== 0 && day !== 6;
}

/**
 * The date `days` working days after `date` (0 → `date` itself when it is a working day, else the next
 * one). Counting starts the day after: ordered on Friday, 1 working day → Monday.
 */
export function addWorkingDays(date: string, days: number, field = 'date'): string {
  if (!Number.isInteger(days) || days < 0) throw ValidationError.field('days', 'must be a whole number ≥ 0');
  const at = parse(date, field);
  const weekend = () => at.getUTCDay() === 0 || at.getUTCDay() === 6;
  while (weekend()) at.setUTCDate(at.getUTCDate() + 1);
  for (let left = days; left > 0; ) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (!weekend()) left--;
  }
  return at.toISOString().slice(0, 10);
}
