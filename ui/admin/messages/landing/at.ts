/** The back office's landing pages, language-switch pages and content pictures and files, at: the German words, Austria's sites first. */
import { deLandingAdmin } from './de.ts';
import type { LandingAdminMessages } from './fr.ts';

export const atLandingAdmin: LandingAdminMessages = {
  ...deLandingAdmin,
  help: { ...deLandingAdmin.help, locales: 'Zum Beispiel: at, de' },
};
