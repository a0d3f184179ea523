/** The back office's landing pages, language-switch pages and content pictures and files, Belgian French: the French words. */
import { frLandingAdmin, type LandingAdminMessages } from './fr.ts';

export const frBELandingAdmin: LandingAdminMessages = frLandingAdmin;
