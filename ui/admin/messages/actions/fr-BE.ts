/** The back office's words for the staff actions, French (Belgium): the French ones. */
import { type AdminActionMessages, frActions } from './fr.ts';

export const frBEActions: AdminActionMessages = frActions;
