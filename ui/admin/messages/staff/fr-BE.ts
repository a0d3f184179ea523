/** The back office's staff pages, French (Belgium): the French ones. */
import { frStaff, type StaffMessages } from './fr.ts';

export const frBEStaff: StaffMessages = frStaff;
