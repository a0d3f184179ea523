/**
 * The booking screens' words, German (Austria): the German words, saying where Austria differs from
 * Germany that booking takes no deposit at all.
 */
import { deBooking } from './de.ts';
import type { BookingMessages } from './fr.ts';

export const atBooking: BookingMessages = {
  ...deBooking,
  terms: {
    ...deBooking.terms,
    free: 'Die Online-Reservierung ist kostenlos und unverbindlich – ganz ohne Anzahlung.',
  },
  start: {
    ...deBooking.start,
    free: 'Reservieren Sie es kostenlos und ohne Anzahlung: Wir halten es {{hours}} lang für Sie frei, damit Sie in Ruhe entscheiden können.',
  },
};
