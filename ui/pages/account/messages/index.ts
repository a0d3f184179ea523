/** The account area's words of a locale, loaded on demand (one chunk per locale). */
import type { Locale } from '../../../../domain/markets.ts';
import type { AccountMessages } from './fr.ts';

const LOADERS: Readonly<Record<Locale, () => Promise<AccountMessages>>> = {
  at: () => import('./at.ts').then((m) => m.atAccount),
  de: () => import('./de.ts').then((m) => m.deAccount),
  es: () => import('./es.ts').then((m) => m.esAccount),
  fr: () => import('./fr.ts').then((m) => m.frAccount),
  'fr-BE': () => import('./fr-BE.ts').then((m) => m.frBEAccount),
  it: () => import('./it.ts').then((m) => m.itAccount),
  'nl-BE': () => import('./nl-BE.ts').then((m) => m.nlBEAccount),
  pl: () => import('./pl.ts').then((m) => m.plAccount),
  pt: () => import('./pt.ts').then((m) => m.ptAccount),
};

export function loadAccountMessages(locale: Locale): Promise<AccountMessages> {
  return LOADERS[locale]();
}
