/**
 * One stream's events (`admin_analytics_stream`, analysts and admins): each event's type, revision,
 * time, actor, position, data and metadata as stored (ids only, no personal data); an unknown stream
 * says so.
 */
import { useQuery } from '@tanstack/react-query';
import { generateUrl } from '../../../domain/routes/index.ts';
import { isApiNotFound } from '../../api/ApiError.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import type { AdminKey } from '../adminTranslator.ts';
import { streamQuery } from '../analyticsApi.ts';
import { AnalyticsTabs } from './AnalyticsTabs.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

export function StreamEventsView({ stream }: { stream: string }) {
  const t = useAdminT();
  const query = useQuery(streamQuery(stream));
  const back = generateUrl(`admin_analytics_events.${t.locale}`);
  const data = query.data;
  return (
    <>
      <h1 className="admin-break">{t.t('analytics.streamTitle', { name: stream })}</h1>
      <AnalyticsTabs current="events" />
      <p>
        <AppLink href={`${back}?stream=${encodeURIComponent(stream)}`}>{t.t('analytics.back')}</AppLink>
      </p>
      {query.isError && isApiNotFound(query.error) ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {t.t('analytics.streamNotFound')}
        </p>
      ) : query.isError ? (
        <ErrorNotice onRetry={() => void query.refetch()} />
      ) : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section className="admin-list">
          <p>{t.t('analytics.count', { count: t.number(data.events.length) })}</p>
          <ol className="admin-timeline">
            {data.events.map((event) => (
              <li key={event.id}>
                <h2>
                  <code>{event.type}</code> · {t.t('analytics.revision', { revision: event.revision })}
                </h2>
                <p>
                  {t.moment(event.recordedAt)} ·{' '}
                  {event.actor && ['buyer', 'staff', 'system'].includes(event.actor.kind)
                    ? t.t(`analytics.actorKinds.${event.actor.kind}` as AdminKey, {
                        id: event.actor.id ?? '',
                      })
                    : '—'}{' '}
                  · <code>{event.position}</code>
                </p>
                <details>
                  <summary>{t.t('analytics.data')}</summary>
                  <pre className="admin-pre admin-break">{JSON.stringify(event.data, null, 2)}</pre>
                </details>
                <details>
                  <summary>{t.t('analytics.metadata')}</summary>
                  <pre className="admin-pre admin-break">{JSON.stringify(event.metadata, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
