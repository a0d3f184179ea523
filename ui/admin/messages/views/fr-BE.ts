/** The back office's words for the saved views above the lists, French (Belgium): the French ones. */
import { type AdminViewMessages, frViews } from './fr.ts';

export const frBEViews: AdminViewMessages = frViews;
