/** The lead forms' words of a locale, loaded on demand (one chunk per locale). */
import type { Locale } from '../../../../domain/markets.ts';
import type { LeadMessages } from './fr.ts';

export type { LeadMessages };

const LOADERS: Readonly<Record<Locale, () => Promise<LeadMessages>>> = {
  at: () => import('./at.ts').then((m) => m.atLeads),
  de: () => import('./de.ts').then((m) => m.deLeads),
  es: () => import('./es.ts').then((m) => m.esLeads),
  fr: () => import('./fr.ts').then((m) => m.frLeads),
  'fr-BE': () => import('./fr-BE.ts').then((m) => m.frBELeads),
  it: () => import('./it.ts').then((m) => m.itLeads),
  'nl-BE': () => import('./nl-BE.ts').then((m) => m.nlBELeads),
  pl: () => import('./pl.ts').then((m) => m.plLeads),
  pt: () => import('./pt.ts').then((m) => m.ptLeads),
};

export function loadLeadMessages(locale: Locale): Promise<LeadMessages> {
  return LOADERS[locale]();
}
