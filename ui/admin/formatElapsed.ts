/**
 * A time span in its two largest units, short and in the staff member's language (`2 j 4 h`,
 * `2 Tg. 4 Std.`, `1 h 30 min`, `45 s`): `Intl.NumberFormat` unit styles, so no words to translate.
 */
import { type Locale, marketOf } from '../../domain/markets.ts';

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

export function formatElapsed(seconds: number, locale: Locale): string {
  const { language } = marketOf(locale);
  const whole = Math.max(0, Math.round(seconds));
  const largest = UNITS.findIndex(([, size]) => whole >= size);
  const parts = UNITS.slice(largest === -1 ? UNITS.length - 1 : largest).slice(0, 2);
  let rest = whole;
  const shown: string[] = [];
  for (const [unit, size] of parts) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || shown.length === 0) {
      shown.push(
        new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(count),
      );
    }
  }
  return shown.join(' ');
}
