/** The appointment screens' words of a locale, loaded on demand (one chunk per locale). */
import type { Locale } from '../../../../domain/markets.ts';
import type { AppointmentMessages } from './fr.ts';

const LOADERS: Readonly<Record<Locale, () => Promise<AppointmentMessages>>> = {
  at: () => import('./at.ts').then((m) => m.atAppointment),
  de: () => import('./de.ts').then((m) => m.deAppointment),
  es: () => import('./es.ts').then((m) => m.esAppointment),
  fr: () => import('./fr.ts').then((m) => m.frAppointment),
  'fr-BE': () => import('./fr-BE.ts').then((m) => m.frBEAppointment),
  it: () => import('./it.ts').then((m) => m.itAppointment),
  'nl-BE': () => import('./nl-BE.ts').then((m) => m.nlBEAppointment),
  pl: () => import('./pl.ts').then((m) => m.plAppointment),
  pt: () => import('./pt.ts').then((m) => m.ptAppointment),
};

export function loadAppointmentMessages(locale: Locale): Promise<AppointmentMessages> {
  return LOADERS[locale]();
}
