/** The booking screens' words of a locale, loaded on demand (one chunk per locale). */
import type { Locale } from '../../../../domain/markets.ts';
import type { BookingMessages } from './fr.ts';

const LOADERS: Readonly<Record<Locale, () => Promise<BookingMessages>>> = {
  at: () => import('./at.ts').then((m) => m.atBooking),
  de: () => import('./de.ts').then((m) => m.deBooking),
  es: () => import('./es.ts').then((m) => m.esBooking),
  fr: () => import('./fr.ts').then((m) => m.frBooking),
  'fr-BE': () => import('./fr-BE.ts').then((m) => m.frBEBooking),
  it: () => import('./it.ts').then((m) => m.itBooking),
  'nl-BE': () => import('./nl-BE.ts').then((m) => m.nlBEBooking),
  pl: () => import('./pl.ts').then((m) => m.plBooking),
  pt: () => import('./pt.ts').then((m) => m.ptBooking),
};

export function loadBookingMessages(locale: Locale): Promise<BookingMessages> {
  return LOADERS[locale]();
}
