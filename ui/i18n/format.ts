/**
 * Numbers, prices, distances and dates the way each market writes them (`Intl` with the market's
 * BCP-47 tag: `34 900 €` in France, `€ 34.900` in Austria, `34 900 zł` in Poland).
 */
import type { Money } from '../../domain/catalogue/car.ts';
import { type Locale, marketOf } from '../../domain/markets.ts';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A price from integer minor units: whole amounts without cents (`34 900 €`), others with (`34 900,50 €`). */
export function formatPrice(money: Money, locale: Locale): string {
  const { language } = marketOf(locale);
  const whole = money.amount % 100 === 0;
  const format = cached(
    `price:${language}:${money.currency}:${whole}`,
    () =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: money.currency,
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      }),
  );
  return format.format(money.amount / 100);
}

/** A price in major units of the market's currency (facet buckets: `15 000 €`). */
export function formatMajorPrice(amount: number, locale: Locale): string {
  const { currency } = marketOf(locale);
  return formatPrice({ amount: Math.round(amount * 100), currency }, locale);
}

/** A distance in kilometres with its unit (`34 000 km`). */
export function formatMileage(km: number, locale: Locale): string {
  const { language } = marketOf(locale);
  return cached(
    `km:${language}`,
    () => new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 }),
  ).format(km);
}

/** A plain number (`12 345`). */
export function formatNumber(value: number, locale: Locale): string {
  const { language } = marketOf(locale);
  return cached(`n:${language}`, () => new Intl.NumberFormat(language)).format(value);
}

/** A calendar date from an ISO date or timestamp (`15 janvier 2024`), read in UTC so server and browser agree. */
export function formatDate(iso: string, locale: Locale, style: 'long' | 'medium' | 'short' = 'long'): string {
  const { language } = marketOf(locale);
  return cached(
    `d:${language}:${style}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' }),
  ).format(new Date(iso));
}

/** How much of a moment to write: date and time, day and time (near dates: a hold's end), or the time. */
const MOMENT_STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dayTime: { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A moment in the market's time zone (`14 mars 2026, 14:02` in Paris, the same instant `14.03.2026, 14:02`
 * in Vienna); `dayTime` without the year (`12 mars à 14:05`), `time` the hour alone (`14:02`). Server
 * and browser write the same text, wherever they run.
 */
export function formatMoment(
  iso: string,
  locale: Locale,
  style: keyof typeof MOMENT_STYLES = 'dateTime',
): string {
  const { language, timeZone } = marketOf(locale);
  return cached(
    `m:${language}:${style}`,
    () => new Intl.DateTimeFormat(language, { ...MOMENT_STYLES[style], timeZone }),
  ).format(new Date(iso));
}

/** A duration in words, plural by the language's rules (`48 heures`, `72 godziny`, `30 Minuten`). */
export function formatDuration(value: number, unit: 'hour' | 'minute', locale: Locale): string {
  const { language } = marketOf(locale);
  return cached(
    `dur:${language}:${unit}`,
    () => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }),
  ).format(value);
}

/** A month from `YYYY-MM` (first registration: `mars 2021`). */
export function formatMonth(yearMonth: string, locale: Locale): string {
  const { language } = marketOf(locale);
  return cached(
    `m:${language}`,
    () => new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(`${yearMonth}-01T00:00:00Z`));
}

/** Metric horsepower from kilowatts, rounded (`110 kW` → 150). */
export function horsepower(kw: number): number {
  return Math.round(kw * 1.35962);
}
