/** The appointment screens' words, French (Belgium): the French ones, with Belgian usage. */
import { type AppointmentMessages, frAppointment } from './fr.ts';

export const frBEAppointment: AppointmentMessages = {
  ...frAppointment,
  phone: 'Téléphone / GSM',
};
