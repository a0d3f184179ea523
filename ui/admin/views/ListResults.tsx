/**
 * A list's answer as the back office shows it (purchases, bookings, customers): loading or failed, the
 * total with the exports of exactly the filtered list, the rows or "none", and the pages.
 */
import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import { ExportLinks } from './ExportLinks.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

export interface ListPage<Row> {
  readonly items: readonly Row[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

export function ListResults<Row>(props: {
  readonly query: { isError: boolean; isPending: boolean; isFetching: boolean; refetch(): unknown };
  readonly data: ListPage<Row> | undefined;
  readonly page: number;
  readonly pageHref: (page: number) => string;
  readonly exportHref: (format: 'xlsx' | 'csv') => string;
  readonly table: (rows: readonly Row[]) => ReactNode;
}) {
  const t = useAdminT();
  const { query, data, page } = props;
  return (
    <>
      {query.isError && !data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section aria-busy={query.isFetching} className="admin-list">
          <div className="admin-list__bar">
            <p role="status" className="admin-list__total">
              {t.t('list.total', { count: t.number(data.total) })}
            </p>
            <ExportLinks total={data.total} href={props.exportHref} />
          </div>
          {data.items.length === 0 ? <p>{t.t('list.empty')}</p> : props.table(data.items)}
          <nav className="admin-pages" aria-label={t.t('list.pagination')}>
            {page > 1 ? (
              <AppLink href={props.pageHref(page - 1)} rel="prev">
                {t.t('list.previous')}
              </AppLink>
            ) : null}
            <span>{t.t('list.pageOf', { page: t.number(data.page), pages: t.number(data.pages) })}</span>
            {page < data.pages ? (
              <AppLink href={props.pageHref(page + 1)} rel="next">
                {t.t('list.next')}
              </AppLink>
            ) : null}
          </nav>
        </section>
      ) : null}
    </>
  );
}
