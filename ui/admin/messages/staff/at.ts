/** The back office's staff pages, German (Austria): the German ones. */
import { deStaff } from './de.ts';
import type { StaffMessages } from './fr.ts';

export const atStaff: StaffMessages = deStaff;
