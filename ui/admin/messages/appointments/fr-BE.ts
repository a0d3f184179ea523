/** The back office's appointments page, French of Belgium. */

import type { AppointmentsAdminMessages } from './fr.ts';
import { frAppointments } from './fr.ts';

export const frBEAppointments: AppointmentsAdminMessages = { ...frAppointments };
