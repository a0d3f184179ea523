/**
 * The booking screens' words: every locale has every text of the French reference, none empty, with the
 * same `{{parameters}}`; the other languages are translated (not French left in place); Austria keeps
 * its own wording where it differs from Germany.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale, marketOf } from '../../../../domain/markets.ts';
import type { BookingMessages } from './fr.ts';
import { loadBookingMessages } from './index.ts';

const texts = (tree: unknown, prefix = ''): [string, string][] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : texts(value, `${prefix}${key}.`),
  );
const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const ALL = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, await loadBookingMessages(locale)] as const)),
) as Record<Locale, BookingMessages>;
const reference = texts(ALL.fr);

describe('the booking screens’ words', () => {
  it.each(LOCALES)('%s has every text of the reference, none empty, with the same parameters', (locale) => {
    const own = new Map(texts(ALL[locale]));
    expect([...own.keys()].sort()).toEqual(reference.map(([key]) => key).sort());
    for (const [key, text] of reference) {
      expect(own.get(key)?.trim(), `${locale}: ${key}`).not.toBe('');
      expect(params(own.get(key)!), `${locale}: ${key}`).toEqual(params(text));
    }
  });

  it.each(LOCALES.filter((locale) => !marketOf(locale).language.startsWith('fr')))(
    '%s is translated, not the French words',
    (locale) => {
      const own = new Map(texts(ALL[locale]));
      const same = reference.filter(([key, text]) => own.get(key) === text).map(([key]) => key);
      expect(same).toEqual([]);
    },
  );

  it('Austria says booking takes no deposit, where Germany takes one', () => {
    expect(ALL.at.start.free).toContain('ohne Anzahlung');
    expect(ALL.de.start.free).not.toContain('ohne Anzahlung');
    expect(ALL.at.contact).toEqual(ALL.de.contact);
  });
});
