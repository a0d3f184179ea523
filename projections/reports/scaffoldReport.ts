/**
 * `npm run report -- new <name>`: writes `<name>.report.ts` and its test `<name>.report.int.spec.ts`
 * from the template below (a working report: purchases started per day and market), ready to edit.
 */
import { access, writeFile } from 'node:fs/promises';
import { REPORTS_FOLDER } from './loadReports.ts';

export const REPORT_NAME_RULE = /^[a-z][a-z0-9_]{0,23}$/;

export class ScaffoldError extends Error {
  override name = 'ScaffoldError';
}

export function reportTemplate(name: string): { report: string; test: string } {
  const report = `/**
 * TODO: what this report shows, in a sentence. How reports work: projections/reports/README.md.
 */
import type { PurchaseEvent } from '../../domain/purchase/events.ts';
import { defineReport } from './defineReport.ts';

type Started = Extract<PurchaseEvent, { type: 'PurchaseStarted' }>;

type State = { market: string | null; day: string | null };

export default defineReport<State, Started, 'purchases'>({
  name: '${name}',
  version: 1,
  title: 'Purchases started per day',
  description: 'Purchases started per day and market.',
  headings: { per_day: 'Per day', day: 'Day', market: 'Market', purchases: 'Purchases' },
  labels: {
    fr: {
      title: 'Achats commencés par jour',
      description: 'Achats commencés par jour et par marché.',
      headings: { per_day: 'Par jour', day: 'Jour', market: 'Marché', purchases: 'Achats' },
    },
  },
  events: ['PurchaseStarted'],
  tables: {
    purchases: {
      columns: { purchase_id: 'text', market: 'text', day: 'text' },
      key: ['purchase_id'],
    },
  },
  initial: () => ({ market: null, day: null }),
  evolve: (_state, event) => ({ market: event.data.locale, day: event.created.toISOString().slice(0, 10) }),
  rows: (state, key) =>
    state.market
      ? { purchases: [{ purchase_id: key.replace(/^purchase-/, ''), market: state.market, day: state.day }] }
      : {},
  views: {
    per_day: {
      columns: { day: 'text', market: 'text', purchases: 'integer' },
      sql: ({ purchases }) =>
        \`SELECT day, market, count(*) AS purchases FROM \${purchases} GROUP BY day, market ORDER BY day, market\`,
      filters: ['market'],
      chart: { kind: 'line', x: 'day', y: ['purchases'], series: 'market' },
    },
  },
});
`;
  // In the order Biome keeps imports (by path).
  const imports = [
    [`./${name}.report.ts`, `import report from './${name}.report.ts';`],
    [
      './testing/reportKit.ts',
      "import { event, openReportKit, type ReportKit } from './testing/reportKit.ts';",
    ],
  ]
    .sort(([a], [b]) => (a! < b! ? -1 : 1))
    .map(([, line]) => line)
    .join('\n');
  const test = `/** The report ${name}, through the report test kit (projections/reports/README.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
${imports}

describe('report ${name}', () => {
  let kit: ReportKit;
  beforeAll(async () => {
    kit = await openReportKit(report);
  });
  afterAll(() => kit.close());

  it('counts the purchases started per day and market', async () => {
    const result = await kit.given([
      event('purchase-p1', 'PurchaseStarted', { locale: 'fr' }, '2026-11-20T10:00:00Z'),
      event('purchase-p2', 'PurchaseStarted', { locale: 'pl' }, '2026-11-20T11:00:00Z'),
      event('purchase-p3', 'PurchaseStarted', { locale: 'fr' }, '2026-11-21T09:00:00Z'),
      event('purchase-p4', 'PurchaseStarted', { locale: 'fr' }, '2026-11-21T09:30:00Z'),
    ]);
    expect(await result.view('per_day')).toEqual([
      { day: '2026-11-20', market: 'fr', purchases: 1 },
      { day: '2026-11-20', market: 'pl', purchases: 1 },
      { day: '2026-11-21', market: 'fr', purchases: 2 },
    ]);
    expect(await result.view('per_day', { market: 'pl' })).toEqual([
      { day: '2026-11-20', market: 'pl', purchases: 1 },
    ]);
  });
});
`;
  return { report, test };
}

/** Writes the two files; refuses a bad name or a report that exists. Returns their paths. */
export async function scaffoldReport(name: string, folder: URL = REPORTS_FOLDER): Promise<string[]> {
  if (!REPORT_NAME_RULE.test(name))
    throw new ScaffoldError(
      `report name ${JSON.stringify(name)}: snake_case (a-z, 0-9, _), at most 24 characters`,
    );
  const files = {
    report: new URL(`${name}.report.ts`, folder),
    test: new URL(`${name}.report.int.spec.ts`, folder),
  };
  for (const url of Object.values(files)) {
    const there = await access(url).then(
      () => true,
      () => false,
    );
    if (there) throw new ScaffoldError(`${url.pathname} exists already`);
  }
  const { report, test } = reportTemplate(name);
  await writeFile(files.report, report, { flag: 'wx' });
  await writeFile(files.test, test, { flag: 'wx' });
  return [files.report.pathname, files.test.pathname];
}
