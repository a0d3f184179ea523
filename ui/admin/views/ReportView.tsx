/**
 * One report (`admin_report_detail`, analysts): its state (versions, position, lag, the error it stopped
 * on), a rebuild form (from zero, or up to a moment into the "as of" rows) with the run's progress
 * (events/s, time left; polled while it runs), and a view: a GET form of its filters (in the URL), its
 * chart (recharts: x and y as the report declares them, one bar or line per series value), its rows
 * and their CSV/XLSX export. How reports work: projections/reports/README.md.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import type { AdminTranslator } from '../adminTranslator.ts';
import { bootData } from '../boot.ts';
import { searchString } from '../listSearch.ts';
import {
  type Cell,
  exportHref,
  type ReportLabel,
  type ReportRun,
  type ReportSearch,
  type ReportSummary,
  type ReportViewInfo,
  reportLabel,
  reportQuery,
  reportRunsPath,
  startReportRun,
  type ViewRows,
  viewFilters,
  viewRowsQuery,
} from '../reportsApi.ts';
import { DataTable } from './DataTable.tsx';
import { statusText, versionText } from './ReportListView.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

/** Series colours: each at least 4.5:1 on white, told apart by dashes too. */
const COLOURS = [
  '#0b5cad',
  '#1d6b3a',
  '#8a4600',
  '#6b3fa0',
  '#a0153e',
  '#00677a',
  '#5c5c00',
  '#4a5568',
  '#b0007a',
];
const DASHES = [undefined, '6 4', '2 3', '8 3 2 3'];

export function ReportView({ name, search }: { name: string; search: ReportSearch }) {
  const t = useAdminT();
  const query = useQuery(reportQuery(name));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorNotice onRetry={() => void query.refetch()} />;
  const report = query.data;
  const view = report.views.find((v) => v.name === search.view) ?? report.views[0]!;
  return (
    <>
      <p>
        <AppLink href={generateUrl(`admin_report_list.${t.locale}`)}>{t.t('reports.back')}</AppLink>
      </p>
      <h1>{reportLabel(report, t.locale).title}</h1>
      <p>{reportLabel(report, t.locale).description}</p>
      <ReportState report={report} />
      <RebuildForm report={report} />
      <ViewSection report={report} view={view} search={search} />
    </>
  );
}

function ReportState({ report }: { report: ReportSummary }) {
  const t = useAdminT();
  return (
    <section className="admin-panel" aria-labelledby="report-state">
      <h2 id="report-state">{t.t('reports.state')}</h2>
      <dl className="admin-kpis">
        <Term term={t.t('reports.version')}>{versionText(t, report)}</Term>
        <Term term={t.t('reports.status')}>{statusText(t, report)}</Term>
        <Term term={t.t('reports.position')}>{report.position ?? '—'}</Term>
        <Term term={t.t('reports.processed')}>{t.number(report.processed)}</Term>
        <Term term={t.t('reports.lag')}>{t.number(report.lag)}</Term>
      </dl>
      {report.error ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {t.t('reports.failedAt', {
            event: report.errorEvent ?? report.position ?? '—',
            error: report.error,
          })}
        </p>
      ) : null}
      {report.rebuilding ? (
        <p>
          {t.t('reports.rebuilding', {
            generation: report.rebuilding.generation,
            processed: t.number(report.rebuilding.processed),
          })}
        </p>
      ) : null}
    </section>
  );
}

function Term({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="admin-kpis__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function duration(t: AdminTranslator, seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 120 ? t.t('reports.seconds', { n: s }) : t.t('reports.minutes', { n: Math.round(s / 60) });
}

function RunProgress({ run }: { run: ReportRun }) {
  const t = useAdminT();
  const elapsed =
    ((run.finishedAt ? Date.parse(run.finishedAt) : Date.parse(run.updatedAt)) - Date.parse(run.startedAt)) /
    1000;
  const speed = elapsed > 0 ? run.processed / elapsed : 0;
  const left = run.total !== null && speed > 0 ? (run.total - run.processed) / speed : null;
  const what =
    run.mode === 'until' ? t.t('reports.modeUntil', { until: run.until ?? '' }) : t.t('reports.modeRebuild');
  return (
    <div className="admin-progress" role="status" aria-live="polite">
      <p>
        <strong>{t.t(`reports.runStatus.${run.status}`)}</strong> · {what} · {t.moment(run.startedAt)}
      </p>
      {run.total !== null && run.total > 0 ? (
        <progress
          max={run.total}
          value={Math.min(run.processed, run.total)}
          aria-label={t.t('reports.progressLabel')}
        />
      ) : null}
      <p>
        {run.total === null
          ? t.t('reports.progressUnknown', { processed: t.number(run.processed) })
          : t.t('reports.progress', { processed: t.number(run.processed), total: t.number(run.total) })}
        {' · '}
        {t.t('reports.speed', { speed: t.number(Math.round(speed)) })}
        {run.status === 'running' && left !== null
          ? ` · ${t.t('reports.eta', { eta: duration(t, left) })}`
          : ''}
      </p>
      {run.error ? (
        <p className="admin-notice admin-notice--error">
          {t.t('reports.failedAt', { event: run.errorEvent ?? run.position ?? '—', error: run.error })}
        </p>
      ) : null}
    </div>
  );
}

function RebuildForm({ report }: { report: ReportSummary }) {
  const t = useAdminT();
  const client = useQueryClient();
  // A bad `until` posted without JavaScript, kept by the server for this page (boot data).
  const [problem, setProblem] = useState<string | null>(() =>
    bootData().flash?.fields.until ? t.t('reports.badUntil') : null,
  );
  const [busy, setBusy] = useState(false);
  const run = report.runs[0];
  const running = run?.status === 'running';
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const until = String(new FormData(event.currentTarget).get('until') ?? '').trim();
    setBusy(true);
    setProblem(null);
    try {
      await startReportRun(report.name, until || undefined);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 400) setProblem(t.t('reports.badUntil'));
      else if (error instanceof AdminApiError && error.status === 409) setProblem(t.t('reports.conflict'));
      else setProblem(t.t('reports.startFailed'));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: ['admin', 'reports'] });
    }
  };
  return (
    <section className="admin-panel" aria-labelledby="report-rebuild">
      <h2 id="report-rebuild">{t.t('reports.rebuild')}</h2>
      <p>{t.t('reports.rebuildHelp')}</p>
      <form
        className="admin-filters"
        method="post"
        action={reportRunsPath(report.name)}
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        {/* Without JavaScript: posted as a form, answered with a 303 back to this page. */}
        <input type="hidden" name="_csrf" value={bootData().csrfToken} />
        <input
          type="hidden"
          name="_back"
          value={generateUrl(`admin_report_detail.${t.locale}`, { name: report.name })}
        />
        <div className="admin-field admin-report-until">
          <label htmlFor="report-until">{t.t('reports.until')}</label>
          <input
            id="report-until"
            name="until"
            defaultValue={bootData().flash?.values.until ?? ''}
            aria-describedby="report-until-hint"
            aria-invalid={problem === t.t('reports.badUntil') ? true : undefined}
            autoComplete="off"
          />
          <p id="report-until-hint" className="admin-hint">
            {t.t('reports.untilHint')}
          </p>
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={busy || running}>
            {t.t('reports.start')}
          </button>
        </div>
      </form>
      {problem ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      {run ? <RunProgress run={run} /> : null}
    </section>
  );
}

function formatCell(t: AdminTranslator, value: Cell, type: string): string {
  if (value === null) return '—';
  if (typeof value === 'number') return t.number(value);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return type === 'timestamp' ? t.moment(value) : value;
}

/** The rows as recharts wants them: one point per x, one key per y (per series value). */
function chartData(view: ReportViewInfo, rows: ViewRows['rows'], label: ReportLabel['heading']) {
  const { x, y, series } = view.chart;
  const keys: string[] = [];
  const points = new Map<string, Record<string, Cell>>();
  for (const row of rows) {
    const at = String(row[x]);
    const point = points.get(at) ?? { [x]: row[x] ?? null };
    points.set(at, point);
    for (const column of y) {
      const key = series ? `${row[series]} · ${label(column)}` : label(column);
      if (!keys.includes(key)) keys.push(key);
      point[key] = row[column] ?? null;
    }
  }
  return { data: [...points.values()], keys };
}

function ViewSection({
  report,
  view,
  search,
}: {
  report: ReportSummary;
  view: ReportViewInfo;
  search: ReportSearch;
}) {
  const t = useAdminT();
  const router = useRouter();
  const label = reportLabel(report, t.locale).heading;
  const asOf = search.asOf === '1' && report.asOf !== null;
  const filters = viewFilters(search, view);
  const lastRun = report.runs[0];
  const rows = useQuery(
    viewRowsQuery(
      report.name,
      view.name,
      filters,
      asOf,
      `${lastRun?.id ?? 0}:${lastRun?.status ?? ''}:${report.processed}`,
    ),
  );
  const path = generateUrl(`admin_report_detail.${t.locale}`, { name: report.name });
  const here = (next: Record<string, string | undefined>) => `${path}${searchString(next)}`;
  const base = {
    view: view.name === report.views[0]?.name ? undefined : view.name,
    asOf: asOf ? '1' : undefined,
  };
  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const [key, value] of new FormData(event.currentTarget))
      if (typeof value === 'string' && value) next[key] = value;
    void router.navigate({ to: undefined, href: here(next) });
  };
  const values = (column: string) =>
    [
      ...new Set(
        (rows.data?.rows ?? [])
          .map((row) => row[column])
          .filter((v) => v !== null)
          .map(String),
      ),
    ].sort();
  return (
    <section className="admin-panel" aria-labelledby="report-view">
      <h2 id="report-view">
        {asOf ? t.t('reports.asOf', { until: report.asOf?.until ?? '' }) : t.t('reports.live')}
      </h2>
      <p>
        {report.views.length > 1
          ? report.views.map((v) => (
              <AppLink
                key={v.name}
                href={here({ view: v.name, asOf: base.asOf })}
                aria-current={v.name === view.name ? 'page' : undefined}
              >
                {label(v.name)}{' '}
              </AppLink>
            ))
          : null}
        {report.asOf ? (
          <AppLink href={here({ ...base, ...filters, asOf: asOf ? undefined : '1' })}>
            {asOf ? t.t('reports.showLive') : t.t('reports.showAsOf', { until: report.asOf.until ?? '' })}
          </AppLink>
        ) : null}
      </p>
      {view.filters.length > 0 ? (
        <form
          className="admin-filters"
          method="get"
          action={path}
          onSubmit={onFilter}
          aria-label={t.t('reports.filters')}
          key={JSON.stringify(search)}
        >
          {base.view ? <input type="hidden" name="view" value={base.view} /> : null}
          {base.asOf ? <input type="hidden" name="asOf" value="1" /> : null}
          {view.filters.map((column) => (
            <div className="admin-field" key={column}>
              <label htmlFor={`report-filter-${column}`}>{label(column)}</label>
              <input
                id={`report-filter-${column}`}
                name={column}
                list={`report-values-${column}`}
                defaultValue={filters[column] ?? ''}
              />
              <datalist id={`report-values-${column}`}>
                {values(column).map((value) => (
                  <option key={value} value={value} />
                ))}
              </datalist>
            </div>
          ))}
          <div className="admin-filters__actions">
            <button type="submit" className="admin-button admin-button--primary">
              {t.t('reports.show')}
            </button>
            <AppLink href={here(base)}>{t.t('list.reset')}</AppLink>
          </div>
        </form>
      ) : null}
      {rows.isPending ? (
        <Loading />
      ) : rows.isError ? (
        <ErrorNotice onRetry={() => void rows.refetch()} />
      ) : rows.data.rows.length === 0 ? (
        <p role="status">
          {report.liveVersion === null && !asOf ? t.t('reports.notBuilt') : t.t('reports.noRows')}
        </p>
      ) : (
        <>
          <ViewChart view={view} rows={rows.data.rows} label={label} />
          <p className="admin-export">
            {t.t('reports.export')}{' '}
            <a href={exportHref(report.name, view.name, 'xlsx', filters, asOf)} download>
              XLSX
            </a>{' '}
            <a href={exportHref(report.name, view.name, 'csv', filters, asOf)} download>
              CSV
            </a>
          </p>
          <DataTable
            caption={t.t('reports.rows', { count: rows.data.rows.length })}
            rows={rows.data.rows}
            rowKey={(row) => view.columns.map((c) => String(row[c.name])).join('|')}
            columns={view.columns.map((c) => ({
              id: c.name,
              header: label(c.name),
              numeric: c.type === 'integer' || c.type === 'float',
              cell: (row: ViewRows['rows'][number]) => formatCell(t, row[c.name] ?? null, c.type),
            }))}
          />
        </>
      )}
    </section>
  );
}

function ViewChart({
  view,
  rows,
  label,
}: {
  view: ReportViewInfo;
  rows: ViewRows['rows'];
  label: ReportLabel['heading'];
}) {
  const t = useAdminT();
  const { data, keys } = chartData(view, rows, label);
  const Chart = view.chart.kind === 'bar' ? BarChart : LineChart;
  const title = t.t('reports.chart', { x: label(view.chart.x), y: view.chart.y.map(label).join(', ') });
  return (
    <figure className="admin-chart admin-chart--figure">
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={300}>
        <Chart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} title={title}>
          <CartesianGrid stroke="#d5dae1" strokeDasharray="3 3" />
          <XAxis dataKey={view.chart.x} stroke="#4a5568" minTickGap={8} />
          <YAxis stroke="#4a5568" width={48} />
          <Tooltip />
          <Legend />
          {keys.map((key, i) =>
            view.chart.kind === 'bar' ? (
              <Bar key={key} dataKey={key} fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
            ) : (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                stroke={COLOURS[i % COLOURS.length]}
                strokeDasharray={DASHES[Math.floor(i / COLOURS.length) % DASHES.length]}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ),
          )}
        </Chart>
      </ResponsiveContainer>
    </figure>
  );
}
