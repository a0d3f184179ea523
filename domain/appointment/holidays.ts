/**
 * Each market's national public holidays, on which dealers take no appointment. Regional ones (a German
 * Land's, a Spanish community's, a Belgian region's) are not here: they would be a dealer's own closing
 * days, a catalogue fact. Fixed dates, and those that follow Easter Sunday (Gregorian computus).
 */
import type { CountryCode } from '../markets.ts';
import { addDays } from './slots.ts';

/** Easter Sunday of a Gregorian year, as `YYYY-MM-DD` (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days after Easter Sunday: Good Friday −2, Easter Monday 1, Ascension 39, Pentecost 49, Whit Monday 50, Corpus Christi 60. */
const EASTER = {
  goodFriday: -2,
  easter: 0,
  easterMonday: 1,
  ascension: 39,
  pentecost: 49,
  whitMonday: 50,
  corpusChristi: 60,
} as const;
type Movable = keyof typeof EASTER;

/** Per country: fixed `MM-DD` dates and the movable feasts; Poland's 24 December from 2025. */
const HOLIDAYS: Record<CountryCode, { fixed: readonly string[]; movable: readonly Movable[] }> = {
  AT: {
    fixed: ['01-01', '01-06', '05-01', '08-15', '10-26', '11-01', '12-08', '12-25', '12-26'],
    movable: ['easterMonday', 'ascension', 'whitMonday', 'corpusChristi'],
  },
  BE: {
    fixed: ['01-01', '05-01', '07-21', '08-15', '11-01', '11-11', '12-25'],
    movable: ['easterMonday', 'ascension', 'whitMonday'],
  },
  DE: {
    fixed: ['01-01', '05-01', '10-03', '12-25', '12-26'],
    movable: ['goodFriday', 'easterMonday', 'ascension', 'whitMonday'],
  },
  ES: {
    fixed: ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'],
    movable: ['goodFriday'],
  },
  FR: {
    fixed: ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'],
    movable: ['easterMonday', 'ascension', 'whitMonday'],
  },
  IT: {
    fixed: ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'],
    movable: ['easterMonday'],
  },
  PL: {
    fixed: ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'],
    movable: ['easter', 'easterMonday', 'pentecost', 'corpusChristi'],
  },
  PT: {
    fixed: ['01-01', '04-25', '05-01', '06-10', '08-15', '10-05', '11-01', '12-01', '12-08', '12-25'],
    movable: ['goodFriday', 'easter', 'corpusChristi'],
  },
};

/** A country's national public holidays of a year, `YYYY-MM-DD`, in date order. */
export function publicHolidays(country: CountryCode, year: number): string[] {
  const { fixed, movable } = HOLIDAYS[country];
  const easter = easterSunday(year);
  const days = [
    ...fixed.map((date) => `${year}-${date}`),
    ...(country === 'PL' && year >= 2025 ? [`${year}-12-24`] : []),
    ...movable.map((feast) => addDays(easter, EASTER[feast])),
  ];
  return [...new Set(days)].sort();
}

const cache = new Map<string, ReadonlySet<string>>();

/** Whether a calendar day (`YYYY-MM-DD`) is a national public holiday of the country. */
export function isPublicHoliday(country: CountryCode, day: string): boolean {
  const key = `${country}:${day.slice(0, 4)}`;
  let days = cache.get(key);
  if (!days) {
    days = new Set(publicHolidays(country, Number(day.slice(0, 4))));
    cache.set(key, days);
  }
  return days.has(day);
}
