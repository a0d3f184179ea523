/**
 * Every locale's dictionary is complete (every key of the French reference, plus the plural categories
 * its language needs), nothing is empty, the parameters match, and no locale quietly shows another
 * language: dictionaries of different languages share almost no wording, and the regional variants
 * (at, fr-BE) carry their own terms.
 */
import { describe, expect, it } from 'vitest';
import {
  BODIES,
  COLOURS,
  CONDITIONS,
  EQUIPMENT,
  FUELS,
  GEARBOXES,
  SORTS,
} from '../../domain/catalogue/vocabulary.ts';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { createTranslator } from './createTranslator.ts';
import { loadAllDictionaries } from './dictionaries.ts';
import { isPlural, type Plural } from './plural.ts';

type Entry = { key: string; text: string };

function entries(tree: unknown, prefix = ''): { texts: Entry[]; plurals: [string, Plural][] } {
  const texts: Entry[] = [];
  const plurals: [string, Plural][] = [];
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.push({ key: path, text: value });
    else if (isPlural(value)) plurals.push([path, value]);
    else {
      const nested = entries(value, path);
      texts.push(...nested.texts);
      plurals.push(...nested.plurals);
    }
  }
  return { texts, plurals };
}

const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const DICTIONARIES = await loadAllDictionaries();
const reference = entries(DICTIONARIES.fr);
const languageOf = (locale: Locale) => marketOf(locale).language.slice(0, 2);
/** Words that are the same in several languages on purpose (product names, loanwords). */
const SHARED_ON_PURPOSE =
  /^(Apple CarPlay|Android Auto|Bluetooth|Blog|Pick-up|Head-up display|\{\{[^}]+\}\} – \{\{[^}]+\}\}|\{\{value\}\} g\/km)$/;

describe('the message dictionaries', () => {
  it.each(LOCALES)('%s has every key of the reference, none empty, with the same parameters', (locale) => {
    const dictionary = entries(DICTIONARIES[locale]);
    const own = new Map(dictionary.texts.map((e) => [e.key, e.text]));
    for (const { key, text } of reference.texts) {
      expect(own.get(key), `${locale}: ${key}`).toBeTypeOf('string');
      expect(own.get(key)!.trim(), `${locale}: ${key}`).not.toBe('');
      expect(params(own.get(key)!), `${locale}: ${key}`).toEqual(params(text));
    }
    expect(dictionary.texts.map((e) => e.key).sort()).toEqual(reference.texts.map((e) => e.key).sort());
    expect(dictionary.plurals.map(([key]) => key).sort()).toEqual(
      reference.plurals.map(([key]) => key).sort(),
    );
  });

  it.each(LOCALES)('%s gives every plural category its language uses', (locale) => {
    const categories = new Intl.PluralRules(marketOf(locale).language).resolvedOptions().pluralCategories;
    for (const [key, forms] of entries(DICTIONARIES[locale]).plurals) {
      for (const category of categories) {
        const form = forms[category as keyof Plural];
        expect(form, `${locale}: ${key}.${category}`).toMatch(/\{\{count\}\}/);
      }
    }
  });

  it.each(LOCALES)('%s labels every value of the catalogue vocabulary', (locale) => {
    const t = createTranslator(locale);
    const groups = [
      ['condition', CONDITIONS],
      ['fuel', FUELS],
      ['gearbox', GEARBOXES],
      ['body', BODIES],
      ['colour', COLOURS],
      ['equipment', EQUIPMENT],
    ] as const;
    for (const [group, values] of groups) {
      for (const value of values)
        expect(t.label(group, value), `${locale}: ${group}.${value}`).not.toBe(value);
    }
    for (const sort of SORTS) expect(t.t(`sort.${sort}`)).not.toBe('');
  });

  it('no locale shows the wording of another language', () => {
    // Neighbouring languages share some words (es/pt "Comprar", de/pl "Tempomat"), so the test looks for
    // what a fallback would leave: a large part of a dictionary, or of one of its sections, word for word
    // in another language.
    const problems: string[] = [];
    for (const a of LOCALES) {
      for (const b of LOCALES) {
        if (a >= b || languageOf(a) === languageOf(b)) continue;
        const theirs = new Map(entries(DICTIONARIES[b]).texts.map((e) => [e.key, e.text]));
        const ours = entries(DICTIONARIES[a]).texts;
        const same = ours.filter((e) => theirs.get(e.key) === e.text && !SHARED_ON_PURPOSE.test(e.text));
        if (same.length > ours.length * 0.15) problems.push(`${a}/${b}: ${same.length} of ${ours.length}`);
        const sections = new Set(ours.map((e) => e.key.split('.').slice(0, 2).join('.')));
        for (const section of sections) {
          const inSection = ours.filter((e) => e.key.startsWith(`${section}.`) || e.key === section);
          const sameInSection = same.filter((e) => e.key.startsWith(`${section}.`));
          if (inSection.length >= 4 && sameInSection.length > inSection.length / 2) {
            problems.push(`${a}/${b}: ${section} (${sameInSection.map((e) => e.text).join(', ')})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('regional variants use their own terms where they differ', () => {
    expect(createTranslator('at').t('car.vatIncluded')).toBe('inkl. USt.');
    expect(createTranslator('de').t('car.vatIncluded')).toBe('inkl. MwSt.');
    expect(createTranslator('at').t('home.usp3Title')).toContain('Österreich');
    expect(createTranslator('fr-BE').t('car.vatIncluded')).toBe('TVAC');
    expect(createTranslator('fr-BE').t('home.usp3Title')).toContain('Belgique');
    expect(createTranslator('nl-BE').t('dealers.openingHours')).toBe('Openingsuren');
    expect(createTranslator('nl-BE').t('nav.used')).toBe('Tweedehandswagens');
  });

  it('picks plural forms by the rules of each language', () => {
    const pl = createTranslator('pl');
    expect(pl.plural('list.results', 1)).toBe('1 samochód');
    expect(pl.plural('list.results', 3)).toBe('3 samochody');
    expect(pl.plural('list.results', 5)).toBe('5 samochodów');
    expect(pl.plural('list.results', 22)).toBe('22 samochody');
    expect(createTranslator('fr').plural('list.results', 1)).toBe('1 voiture');
    expect(createTranslator('fr').plural('list.results', 0)).toBe('0 voiture');
    expect(createTranslator('de').plural('list.results', 0)).toBe('0 Fahrzeuge');
    expect(createTranslator('nl-BE').plural('dealers.count', 2)).toBe('2 concessies');
    expect(createTranslator('fr').plural('list.results', 1234)).toBe('1\u202f234 voitures');
  });

  it('fills parameters', () => {
    expect(createTranslator('it').t('list.pageOf', { page: 2, pages: 7 })).toBe('Pagina 2 di 7');
    expect(createTranslator('es').t('brands.models', { brand: 'SEAT' })).toBe('Modelos de SEAT');
  });
});
