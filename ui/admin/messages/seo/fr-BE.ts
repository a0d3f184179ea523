/** The back office's words of the SEO content kinds, Belgian French: the French words. */
import { frSeoAdmin, type SeoAdminMessages } from './fr.ts';

export const frBESeoAdmin: SeoAdminMessages = {
  ...frSeoAdmin,
  fields: { ...frSeoAdmin.fields, path: 'Chemin de la page (p. ex. /fr-BE/acheter/bmw/diesel)' },
};
