/** The lead forms' and topic pages' words, French (Belgium): France's, with Belgium's examples. */
import { frLeads, type LeadMessages } from './fr.ts';

export const frBELeads: LeadMessages = {
  ...frLeads,
  errors: { ...frLeads.errors, email: 'Indiquez une adresse e-mail valide, par exemple nom@exemple.be.' },
};
