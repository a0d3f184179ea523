/** The translations editor, Austrian German: the German words. */
import { deTranslations } from './de.ts';
import type { TranslationsMessages } from './fr.ts';

export const atTranslations: TranslationsMessages = deTranslations;
