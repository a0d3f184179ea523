/** The back office's words of a locale, loaded on demand (one chunk per locale). */
import type { Locale } from '../../../domain/markets.ts';
import type { AdminMessages } from './fr.ts';

const LOADERS: Readonly<Record<Locale, () => Promise<AdminMessages>>> = {
  at: () => import('./at.ts').then((m) => m.atAdmin),
  de: () => import('./de.ts').then((m) => m.deAdmin),
  es: () => import('./es.ts').then((m) => m.esAdmin),
  fr: () => import('./fr.ts').then((m) => m.frAdmin),
  'fr-BE': () => import('./fr-BE.ts').then((m) => m.frBEAdmin),
  it: () => import('./it.ts').then((m) => m.itAdmin),
  'nl-BE': () => import('./nl-BE.ts').then((m) => m.nlBEAdmin),
  pl: () => import('./pl.ts').then((m) => m.plAdmin),
  pt: () => import('./pt.ts').then((m) => m.ptAdmin),
};

export type { AdminMessages } from './fr.ts';

export function loadAdminMessages(locale: Locale): Promise<AdminMessages> {
  return LOADERS[locale]();
}
