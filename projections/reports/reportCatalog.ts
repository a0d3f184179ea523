/** The reports of projections/reports/, found once when the process loads (loadReports.ts). */
import type { Report } from './defineReport.ts';
import { loadReports } from './loadReports.ts';
import { reportProjection } from './reportProjection.ts';

export const REPORTS: readonly Report[] = await loadReports();

/** The reports' live projections, run by the app's runner beside the others. */
export const REPORT_PROJECTIONS = REPORTS.map((report) => reportProjection(report));
