/** The back office's words of the SEO content kinds, Austrian German: the German words. */
import { deSeoAdmin } from './de.ts';
import type { SeoAdminMessages } from './fr.ts';

export const atSeoAdmin: SeoAdminMessages = {
  ...deSeoAdmin,
  fields: { ...deSeoAdmin.fields, path: 'Pfad der Seite (z. B. /at/kaufen/bmw/diesel)' },
};
