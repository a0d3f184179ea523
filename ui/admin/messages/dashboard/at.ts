/** The back office's dashboard figures, German (Austria): the German ones. */

import { deDashboard } from './de.ts';
import type { DashboardMessages } from './fr.ts';

export const atDashboard: DashboardMessages = deDashboard;
