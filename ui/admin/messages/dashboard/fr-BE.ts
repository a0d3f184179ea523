/** The back office's dashboard figures, French (Belgium): the French ones. */
import { type DashboardMessages, frDashboard } from './fr.ts';

export const frBEDashboard: DashboardMessages = frDashboard;
