/** The translations editor, Belgian French: the French words. */
import { frTranslations, type TranslationsMessages } from './fr.ts';

export const frBETranslations: TranslationsMessages = frTranslations;
