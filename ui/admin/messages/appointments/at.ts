/** The back office's appointments page, German of Austria. */
import { deAppointments } from './de.ts';
import type { AppointmentsAdminMessages } from './fr.ts';

export const atAppointments: AppointmentsAdminMessages = { ...deAppointments };
