/** The back office's words for the saved views above the lists, German (Austria): the German ones. */
import { deViews } from './de.ts';
import type { AdminViewMessages } from './fr.ts';

export const atViews: AdminViewMessages = deViews;
