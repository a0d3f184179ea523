/** The back office's car photos page, French of Belgium. */
import { frMedia, type MediaMessages } from './fr.ts';

export const frBEMedia: MediaMessages = { ...frMedia };
