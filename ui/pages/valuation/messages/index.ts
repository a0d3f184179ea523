/** "Sell your car"'s words of a locale, loaded on demand (one chunk per locale). */
import type { Locale } from '../../../../domain/markets.ts';
import type { ValuationMessages } from './fr.ts';

export type { ValuationMessages };

const LOADERS: Readonly<Record<Locale, () => Promise<ValuationMessages>>> = {
  at: () => import('./at.ts').then((m) => m.atValuation),
  de: () => import('./de.ts').then((m) => m.deValuation),
  es: () => import('./es.ts').then((m) => m.esValuation),
  fr: () => import('./fr.ts').then((m) => m.frValuation),
  'fr-BE': () => import('./fr-BE.ts').then((m) => m.frBEValuation),
  it: () => import('./it.ts').then((m) => m.itValuation),
  'nl-BE': () => import('./nl-BE.ts').then((m) => m.nlBEValuation),
  pl: () => import('./pl.ts').then((m) => m.plValuation),
  pt: () => import('./pt.ts').then((m) => m.ptValuation),
};

export function loadValuationMessages(locale: Locale): Promise<ValuationMessages> {
  return LOADERS[locale]();
}
