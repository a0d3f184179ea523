/**
 * Finds the reports by convention: every `*.report.ts` file of this folder whose default export is a
 * report (defineReport). Adding a report is adding its file. The folder is found from this module's
 * URL, which is the same two folders below the project in the sources and in the server bundle
 * (dist/server), and the files are imported through a pattern that the bundler also follows.
 */
import { readdir } from 'node:fs/promises';
import type { Report } from './defineReport.ts';

const SUFFIX = '.report.ts';

export const REPORTS_FOLDER = new URL('../../projections/reports/', import.meta.url);

/**
 * The pattern import is resolved by the bundler (esbuild, vite) from the files there when it ran; a
 * file added since (a report scaffolded while tests run) is imported by its URL instead.
 */
async function importReport(base: string, folder: URL): Promise<unknown> {
  try {
    return await import(`./${base}.report.ts`);
  } catch (error) {
    if (!String(error).includes(base)) throw error;
    return import(/* @vite-ignore */ new URL(`${base}.report.ts`, folder).href);
  }
}

export async function loadReports(folder: URL = REPORTS_FOLDER): Promise<Report[]> {
  const files = (await readdir(folder)).filter((file) => file.endsWith(SUFFIX)).sort();
  const reports: Report[] = [];
  for (const file of files) {
    const base = file.slice(0, -SUFFIX.length);
    const module = (await importReport(base, folder)) as { default?: Report };
    const report = module.default;
    if (!report || typeof report.evolve !== 'function')
      throw new TypeError(`${file}: its default export must be a report (defineReport)`);
    if (report.name !== base) throw new TypeError(`${file}: the report is named ${report.name}, not ${base}`);
    reports.push(report);
  }
  return reports;
}
