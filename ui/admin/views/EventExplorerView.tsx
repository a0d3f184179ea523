/**
 * The events explorer (`admin_analytics_events`, analysts and admins): a GET form of the filter (event
 * type, stream prefix, actor id, days from/to; in the URL), the matching events of `$all` oldest first
 * a page at a time (`after` the last one shown), each linking to its stream, and the download of every
 * event of the filter as NDJSON. A refused filter shows the API's message by its field.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { STREAM_NAME_PATTERN } from '../../../domain/routes/adminRoutes.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import {
  downloadHref,
  type EventSearch,
  type ExploredEvent,
  eventPageQuery,
  filterOf,
} from '../analyticsApi.ts';
import { searchString } from '../listSearch.ts';
import { AnalyticsTabs } from './AnalyticsTabs.tsx';
import { type Column, DataTable } from './DataTable.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

const STREAM_NAME = new RegExp(`^${STREAM_NAME_PATTERN}$`);
const FIELDS = ['type', 'stream', 'actor', 'from', 'to'] as const;

export function EventExplorerView({ search }: { search: EventSearch }) {
  const t = useAdminT();
  const router = useRouter();
  const query = useQuery(eventPageQuery(search));
  const listPath = generateUrl(`admin_analytics_events.${t.locale}`);
  const href = (next: EventSearch) => `${listPath}${searchString({ ...next })}`;
  const here = href(search);
  const refused =
    query.error instanceof AdminApiError && query.error.status === 400 ? query.error.body : null;
  const problem = (field: string) =>
    refused?.fields?.[`querystring.${field}`]?.join(' ') ?? refused?.fields?.[field]?.join(' ');

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === 'string' && value.trim()) next[name] = value.trim();
    void router.navigate({ to: undefined, href: href(next as EventSearch) });
  };

  const streamLink = (name: string) =>
    STREAM_NAME.test(name) ? (
      <AppLink href={generateUrl(`admin_analytics_stream.${t.locale}`, { stream: name })}>{name}</AppLink>
    ) : (
      name
    );

  const columns: Column<ExploredEvent>[] = [
    { id: 'recorded', header: t.t('analytics.recorded'), cell: (row) => t.moment(row.recordedAt) },
    { id: 'type', header: t.t('analytics.type'), cell: (row) => <code>{row.type}</code> },
    {
      id: 'stream',
      header: t.t('analytics.streamName'),
      cell: (row) => (
        <span className="admin-break">
          {streamLink(row.streamName)} <small>#{row.revision}</small>
        </span>
      ),
    },
    {
      id: 'actor',
      header: t.t('analytics.actorColumn'),
      cell: (row) =>
        row.actor && ['buyer', 'staff', 'system'].includes(row.actor.kind)
          ? t.t(`analytics.actorKinds.${row.actor.kind}` as AdminKey, { id: row.actor.id ?? '' })
          : '—',
    },
    { id: 'position', header: t.t('analytics.position'), cell: (row) => <code>{row.position}</code> },
  ];

  const field = (name: (typeof FIELDS)[number], hint?: AdminKey, type = 'text') => {
    const id = `analytics-${name}`;
    const message = problem(name);
    const described = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="admin-field">
        <label htmlFor={id}>{t.t(`analytics.${name}` as AdminKey)}</label>
        {hint ? (
          <small id={`${id}-hint`} className="admin-field__hint">
            {t.t(hint)}
          </small>
        ) : null}
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={search[name] ?? ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={described || undefined}
        />
        {message ? (
          <p className="admin-field__error" id={`${id}-error`}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  const data = query.data;
  return (
    <>
      <h1>{t.t('analytics.eventsTitle')}</h1>
      <AnalyticsTabs current="events" />
      <p>{t.t('analytics.privacy')}</p>
      <form
        className="admin-filters"
        method="get"
        action={listPath}
        onSubmit={onFilter}
        aria-label={t.t('analytics.filter')}
        key={here}
        noValidate
      >
        {field('type', 'analytics.typeHint')}
        {field('stream', 'analytics.streamHint')}
        {field('actor', 'analytics.actorHint')}
        {field('from', undefined, 'date')}
        {field('to', undefined, 'date')}
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {t.t('analytics.show')}
          </button>
        </div>
      </form>
      {query.isError && !refused ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section aria-busy={query.isFetching} className="admin-list">
          <div className="admin-list__bar">
            <a className="admin-button" href={downloadHref(search)} download>
              {t.t('analytics.download')}
            </a>
          </div>
          {data.events.length === 0 ? (
            <p>
              {data.next === null
                ? t.t('analytics.none')
                : t.t('analytics.noneYet', { count: t.number(data.scanned) })}
            </p>
          ) : (
            <DataTable
              caption={t.t('analytics.eventsCaption')}
              columns={columns}
              rows={data.events}
              rowKey={(row) => row.id}
            />
          )}
          <nav className="admin-pages" aria-label={t.t('list.pagination')}>
            {search.after ? <AppLink href={href(filterOf(search))}>{t.t('analytics.first')}</AppLink> : null}
            {data.next ? (
              <AppLink href={href({ ...filterOf(search), after: data.next })} rel="next">
                {t.t('analytics.next')}
              </AppLink>
            ) : null}
          </nav>
        </section>
      ) : null}
    </>
  );
}
