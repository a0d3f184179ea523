/**
 * Every locale's dictionary, loaded on demand (`import()`): in the browser each locale is a chunk of its
 * own, so a visitor downloads only the words of the locale they read. No locale falls back to another:
 * each one is complete (see the unit test).
 *
 * The root route loads the dictionary of the path's locale before anything renders (`beforeLoad`), and
 * the browser entry before hydrating; a translator is then made synchronously (`createTranslator`).
 */
import { LOCALES, type Locale } from '../../domain/markets.ts';
import type { Messages } from './Messages.ts';

// Literal `import()` calls: the bundler makes a chunk of each.
const LOADERS: Readonly<Record<Locale, () => Promise<Messages>>> = {
  at: () => import('./messages/at.ts').then((m) => m.at),
  de: () => import('./messages/de.ts').then((m) => m.de),
  es: () => import('./messages/es.ts').then((m) => m.es),
  fr: () => import('./messages/fr.ts').then((m) => m.fr),
  'fr-BE': () => import('./messages/fr-BE.ts').then((m) => m.frBE),
  it: () => import('./messages/it.ts').then((m) => m.it),
  'nl-BE': () => import('./messages/nl-BE.ts').then((m) => m.nlBE),
  pl: () => import('./messages/pl.ts').then((m) => m.pl),
  pt: () => import('./messages/pt.ts').then((m) => m.pt),
};

const loaded = new Map<Locale, Messages>();
const loading = new Map<Locale, Promise<Messages>>();

/** The dictionary module of a locale, as Vite's manifest names it (for `<link rel="modulepreload">`). */
export function dictionarySource(locale: Locale): string {
  return `ui/i18n/messages/${locale}.ts`;
}

/** Loads a locale's dictionary (once; later calls share it). */
export function loadDictionary(locale: Locale): Promise<Messages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (messages) => {
        loaded.set(locale, messages);
        loading.delete(locale);
        return messages;
      },
      (error: unknown) => {
        loading.delete(locale); // a failed download may be retried by the next navigation
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** Loads every locale's dictionary (tests, tools). */
export async function loadAllDictionaries(): Promise<Readonly<Record<Locale, Messages>>> {
  const all = await Promise.all(LOCALES.map(loadDictionary));
  return Object.fromEntries(LOCALES.map((locale, i) => [locale, all[i]!])) as Record<Locale, Messages>;
}

/** A loaded dictionary. Throws if `locale`'s has not been loaded: a route renders only after loading it. */
export function dictionary(locale: Locale): Messages {
  const messages = loaded.get(locale);
  if (!messages) throw new Error(`the ${locale} dictionary is not loaded (loadDictionary first)`);
  return messages;
}
