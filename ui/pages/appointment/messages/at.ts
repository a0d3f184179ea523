/** The appointment screens' words, German (Austria): the German ones, with Austrian usage. */
import { deAppointment } from './de.ts';
import type { AppointmentMessages } from './fr.ts';

export const atAppointment: AppointmentMessages = {
  ...deAppointment,
  later: 'Nächste Woche',
  confirmation: {
    ...deAppointment.confirmation,
    intro: 'Sie bekommen eine Bestätigung per E-Mail mit einer Einladung für Ihren Kalender.',
  },
};
