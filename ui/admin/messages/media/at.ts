/** The back office's car photos page, German of Austria. */
import { deMedia } from './de.ts';
import type { MediaMessages } from './fr.ts';

export const atMedia: MediaMessages = { ...deMedia };
