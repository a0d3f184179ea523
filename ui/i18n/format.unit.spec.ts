/** Prices, distances and dates as each market writes them. */
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDuration,
  formatMajorPrice,
  formatMileage,
  formatMoment,
  formatMonth,
  formatPrice,
  horsepower,
} from './format.ts';

// Intl separates thousands and units with (narrow) no-break spaces: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting', () => {
  it('writes prices from minor units in the market currency, cents only when there are some', () => {
    expect(plain(formatPrice({ amount: 3_490_000, currency: 'EUR' }, 'fr'))).toBe('34 900 €');
    expect(plain(formatPrice({ amount: 3_490_050, currency: 'EUR' }, 'fr'))).toBe('34 900,50 €');
    expect(plain(formatPrice({ amount: 3_490_000, currency: 'EUR' }, 'de'))).toBe('34.900 €');
    expect(plain(formatPrice({ amount: 3_490_000, currency: 'EUR' }, 'at'))).toBe('€ 34.900');
    expect(plain(formatPrice({ amount: 12_990_000, currency: 'PLN' }, 'pl'))).toBe('129 900 zł');
    expect(plain(formatPrice({ amount: 3_490_000, currency: 'EUR' }, 'nl-BE'))).toBe('€ 34.900');
    expect(plain(formatMajorPrice(15_000, 'it'))).toBe('15.000 €');
  });

  it('writes mileage with its unit', () => {
    expect(plain(formatMileage(34_000, 'fr'))).toBe('34 000 km');
    expect(plain(formatMileage(34_000, 'de'))).toBe('34.000 km');
    expect(plain(formatMileage(0, 'pl'))).toBe('0 km');
  });

  it('writes dates in the market language, in UTC', () => {
    expect(formatDate('2024-01-15T23:30:00Z', 'fr')).toBe('15 janvier 2024');
    expect(formatDate('2024-01-15', 'at')).toBe('15. Jänner 2024');
    expect(formatDate('2024-01-15', 'de')).toBe('15. Januar 2024');
    expect(formatDate('2024-01-15', 'pl')).toBe('15 stycznia 2024');
    expect(formatMonth('2021-03', 'es')).toBe('marzo de 2021');
  });

  it('writes a moment in the market’s time zone', () => {
    // 23:30 UTC on 31 March 2026 (summer time): already 1 April in Paris and Warsaw, not yet in Lisbon.
    expect(formatMoment('2026-03-31T23:30:00Z', 'fr', 'dayTime')).toBe('1 avril à 01:30');
    expect(formatMoment('2026-03-31T23:30:00Z', 'pl', 'dayTime')).toBe('1 kwietnia 01:30');
    expect(formatMoment('2026-03-31T23:30:00Z', 'pt', 'dayTime')).toBe('1 de abril às 00:30');
  });

  it('writes durations with the plural form the language needs', () => {
    expect(plain(formatDuration(48, 'hour', 'fr'))).toBe('48 heures');
    expect(plain(formatDuration(72, 'hour', 'pl'))).toBe('72 godziny');
    expect(plain(formatDuration(48, 'hour', 'pl'))).toBe('48 godzin');
    expect(plain(formatDuration(30, 'minute', 'de'))).toBe('30 Minuten');
  });

  it('converts kilowatts to metric horsepower', () => {
    expect(horsepower(110)).toBe(150);
    expect(horsepower(81)).toBe(110);
  });

  it('writes a moment in the market time zone: the same instant is 14:02 in Paris and 13:02 in Lisbon', () => {
    const instant = '2026-03-14T13:02:00.000Z';
    expect(formatMoment(instant, 'fr', 'time')).toBe('14:02');
    expect(formatMoment(instant, 'pt', 'time')).toBe('13:02');
    expect(formatMoment(instant, 'pl')).toMatch(/14:02/);
    expect(formatMoment(instant, 'fr')).toMatch(/14 mars 2026.*14:02/);
  });
});
