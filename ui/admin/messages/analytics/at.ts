/** The back office's analytics pages, German of Austria. */
import { deAnalytics } from './de.ts';
import type { AnalyticsMessages } from './fr.ts';

export const atAnalytics: AnalyticsMessages = { ...deAnalytics };
