/**
 * The leads list (`admin_leads`, sales): a GET form of the filters (kind, market, dealer, status,
 * period; in the URL), the total with the exports of exactly the filtered list, the leads (received,
 * kind, market, dealer, car, person, status) each linking to its detail, and the pages.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { LEAD_KINDS, LEAD_STATUSES } from '../../../domain/leads/schemas.ts';
import { LOCALES } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { type LeadItem, type LeadSearch, leadFilters, leadListQuery } from '../leadsApi.ts';
import { searchString } from '../listSearch.ts';
import { DataTable } from './DataTable.tsx';
import { DateRangeFields, FilterField, FilterForm } from './FilterForm.tsx';
import { ListResults } from './ListResults.tsx';

export function LeadListView({ search }: { search: LeadSearch }) {
  const t = useAdminT();
  const router = useRouter();
  const query = useQuery(leadListQuery(search));
  const listPath = generateUrl(`admin_leads.${t.locale}`);
  const href = (next: LeadSearch) => `${listPath}${searchString({ ...next })}`;
  const here = href(search);
  const onFilter = (values: Readonly<Record<string, string>>) =>
    void router.navigate({ to: undefined, href: href(values as LeadSearch) });
  const data = query.data;
  const page = search.page ?? 1;
  const select = (name: keyof LeadSearch, label: string, any: string, options: [string, string][]) => (
    <FilterField id={`lead-filter-${name}`} name={name} label={label} value={search[name]?.toString()}>
      <option value="">{any}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </FilterField>
  );
  return (
    <>
      <h1>{t.t('leads.title')}</h1>
      <FilterForm
        action={listPath}
        label={t.t('leads.filter')}
        submitLabel={t.t('leads.show')}
        resetKey={here}
        resetHref={listPath}
        onFilter={onFilter}
      >
        {select(
          'kind',
          t.t('leads.kind'),
          t.t('leads.anyKind'),
          LEAD_KINDS.map((k) => [k, t.t(`leads.kinds.${k}`)]),
        )}
        {select(
          'market',
          t.t('leads.market'),
          t.t('leads.anyMarket'),
          LOCALES.map((l) => [l, `${l} · ${localeName(l)}`]),
        )}
        <div className="admin-field">
          <label htmlFor="lead-filter-dealer">{t.t('leads.dealer')}</label>
          <input
            id="lead-filter-dealer"
            name="dealer"
            inputMode="numeric"
            pattern="[0-9]{1,12}"
            defaultValue={search.dealer ?? ''}
          />
        </div>
        {select(
          'status',
          t.t('leads.status'),
          t.t('leads.anyStatus'),
          LEAD_STATUSES.map((s) => [s, t.t(`leads.statuses.${s}`)]),
        )}
        <DateRangeFields
          idPrefix="lead-filter-"
          labels={{ from: t.t('leads.from'), to: t.t('leads.to') }}
          value={search}
        />
      </FilterForm>
      <ListResults
        query={query}
        data={data ? { ...data, pages: Math.max(1, Math.ceil(data.total / data.pageSize)) } : undefined}
        page={page}
        pageHref={(p) => href({ ...search, page: p })}
        exportHref={(format) => `/admin/api/leads/export${searchString({ format, ...leadFilters(search) })}`}
        table={(rows: readonly LeadItem[]) => (
          <DataTable
            caption={t.t('leads.caption')}
            rows={rows}
            rowKey={(row) => row.leadId}
            columns={[
              { id: 'submitted', header: t.t('leads.submitted'), cell: (row) => t.moment(row.submittedAt) },
              { id: 'kind', header: t.t('leads.kind'), cell: (row) => t.t(`leads.kinds.${row.kind}`) },
              { id: 'market', header: t.t('leads.market'), cell: (row) => row.market },
              {
                id: 'dealer',
                header: t.t('leads.routedBy'),
                cell: (row) => `${row.dealerName ?? '—'} (${row.dealerId})`,
              },
              { id: 'car', header: t.t('leads.car'), cell: (row) => row.carId ?? '—' },
              { id: 'person', header: t.t('leads.person'), cell: (row) => row.name ?? t.t('leads.erased') },
              {
                id: 'status',
                header: t.t('leads.status'),
                cell: (row) => t.t(`leads.statuses.${row.status}`),
              },
              {
                id: 'open',
                header: t.t('leads.open'),
                cell: (row) => (
                  <AppLink
                    href={`${generateUrl(`admin_lead_detail.${t.locale}`, { leadId: row.leadId })}${searchString({ list: here })}`}
                    aria-label={`${t.t('leads.open')} ${row.leadId}`}
                  >
                    {t.t('leads.open')}
                  </AppLink>
                ),
              },
            ]}
          />
        )}
      />
    </>
  );
}
