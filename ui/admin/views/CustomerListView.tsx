/**
 * The customers list (SPEC admin_customer_list): a GET form of filters (market, sign-up dates, order,
 * page size) whose values are the URL's search params, an exact-email search for sales and admin (an
 * analyst sees no names and no search: the API refuses it to them too), the total and the export of
 * exactly the filtered list (xlsx, csv: the API's export runs the list's query), the page of rows from
 * the server, and the pages. A row's number opens the customer's detail with the list's URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { LOCALES } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import type { StaffRole } from '../../../domain/staff/staffRoles.ts';
import { staffMayAct } from '../../../domain/staff/staffRoles.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { type CustomerItem, customerListQuery } from '../adminApi.ts';
import {
  CUSTOMER_LIST_SORTS,
  type CustomerListSort,
  type CustomerSearch,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  searchString,
} from '../listSearch.ts';
import { DataTable } from './DataTable.tsx';
import { DateRangeFields } from './FilterForm.tsx';
import { ListResults } from './ListResults.tsx';
import { SavedViews } from './SavedViews.tsx';
import { VisitorErasePanel } from './VisitorErasePanel.tsx';

const SORT_LABELS: Record<CustomerListSort, `customers.sort${string}`> = {
  newest: 'customers.sortNewest',
  oldest: 'customers.sortOldest',
  activity: 'customers.sortActivity',
  number: 'customers.sortNumber',
};

/** The customers list's path for `page` with `search`. */
export function customerListHref(locale: string, page: number, search: CustomerSearch) {
  return `${generateUrl(`admin_customer_list.${locale}`, page > 1 ? { page } : {})}${searchString(search)}`;
}

/** Sales and admin see names and contact data and may search by email; analysts do not. */
export const seesPersonalData = (roles: readonly StaffRole[]) => staffMayAct(roles, ['admin', 'sales']);

export function CustomerListView({
  page,
  search,
  roles,
}: {
  page: number;
  search: CustomerSearch;
  roles: readonly StaffRole[];
}) {
  const t = useAdminT();
  const router = useRouter();
  const personal = seesPersonalData(roles);
  const { sort, pageSize: size, email: typed, ...rest } = search;
  const email = personal ? typed : undefined;
  const pageSize = size ?? DEFAULT_PAGE_SIZE;
  const apiFilters = { ...rest, email, sort: sort ? CUSTOMER_LIST_SORTS[sort] : undefined };
  const query = useQuery(customerListQuery({ ...apiFilters, page, pageSize }));
  const here = customerListHref(t.locale, page, search);
  const exportHref = (format: 'xlsx' | 'csv') =>
    `/admin/api/customers/export${searchString({ format, ...apiFilters })}`;
  const listPath = generateUrl(`admin_customer_list.${t.locale}`);

  /** Both forms keep the other's values: the filters keep the email searched, the search the filters. */
  const go = (event: FormEvent<HTMLFormElement>, keep: Record<string, string | number | undefined>) => {
    event.preventDefault();
    const next: Record<string, string | number | undefined> = { ...keep };
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim()) next[name] = value.trim();
    }
    void router.navigate({ to: undefined, href: `${listPath}${searchString(next)}` });
  };

  const data = query.data;
  return (
    <>
      <h1>{t.t('customers.title')}</h1>
      <SavedViews list="customers" search={search} hrefOf={(saved) => customerListHref(t.locale, 1, saved)} />
      {personal ? (
        <form
          className="admin-filters admin-search"
          method="get"
          action={listPath}
          aria-label={t.t('customers.search')}
          onSubmit={(event) => go(event, { ...rest, sort, pageSize: size })}
          key={`search-${here}`}
        >
          {Object.entries({ ...rest, sort, pageSize: size }).map(([name, value]) =>
            value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
          )}
          <div className="admin-field admin-search__field">
            <label htmlFor="customer-email">{t.t('customers.searchLabel')}</label>
            <input
              id="customer-email"
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={email ?? ''}
            />
          </div>
          <div className="admin-filters__actions">
            <button type="submit" className="admin-button admin-button--primary">
              {t.t('customers.searchSubmit')}
            </button>
            {email ? (
              <AppLink href={customerListHref(t.locale, 1, { ...search, email: undefined })}>
                {t.t('customers.searchClear')}
              </AppLink>
            ) : null}
          </div>
        </form>
      ) : null}
      <form
        className="admin-filters"
        method="get"
        action={listPath}
        onSubmit={(event) => go(event, { email })}
        aria-label={t.t('list.filters')}
        key={here}
      >
        {email ? <input type="hidden" name="email" value={email} /> : null}
        <div className="admin-field">
          <label htmlFor="filter-market">{t.t('list.market')}</label>
          <select id="filter-market" name="market" defaultValue={search.market ?? ''}>
            <option value="">{t.t('list.anyMarket')}</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {`${locale} · ${localeName(locale)}`}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields
          idPrefix="filter-"
          labels={{ from: t.t('customers.from'), to: t.t('customers.to') }}
          value={search}
        />
        <div className="admin-field">
          <label htmlFor="filter-sort">{t.t('list.sort')}</label>
          <select id="filter-sort" name="sort" defaultValue={sort ?? ''}>
            {(Object.keys(SORT_LABELS) as CustomerListSort[]).map((value) => (
              <option key={value} value={value === 'newest' ? '' : value}>
                {t.t(SORT_LABELS[value] as 'customers.sortNewest')}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="filter-pageSize">{t.t('list.pageSize')}</label>
          <select id="filter-pageSize" name="pageSize" defaultValue={size ? String(size) : ''}>
            {PAGE_SIZES.map((value) => (
              <option key={value} value={value === DEFAULT_PAGE_SIZE ? '' : String(value)}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {t.t('list.apply')}
          </button>
          <AppLink href={listPath}>{t.t('list.reset')}</AppLink>
        </div>
      </form>

      <ListResults
        query={query}
        data={data}
        page={page}
        pageHref={(p) => customerListHref(t.locale, p, search)}
        exportHref={exportHref}
        table={(rows) => (
          <DataTable<CustomerItem>
            caption={t.t('customers.title')}
            rows={rows}
            rowKey={(c) => c.customerId}
            columns={[
              {
                id: 'number',
                header: t.t('customers.number'),
                cell: (c) =>
                  c.number === null ? (
                    '—'
                  ) : (
                    <AppLink
                      href={`${generateUrl(`admin_customer_detail.${t.locale}`, { id: c.number })}${searchString({ list: here })}`}
                    >
                      {c.number}
                    </AppLink>
                  ),
              },
              ...(personal
                ? [
                    {
                      id: 'name',
                      header: t.t('customers.name'),
                      cell: (c: CustomerItem) => (c.erased ? t.t('detail.erased') : (c.name ?? '—')),
                    },
                  ]
                : []),
              { id: 'since', header: t.t('customers.since'), cell: (c) => t.moment(c.since) },
              { id: 'markets', header: t.t('customers.markets'), cell: (c) => c.markets.join(' ') || '—' },
              {
                id: 'purchases',
                header: t.t('customers.purchases'),
                numeric: true,
                cell: (c) => t.number(c.purchases.total),
              },
              {
                id: 'bookings',
                header: t.t('customers.bookings'),
                numeric: true,
                cell: (c) => t.number(c.bookings.total),
              },
              {
                id: 'activity',
                header: t.t('customers.lastActivity'),
                cell: (c) => t.moment(c.lastActivityAt),
              },
              {
                id: 'state',
                header: t.t('customers.state'),
                cell: (c) => (c.erased ? t.t('customers.erasedState') : t.t('customers.active')),
              },
            ]}
          />
        )}
      />
      {staffMayAct(roles, ['admin']) ? <VisitorErasePanel back={listPath} /> : null}
    </>
  );
}
