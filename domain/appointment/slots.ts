/**
 * A dealer's slots from its opening hours, in its market's time zone: the local day and time of a slot
 * and its instant (Intl's time zone data; no clock is read here).
 */

import type { Dealer } from '../catalogue/dealer.ts';
import { WEEKDAYS } from '../catalogue/dealer.ts';
import { SLOT_MINUTES } from './schemas.ts';

type OpeningHours = Dealer['openingHours'];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekday of a calendar day (`2026-03-02` → `mon`). */
export function weekdayOf(day: string): (typeof WEEKDAYS)[number] {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sunday0 + 6) % 7]!;
}

/** The slots' local start times of a day: each fits whole inside one opening period. */
export function slotTimes(hours: OpeningHours, day: string): string[] {
  const weekday = weekdayOf(day);
  const times = new Set<number>();
  for (const period of hours) {
    if (period.day !== weekday) continue;
    for (let t = minutesOf(period.opens); t + SLOT_MINUTES <= minutesOf(period.closes); t += SLOT_MINUTES)
      times.add(t);
  }
  return [...times].sort((a, b) => a - b).map(timeOf);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a local day and time in `timeZone` (a time skipped by a DST change moves forward). */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const naive = Date.parse(`${day}T${time}:00Z`);
  let instant = naive - offsetAt(naive, timeZone);
  instant = naive - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The local calendar day of an instant in `timeZone`. */
export function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The day after (or `n` days after) a calendar day. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

export interface Slot {
  readonly day: string;
  readonly time: string;
  readonly start: string;
  readonly end: string;
}

/** A local slot with its instants. */
export function slotOf(day: string, time: string, timeZone: string): Slot {
  const start = zonedInstant(day, time, timeZone);
  return {
    day,
    time,
    start: start.toISOString(),
    end: new Date(start.getTime() + SLOT_MINUTES * 60_000).toISOString(),
  };
}
