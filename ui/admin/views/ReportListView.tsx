/**
 * The reports (`admin_report_list`, analysts): each report with its live and code versions, status,
 * events folded, lag, its last run and, when it stopped, where and why; each opens its page.
 * How reports work: projections/reports/README.md.
 */
import { useQuery } from '@tanstack/react-query';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import type { AdminTranslator } from '../adminTranslator.ts';
import { type ReportSummary, reportLabel, reportsQuery } from '../reportsApi.ts';
import { DataTable } from './DataTable.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

export function versionText(t: AdminTranslator, report: ReportSummary): string {
  return report.liveVersion === null
    ? t.t('reports.versionNone', { code: report.codeVersion })
    : t.t('reports.versionOf', { live: report.liveVersion, code: report.codeVersion });
}

export function statusText(t: AdminTranslator, report: ReportSummary): string {
  const running = report.runs[0]?.status === 'running';
  return running ? t.t('reports.runStatus.running') : t.t(`reports.statuses.${report.status}`);
}

export function ReportListView() {
  const t = useAdminT();
  const query = useQuery(reportsQuery);
  return (
    <>
      <h1>{t.t('reports.title')}</h1>
      <p>{t.t('reports.intro')}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorNotice onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          caption={t.t('reports.caption')}
          rows={query.data.reports}
          rowKey={(r) => r.name}
          columns={[
            {
              id: 'report',
              header: t.t('reports.report'),
              cell: (r) => (
                <AppLink href={generateUrl(`admin_report_detail.${t.locale}`, { name: r.name })}>
                  {reportLabel(r, t.locale).title}
                </AppLink>
              ),
            },
            { id: 'version', header: t.t('reports.version'), cell: (r) => versionText(t, r) },
            {
              id: 'status',
              header: t.t('reports.status'),
              cell: (r) => (
                <>
                  {statusText(t, r)}
                  {r.error ? (
                    <span className="admin-notice--error">
                      {' '}
                      {t.t('reports.failedAt', { event: r.errorEvent ?? r.position ?? '—', error: r.error })}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              id: 'processed',
              header: t.t('reports.processed'),
              numeric: true,
              cell: (r) => t.number(r.processed),
            },
            { id: 'lag', header: t.t('reports.lag'), numeric: true, cell: (r) => t.number(r.lag) },
            {
              id: 'run',
              header: t.t('reports.lastRun'),
              cell: (r) =>
                r.runs[0]
                  ? `${t.t(`reports.runStatus.${r.runs[0].status}`)} · ${t.moment(r.runs[0].startedAt)}`
                  : '—',
            },
          ]}
        />
      )}
    </>
  );
}
