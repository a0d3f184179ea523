/**
 * The dashboard's figures for staff who read aggregates (admin, sales, analysts): a GET form of period
 * and market kept in the URL, key figures, charts (recharts) each under its heading with a data table of
 * the same figures, conversion per market and the projections' lag.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { LOCALES, marketOf } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { type DashboardStep, dashboardQuery, type DashboardFigures as Figures } from '../adminApi.ts';
import type { AdminTranslator } from '../adminTranslator.ts';
import { formatElapsed } from '../formatElapsed.ts';
import { type DashboardSearch, searchString } from '../listSearch.ts';
import { DataTable } from './DataTable.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

/** The API's longest period (http/routes/adminDashboardApi.ts). */
const MAX_DAYS = 366;
const DAY = 86_400_000;

/** Series colours: each at least 4.5:1 on white, and told apart by dashes too. */
const SERIES = {
  purchasesStarted: { color: '#0b5cad', dash: undefined },
  purchasesConfirmed: { color: '#1d6b3a', dash: undefined },
  bookingsStarted: { color: '#8a4600', dash: '6 4' },
  bookingsConfirmed: { color: '#6b3fa0', dash: '6 4' },
} as const;
type Series = keyof typeof SERIES;

/** Days, numbers and shares in the staff member's language. */
function formats(t: AdminTranslator) {
  const { language } = marketOf(t.locale);
  const date = (style: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(language, { ...style, timeZone: 'UTC' });
    return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  };
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  return {
    day: date({ dateStyle: 'medium' }),
    tick: date({ day: '2-digit', month: '2-digit' }),
    share: (value: number | null) => (value === null ? '—' : percent.format(value)),
  };
}

const stepLabel = (t: AdminTranslator, funnel: 'purchase' | 'booking', step: string) =>
  funnel === 'booking'
    ? t.label('bookingStatus', step)
    : t.messages.step[step as keyof AdminTranslator['messages']['step']]
      ? t.label('step', step)
      : t.label('purchaseStatus', step);

export function DashboardFigures({ search }: { search: DashboardSearch }) {
  const t = useAdminT();
  const query = useQuery(dashboardQuery({ from: search.from, to: search.to, market: search.market }));
  const data = query.data;
  return (
    <>
      <PeriodForm search={search} />
      {query.isError && !data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <div className="admin-dashboard" aria-busy={query.isFetching}>
          <p role="status" className="admin-dashboard__period">
            {t.t('figures.period', { from: formats(t).day(data.from), to: formats(t).day(data.to) })}
            {' · '}
            {data.market ? localeName(data.market as (typeof LOCALES)[number]) : t.t('figures.anyMarket')}
          </p>
          <KeyFigures data={data} />
          <DailyChart data={data} />
          {data.conversion.map((funnel) => (
            <ConversionChart key={funnel.funnel} funnel={funnel} />
          ))}
          <ProjectionLag data={data} />
        </div>
      ) : null}
    </>
  );
}

function PeriodForm({ search }: { search: DashboardSearch }) {
  const t = useAdminT();
  const router = useRouter();
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const action = generateUrl(`admin_dashboard.${t.locale}`);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' && v ? v : undefined;
    };
    const next = { from: value('from'), to: value('to'), market: value('market') };
    if (next.from && next.to && next.to < next.from) {
      setError({ field: 'to', message: t.t('figures.toBeforeFrom') });
      return;
    }
    if (next.from && next.to && (Date.parse(next.to) - Date.parse(next.from)) / DAY + 1 > MAX_DAYS) {
      setError({ field: 'from', message: t.t('figures.tooLong', { days: MAX_DAYS }) });
      return;
    }
    setError(null);
    void router.navigate({ to: undefined, href: `${action}${searchString(next)}` });
  };
  const dateField = (name: 'from' | 'to') => {
    const invalid = error?.field === name;
    return (
      <div className="admin-field">
        <label htmlFor={`dashboard-${name}`}>{t.t(`figures.${name}`)}</label>
        <input
          id={`dashboard-${name}`}
          name={name}
          type="date"
          defaultValue={search[name] ?? ''}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `dashboard-${name}-error` : undefined}
        />
        {invalid ? (
          <p className="admin-field__error" id={`dashboard-${name}-error`}>
            {error.message}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form
      className="admin-filters"
      method="get"
      action={action}
      onSubmit={onSubmit}
      aria-label={t.t('figures.filters')}
      key={searchString(search)}
      noValidate
    >
      {dateField('from')}
      {dateField('to')}
      <div className="admin-field">
        <label htmlFor="dashboard-market">{t.t('figures.market')}</label>
        <select id="dashboard-market" name="market" defaultValue={search.market ?? ''}>
          <option value="">{t.t('figures.anyMarket')}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {`${locale} · ${localeName(locale)}`}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button admin-button--primary">
          {t.t('figures.apply')}
        </button>
        <AppLink href={action}>{t.t('figures.reset')}</AppLink>
      </div>
    </form>
  );
}

function KeyFigures({ data }: { data: Figures }) {
  const t = useAdminT();
  const confirmed = data.revenue.reduce((sum, r) => sum + r.purchases, 0);
  const none = (text: string) => <span className="admin-kpis__none">{text}</span>;
  const finance = [
    ['figures.accepted', data.finance.accepted],
    ['figures.declined', data.finance.declined],
    ['figures.byPass', data.finance['by-pass']],
  ] as const;
  return (
    <section aria-labelledby="figures-key" className="admin-panel">
      <h2 id="figures-key">{t.t('figures.keyFigures')}</h2>
      <dl className="admin-kpis">
        <Figure term={t.t('figures.revenue')}>
          {data.revenue.length === 0 ? (
            none(t.t('figures.noRevenue'))
          ) : (
            <ul className="admin-plain-list">
              {data.revenue.map((r) => (
                <li key={r.currency}>{t.money(r.amount, r.currency)}</li>
              ))}
            </ul>
          )}
        </Figure>
        <Figure term={t.t('figures.purchasesConfirmed')}>{t.number(confirmed)}</Figure>
        <Figure term={t.t('figures.median')}>
          {data.confirmation.medianSeconds === null
            ? none(t.t('figures.noMedian'))
            : formatElapsed(data.confirmation.medianSeconds, t.locale)}
        </Figure>
        <Figure term={t.t('figures.holdsExpired')}>{t.number(data.holdsExpired)}</Figure>
        <Figure term={t.t('figures.finance')}>
          <ul className="admin-plain-list">
            {finance.map(([label, count]) => (
              <li key={label}>
                {t.t(label)} <strong>{t.number(count)}</strong>
              </li>
            ))}
          </ul>
        </Figure>
      </dl>
    </section>
  );
}

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="admin-kpis__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DailyChart({ data }: { data: Figures }) {
  const t = useAdminT();
  const f = formats(t);
  const series = Object.keys(SERIES) as Series[];
  const name = (s: Series) => t.t(`figures.${s}`);
  return (
    <section aria-labelledby="figures-daily" className="admin-panel">
      <h2 id="figures-daily">{t.t('figures.daily')}</h2>
      <div className="admin-chart">
        <ResponsiveContainer width="100%" height={280}>
          <LineChart
            data={data.days}
            margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
            title={t.t('figures.daily')}
          >
            <CartesianGrid stroke="#d5dae1" strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={f.tick} stroke="#4a5568" minTickGap={16} />
            <YAxis allowDecimals={false} stroke="#4a5568" width={40} />
            <Tooltip labelFormatter={(day) => f.day(String(day))} />
            <Legend />
            {series.map((s) => (
              <Line
                key={s}
                type="monotone"
                dataKey={s}
                name={name(s)}
                stroke={SERIES[s].color}
                strokeDasharray={SERIES[s].dash}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t.t('figures.dataTable')}</summary>
        <DataTable
          caption={t.t('figures.daily')}
          rows={data.days}
          rowKey={(d) => d.day}
          columns={[
            { id: 'day', header: t.t('figures.day'), cell: (d) => f.day(d.day) },
            ...series.map((s) => ({
              id: s,
              header: name(s),
              numeric: true,
              cell: (d: Figures['days'][number]) => t.number(d[s]),
            })),
          ]}
        />
      </details>
    </section>
  );
}

function ConversionChart({ funnel }: { funnel: Figures['conversion'][number] }) {
  const t = useAdminT();
  const f = formats(t);
  const id = `figures-${funnel.funnel}`;
  const title = t.t(funnel.funnel === 'purchase' ? 'figures.purchaseFunnel' : 'figures.bookingFunnel');
  const label = (step: string) => stepLabel(t, funnel.funnel, step);
  const rows = funnel.steps.map((s) => ({ ...s, label: label(s.step) }));
  const markets = funnel.markets;
  const cellOf = (steps: readonly DashboardStep[], step: string) => {
    const s = steps.find((x) => x.step === step);
    return s ? `${t.number(s.entries)} · ${f.share(s.reachedNext)}` : '—';
  };
  return (
    <section aria-labelledby={id} className="admin-panel">
      <h2 id={id}>{title}</h2>
      <div className="admin-chart">
        <ResponsiveContainer width="100%" height={rows.length * 30 + 40}>
          <BarChart
            data={rows}
            layout="vertical"
            margin={{ top: 4, right: 48, bottom: 4, left: 8 }}
            title={title}
          >
            <CartesianGrid stroke="#d5dae1" strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} stroke="#4a5568" />
            <YAxis type="category" dataKey="label" width={170} stroke="#4a5568" interval={0} />
            <Tooltip />
            <Bar dataKey="entries" name={t.t('figures.entries')} fill="#0b5cad" isAnimationActive={false}>
              <LabelList
                dataKey="reachedNext"
                position="right"
                fill="#1b2330"
                formatter={(value) => (typeof value === 'number' ? f.share(value) : '')}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t.t('figures.dataTable')}</summary>
        <DataTable
          caption={title}
          rows={rows}
          rowKey={(s) => s.step}
          columns={[
            { id: 'step', header: t.t('figures.step'), cell: (s) => s.label },
            {
              id: 'entries',
              header: t.t('figures.entries'),
              numeric: true,
              cell: (s) => t.number(s.entries),
            },
            {
              id: 'next',
              header: t.t('figures.reachedNext'),
              numeric: true,
              cell: (s) => f.share(s.reachedNext),
            },
          ]}
        />
      </details>
      {markets.length > 0 ? (
        <details>
          <summary>{t.t('figures.byMarket')}</summary>
          <DataTable
            caption={`${title} · ${t.t('figures.byMarket')}`}
            rows={rows}
            rowKey={(s) => s.step}
            columns={[
              { id: 'step', header: t.t('figures.step'), cell: (s) => s.label },
              ...markets.map((m) => ({
                id: m.market,
                header: m.market,
                numeric: true,
                cell: (s: (typeof rows)[number]) => cellOf(m.steps, s.step),
              })),
            ]}
          />
        </details>
      ) : null}
    </section>
  );
}

function ProjectionLag({ data }: { data: Figures }) {
  const t = useAdminT();
  const status = (value: string) =>
    (t.messages.figures.projectionStatus as Readonly<Record<string, string>>)[value] ?? value;
  return (
    <section aria-labelledby="figures-projections" className="admin-panel">
      <h2 id="figures-projections">{t.t('figures.projections')}</h2>
      <DataTable
        caption={t.t('figures.projections')}
        rows={data.projections}
        rowKey={(p) => p.name}
        columns={[
          { id: 'name', header: t.t('figures.projection'), cell: (p) => <code>{p.name}</code> },
          { id: 'state', header: t.t('figures.state'), cell: (p) => status(p.status) },
          {
            id: 'lag',
            header: t.t('figures.lag'),
            numeric: true,
            cell: (p) => (p.capped ? t.t('figures.atLeast', { count: t.number(p.lag) }) : t.number(p.lag)),
          },
        ]}
      />
    </section>
  );
}
