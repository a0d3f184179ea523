/** The lead forms' and topic pages' words, German (Austria): Germany's, with Austria's words. */
import { deLeads } from './de.ts';
import type { LeadMessages } from './fr.ts';

export const atLeads: LeadMessages = {
  ...deLeads,
  thanks: { ...deLeads.thanks, text: deLeads.thanks.text.replace('Werktags', 'Werktages') },
};
