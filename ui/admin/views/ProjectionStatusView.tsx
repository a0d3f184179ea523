/**
 * The projections' status (`admin_analytics`, analysts and admins): the head of the log, and for each
 * projection its state (stalled flagged), position, events processed, lag, rate, error with the event
 * it failed on, and a form to rebuild it with the rebuild's progress; refreshed every few seconds.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { generateUrl } from '../../../domain/routes/index.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import { type ProjectionHealth, projectionsQuery, rebuildPath, startRebuild } from '../analyticsApi.ts';
import { bootData } from '../boot.ts';
import { AnalyticsTabs } from './AnalyticsTabs.tsx';
import { type Column, DataTable } from './DataTable.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

type Notice = { readonly ok: boolean; readonly text: string };

export function ProjectionStatusView() {
  const t = useAdminT();
  const query = useQuery(projectionsQuery);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const rate = (value: number | null) =>
    value === null ? '—' : t.t('analytics.rateValue', { rate: t.number(value) });

  const columns: Column<ProjectionHealth>[] = [
    {
      id: 'name',
      header: t.t('analytics.name'),
      cell: (row) => (
        <div>
          <strong>{row.name}</strong>
          <br />
          <small>
            {t.t('analytics.version', {
              version: row.liveVersion ?? row.codeVersion,
              generation: row.generation ?? '—',
            })}
          </small>
        </div>
      ),
    },
    {
      id: 'status',
      header: t.t('analytics.status'),
      cell: (row) => (
        <span>
          {t.t(`analytics.statuses.${row.status}` as AdminKey)}
          {row.stalled ? (
            <>
              {' '}
              <span className="admin-badge admin-badge--warning">{t.t('analytics.stalled')}</span>
            </>
          ) : null}
        </span>
      ),
    },
    {
      id: 'position',
      header: t.t('analytics.position'),
      // A checkpoint at the start of the log (nothing of its types yet) has no position to show.
      cell: (row) => (row.position === null || row.position === '-1/-1' ? '—' : <code>{row.position}</code>),
    },
    {
      id: 'processed',
      header: t.t('analytics.processed'),
      numeric: true,
      cell: (row) => t.number(row.processed),
    },
    { id: 'lag', header: t.t('analytics.lag'), numeric: true, cell: (row) => t.number(row.lag) },
    { id: 'rate', header: t.t('analytics.rate'), numeric: true, cell: (row) => rate(row.rate) },
    {
      id: 'error',
      header: t.t('analytics.error'),
      cell: (row) =>
        row.error ? (
          <span className="admin-break">
            {t.t('analytics.errorAt', {
              error: row.error,
              event: row.errorEvent ?? '—',
              position: row.position ?? '—',
            })}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'action',
      header: t.t('analytics.action'),
      cell: (row) => (
        <div>
          <Rebuild
            projection={row}
            onDone={async (next) => {
              setNotice(next);
              await queryClient.invalidateQueries({ queryKey: projectionsQuery.queryKey });
            }}
          />
          {row.job ? (
            <p className="admin-analytics-job">
              {t.t(`analytics.jobs.${row.job.state}` as AdminKey, {
                processed: t.number(row.job.processed),
                rate: row.job.rate === null ? '—' : t.number(row.job.rate),
                error: row.job.error ?? '',
              })}
            </p>
          ) : null}
        </div>
      ),
    },
  ];

  const data = query.data;
  return (
    <>
      <h1>{t.t('analytics.projectionsTitle')}</h1>
      <AnalyticsTabs current="projections" />
      <div role="status">{notice?.ok ? <p className="admin-notice">{notice.text}</p> : null}</div>
      <div role="alert">
        {notice && !notice.ok ? <p className="admin-notice admin-notice--error">{notice.text}</p> : null}
      </div>
      {query.isError && !data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section className="admin-list">
          <p>{t.t('analytics.head', { position: data.head })}</p>
          <p>{t.t('analytics.stalledRule', { seconds: t.number(data.stalledAfterSeconds) })}</p>
          <DataTable
            caption={t.t('analytics.caption')}
            columns={columns}
            rows={data.projections}
            rowKey={(row) => row.name}
          />
        </section>
      ) : null}
    </>
  );
}

function Rebuild({
  projection,
  onDone,
}: {
  projection: ProjectionHealth;
  onDone: (n: Notice) => Promise<void>;
}) {
  const t = useAdminT();
  const [pending, setPending] = useState(false);
  const running = projection.job?.state === 'running';
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    try {
      await startRebuild(projection.name);
      await onDone({ ok: true, text: t.t('analytics.rebuildStarted', { name: projection.name }) });
    } catch (error) {
      const busy = error instanceof AdminApiError && error.status === 409;
      await onDone({
        ok: false,
        text: busy ? t.t('analytics.rebuildBusy', { name: projection.name }) : t.t('analytics.rebuildFailed'),
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      method="post"
      action={rebuildPath(projection.name)}
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t.t('analytics.rebuildLabel', { name: projection.name })}
    >
      {/* Without JavaScript: posted as a form, answered with a 303 back to this page. */}
      <input type="hidden" name="_csrf" value={bootData().csrfToken} />
      <input type="hidden" name="_back" value={generateUrl(`admin_analytics.${t.locale}`)} />
      <button
        type="submit"
        className="admin-button admin-button--small"
        disabled={pending || running}
        aria-label={t.t('analytics.rebuildLabel', { name: projection.name })}
      >
        {t.t('analytics.rebuild')}
      </button>
    </form>
  );
}
