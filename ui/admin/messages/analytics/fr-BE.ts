/** The back office's analytics pages, French of Belgium. */
import { type AnalyticsMessages, frAnalytics } from './fr.ts';

export const frBEAnalytics: AnalyticsMessages = { ...frAnalytics };
