/**
 * The purchases and bookings lists (SPEC admin_purchase_list, admin_car_booking_list): a GET form of
 * filters (market, status, step for purchases, dates, order, page size) whose values are the URL's
 * search params, the total and the export of exactly the filtered list (xlsx, csv: the API's export runs
 * the list's query), the page of rows from the server, and the pages. A row's number opens its detail
 * with the list's URL, so "back to the list" lands on the same filtered page.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { LOCALES } from '../../../domain/markets.ts';
import { PURCHASE_STATUSES } from '../../../domain/purchase/purchaseStatus.ts';
import { generateUrl, PURCHASE_STEPS } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { type BookingItem, type FunnelCollection, listQuery, type PurchaseItem } from '../adminApi.ts';
import type { AdminTranslator } from '../adminTranslator.ts';
import {
  BOOKING_STATUS_VALUES,
  DEFAULT_PAGE_SIZE,
  LIST_SORTS,
  type ListSearch,
  PAGE_SIZES,
  searchString,
} from '../listSearch.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { DateRangeFields, FilterField, FilterForm } from './FilterForm.tsx';
import { ListResults } from './ListResults.tsx';
import { SavedViews } from './SavedViews.tsx';

interface Kind<Item> {
  readonly api: FunnelCollection;
  readonly list: 'admin_purchase_list' | 'admin_car_booking_list';
  readonly detail: 'admin_purchase_detail' | 'admin_car_booking_detail';
  readonly title: 'purchases.title' | 'bookings.title';
  readonly statusGroup: 'purchaseStatus' | 'bookingStatus';
  readonly statuses: readonly string[];
  readonly steps: boolean;
  readonly id: (item: Item) => string;
  readonly columns: (t: AdminTranslator) => Column<Item>[];
}

const customerCell = (t: AdminTranslator, item: PurchaseItem | BookingItem) =>
  item.customer
    ? item.customer.erased
      ? t.t('detail.erased')
      : (item.customer.name ?? item.customer.id)
    : '—';

export const PURCHASES: Kind<PurchaseItem> = {
  api: 'purchases',
  list: 'admin_purchase_list',
  detail: 'admin_purchase_detail',
  title: 'purchases.title',
  statusGroup: 'purchaseStatus',
  statuses: PURCHASE_STATUSES,
  steps: true,
  id: (item) => item.purchaseId,
  columns: (t) => [
    { id: 'created', header: t.t('column.created'), cell: (p) => t.moment(p.createdAt) },
    { id: 'market', header: t.t('column.market'), cell: (p) => p.market },
    { id: 'customer', header: t.t('column.customer'), cell: (p) => customerCell(t, p) },
    { id: 'car', header: t.t('column.car'), cell: (p) => p.carId },
    { id: 'step', header: t.t('column.step'), cell: (p) => t.label('step', p.step) },
    { id: 'status', header: t.t('column.status'), cell: (p) => t.label('purchaseStatus', p.status) },
    {
      id: 'total',
      header: t.t('column.total'),
      numeric: true,
      cell: (p) => t.money(p.amounts.total, p.amounts.currency),
    },
  ],
};

export const BOOKINGS: Kind<BookingItem> = {
  api: 'bookings',
  list: 'admin_car_booking_list',
  detail: 'admin_car_booking_detail',
  title: 'bookings.title',
  statusGroup: 'bookingStatus',
  statuses: BOOKING_STATUS_VALUES,
  steps: false,
  id: (item) => item.bookingId,
  columns: (t) => [
    { id: 'created', header: t.t('column.created'), cell: (b) => t.moment(b.createdAt) },
    { id: 'market', header: t.t('column.market'), cell: (b) => b.market ?? '—' },
    { id: 'customer', header: t.t('column.customer'), cell: (b) => customerCell(t, b) },
    { id: 'car', header: t.t('column.car'), cell: (b) => b.carId ?? '—' },
    { id: 'status', header: t.t('column.status'), cell: (b) => t.label('bookingStatus', b.status) },
    {
      id: 'deposit',
      header: t.t('column.deposit'),
      numeric: true,
      cell: (b) => (b.deposit ? t.money(b.deposit.amount, b.deposit.currency) : '—'),
    },
    { id: 'hold', header: t.t('column.holdUntil'), cell: (b) => (b.holdUntil ? t.moment(b.holdUntil) : '—') },
  ],
};

/** The list's path for `page` with `search`. */
export function listHref(route: Kind<never>['list'], locale: string, page: number, search: ListSearch) {
  return `${generateUrl(`${route}.${locale}`, page > 1 ? { page } : {})}${searchString(search)}`;
}

export function FunnelListView<Item extends RowData>({
  kind,
  page,
  search,
}: {
  kind: Kind<Item>;
  page: number;
  search: ListSearch;
}) {
  const t = useAdminT();
  const router = useRouter();
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters = { ...search, page, pageSize };
  const query = useQuery(listQuery<Item>(kind.api, filters));
  const here = listHref(kind.list, t.locale, page, search);
  const { pageSize: _, sort, ...exportFilters } = search;
  const exportHref = (format: 'xlsx' | 'csv') =>
    `/admin/api/${kind.api}/export${searchString({ format, ...exportFilters, sort })}`;

  const onFilter = (values: Readonly<Record<string, string>>) =>
    void router.navigate({ to: undefined, href: listHref(kind.list, t.locale, 1, values as ListSearch) });

  const status = 'step' in search ? search : { ...search, step: undefined };
  const data = query.data;
  return (
    <>
      <h1>{t.t(kind.title)}</h1>
      <SavedViews
        list={kind.api}
        search={search}
        hrefOf={(saved) => listHref(kind.list, t.locale, 1, saved as ListSearch)}
      />
      <FilterForm
        action={generateUrl(`${kind.list}.${t.locale}`)}
        label={t.t('list.filters')}
        submitLabel={t.t('list.apply')}
        resetKey={here}
        resetHref={generateUrl(`${kind.list}.${t.locale}`)}
        onFilter={onFilter}
      >
        <FilterField id="filter-market" name="market" label={t.t('list.market')} value={search.market}>
          <option value="">{t.t('list.anyMarket')}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {`${locale} · ${localeName(locale)}`}
            </option>
          ))}
        </FilterField>
        <FilterField id="filter-status" name="status" label={t.t('list.status')} value={search.status}>
          <option value="">{t.t('list.anyStatus')}</option>
          {kind.statuses.map((value) => (
            <option key={value} value={value}>
              {t.label(kind.statusGroup, value)}
            </option>
          ))}
        </FilterField>
        {kind.steps ? (
          <FilterField id="filter-step" name="step" label={t.t('list.step')} value={status.step}>
            <option value="">{t.t('list.anyStep')}</option>
            {PURCHASE_STEPS.map((value) => (
              <option key={value} value={value}>
                {t.label('step', value)}
              </option>
            ))}
          </FilterField>
        ) : null}
        <DateRangeFields
          idPrefix="filter-"
          labels={{ from: t.t('list.from'), to: t.t('list.to') }}
          value={search}
        />
        <FilterField id="filter-sort" name="sort" label={t.t('list.sort')} value={search.sort}>
          {LIST_SORTS.map((value) => (
            <option key={value} value={value === 'newest' ? '' : value}>
              {t.t(`list.sort${value[0]!.toUpperCase()}${value.slice(1)}` as 'list.sortNewest')}
            </option>
          ))}
        </FilterField>
        <FilterField
          id="filter-pageSize"
          name="pageSize"
          label={t.t('list.pageSize')}
          value={search.pageSize ? String(search.pageSize) : ''}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size === DEFAULT_PAGE_SIZE ? '' : String(size)}>
              {size}
            </option>
          ))}
        </FilterField>
      </FilterForm>

      <ListResults
        query={query}
        data={data}
        page={page}
        pageHref={(p) => listHref(kind.list, t.locale, p, search)}
        exportHref={exportHref}
        table={(rows) => (
          <DataTable
            caption={t.t(kind.title)}
            rows={rows}
            rowKey={kind.id}
            columns={[
              {
                id: 'id',
                header: t.t('column.id'),
                cell: (item) => (
                  <AppLink
                    href={`${generateUrl(`${kind.detail}.${t.locale}`, { id: kind.id(item) })}${searchString({ list: here })}`}
                  >
                    {kind.id(item)}
                  </AppLink>
                ),
              },
              ...kind.columns(t),
            ]}
          />
        )}
      />
    </>
  );
}
