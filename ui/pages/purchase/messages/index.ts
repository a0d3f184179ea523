/** The purchase screens' words of a locale, loaded on demand (one chunk per locale). */
import type { Locale } from '../../../../domain/markets.ts';
import type { PurchaseMessages } from './fr.ts';

const LOADERS: Readonly<Record<Locale, () => Promise<PurchaseMessages>>> = {
  at: () => import('./at.ts').then((m) => m.atPurchase),
  de: () => import('./de.ts').then((m) => m.dePurchase),
  es: () => import('./es.ts').then((m) => m.esPurchase),
  fr: () => import('./fr.ts').then((m) => m.frPurchase),
  'fr-BE': () => import('./fr-BE.ts').then((m) => m.frBEPurchase),
  it: () => import('./it.ts').then((m) => m.itPurchase),
  'nl-BE': () => import('./nl-BE.ts').then((m) => m.nlBEPurchase),
  pl: () => import('./pl.ts').then((m) => m.plPurchase),
  pt: () => import('./pt.ts').then((m) => m.ptPurchase),
};

export function loadPurchaseMessages(locale: Locale): Promise<PurchaseMessages> {
  return LOADERS[locale]();
}
