/** The back office's words for the staff actions, German (Austria): the German ones. */
import { deActions } from './de.ts';
import type { AdminActionMessages } from './fr.ts';

export const atActions: AdminActionMessages = deActions;
