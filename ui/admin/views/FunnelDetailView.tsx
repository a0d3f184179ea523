/**
 * A purchase's or a booking's detail (SPEC admin_car_booking_detail and its purchase counterpart): a
 * summary with links to the customer's other funnels and the car's staff page, and the event timeline
 * (who, what, when, the data). Selecting an event (`?event=<revision>`, so the view can be linked) shows
 * the state after it (`/state?after=`), each field changed since the event before marked. Staff who
 * may act get the commands the funnel allows now (FunnelActions.tsx) and the car's (CarActions.tsx:
 * its price, its withdrawal); a staff command's reason shows in its timeline entry.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { isLocale } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { staffMayAct } from '../../../domain/staff/staffRoles.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import {
  detailQuery,
  type FunnelCollection,
  type FunnelState,
  meQuery,
  stateQuery,
  type TimelineEntry,
} from '../adminApi.ts';
import type { AdminTranslator } from '../adminTranslator.ts';
import { type DetailSearch, searchString } from '../listSearch.ts';
import { CarActions } from './CarActions.tsx';
import { FunnelActions } from './FunnelActions.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

interface DetailKind {
  readonly api: FunnelCollection;
  readonly list: 'admin_purchase_list' | 'admin_car_booking_list';
  readonly detail: 'admin_purchase_detail' | 'admin_car_booking_detail';
  readonly title: 'purchases.detail' | 'bookings.detail';
  readonly statusGroup: 'purchaseStatus' | 'bookingStatus';
}

export const PURCHASE_DETAIL: DetailKind = {
  api: 'purchases',
  list: 'admin_purchase_list',
  detail: 'admin_purchase_detail',
  title: 'purchases.detail',
  statusGroup: 'purchaseStatus',
};
export const BOOKING_DETAIL: DetailKind = {
  api: 'bookings',
  list: 'admin_car_booking_list',
  detail: 'admin_car_booking_detail',
  title: 'bookings.detail',
  statusGroup: 'bookingStatus',
};

const isMoney = (value: object): value is { amount: number; currency: string } =>
  Object.keys(value).length === 2 &&
  typeof (value as { amount?: unknown }).amount === 'number' &&
  typeof (value as { currency?: unknown }).currency === 'string';
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The state's fields as `name → text`, nested objects flattened (`amounts.total`): amounts in their
 * currency and moments in the staff member's locale, other values as they are stored.
 */
export function stateFields(
  state: FunnelState,
  t: Pick<AdminTranslator, 'money' | 'moment'>,
): Map<string, string> {
  const fields = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (isMoney(value)) fields.set(path, t.money(value.amount, value.currency));
      else if (typeof (value as { currency?: unknown }).currency === 'string') {
        // A set of amounts in one currency (the state's `amounts`): each number is in its minor units.
        const currency = (value as { currency: string }).currency;
        for (const [key, inner] of Object.entries(value)) {
          const name = path ? `${path}.${key}` : key;
          if (typeof inner === 'number') fields.set(name, t.money(inner, currency));
          else walk(inner, name);
        }
      } else for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else if (value === null || value === undefined) fields.set(path, '—');
    else if (typeof value === 'string') fields.set(path, MOMENT.test(value) ? t.moment(value) : value);
    else fields.set(path, JSON.stringify(value));
  };
  const { event: _event, machine: _machine, allowedCommands: _commands, ...rest } = state;
  walk(rest, '');
  return fields;
}

/** Who caused an event, by name where known: a staff member with their role, the buyer, the system. */
export function whoText(entry: TimelineEntry, t: AdminTranslator): string {
  const actor = entry.actor;
  const text = (key: string) => (typeof actor?.[key] === 'string' ? (actor[key] as string) : null);
  switch (actor?.kind) {
    case 'staff':
      return t.t('detail.whoStaff', {
        name: entry.actorName ?? text('staffId') ?? '?',
        role: t.label('role', text('role')),
      });
    case 'buyer':
      return entry.actorName
        ? t.t('detail.whoBuyer', { name: entry.actorName })
        : text('customerId')
          ? t.t('detail.whoBuyer', { name: text('customerId') ?? '' })
          : t.t('detail.whoVisitor');
    case 'system':
      return t.t('detail.whoSystem', { name: text('name') ?? '?' });
    default:
      return entry.who;
  }
}

export function FunnelDetailView({
  kind,
  id,
  search,
}: {
  kind: DetailKind;
  id: string;
  search: DetailSearch;
}) {
  const t = useAdminT();
  const router = useRouter();
  const detail = useQuery(detailQuery(kind.api, id));
  // The car's staff pictures and photos are the content staff's (and admins'): linked for them only.
  const photos = staffMayAct(useQuery(meQuery).data?.roles ?? [], ['content']);
  const timeline = detail.data?.timeline ?? [];
  const last = timeline.at(-1)?.revision;
  const selected =
    search.event !== undefined && timeline.some((e) => e.revision === search.event) ? search.event : last;
  const at = timeline.findIndex((e) => e.revision === selected);
  const previous = at > 0 ? timeline[at - 1]!.revision : undefined;
  const state = useQuery({ ...stateQuery(kind.api, id, selected ?? 0), enabled: selected !== undefined });
  const before = useQuery({ ...stateQuery(kind.api, id, previous ?? 0), enabled: previous !== undefined });
  const back = search.list ?? generateUrl(`${kind.list}.${t.locale}`);
  const here = generateUrl(`${kind.detail}.${t.locale}`, { id });

  if (detail.isError) return <ErrorNotice onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Loading />;
  const { funnel, customer } = detail.data;
  const market = funnel.market && isLocale(funnel.market) ? funnel.market : t.locale;
  const now = stateFields(state.data ?? ({} as FunnelState), t);
  const then = before.data ? stateFields(before.data, t) : undefined;

  return (
    <>
      <p>
        <AppLink href={back}>{t.t('detail.back')}</AppLink>
      </p>
      <h1>{t.t(kind.title, { id })}</h1>
      <section className="admin-card" aria-labelledby="summary-title">
        <h2 id="summary-title">{t.t('detail.summary')}</h2>
        <dl className="admin-facts">
          <dt>{t.t('column.status')}</dt>
          <dd>{t.label(kind.statusGroup, funnel.status)}</dd>
          {'step' in funnel ? (
            <>
              <dt>{t.t('column.step')}</dt>
              <dd>{t.label('step', funnel.step as string | null)}</dd>
            </>
          ) : null}
          <dt>{t.t('column.market')}</dt>
          <dd>{funnel.market ?? '—'}</dd>
          <dt>{t.t('detail.customer')}</dt>
          <dd>
            {customer ? (
              <>
                {customer.erased
                  ? t.t('detail.erased')
                  : [customer.name, customer.email, customer.phone].filter(Boolean).join(' · ')}{' '}
                <AppLink
                  href={`${generateUrl(`admin_purchase_list.${t.locale}`)}${searchString({ customerId: customer.id })}`}
                >
                  {t.t('detail.customerPurchases')}
                </AppLink>{' '}
                <AppLink
                  href={`${generateUrl(`admin_car_booking_list.${t.locale}`)}${searchString({ customerId: customer.id })}`}
                >
                  {t.t('detail.customerBookings')}
                </AppLink>
              </>
            ) : (
              t.t('detail.noCustomer')
            )}
          </dd>
          <dt>{t.t('column.car')}</dt>
          <dd>
            {funnel.carId ? (
              <>
                {t.t('detail.car', { id: funnel.carId })}
                {photos ? (
                  <>
                    {' '}
                    <a href={generateUrl(`image_index_bo.${market}`, { id: funnel.carId })}>
                      {t.t('detail.carPage')}
                    </a>{' '}
                    ·{' '}
                    <AppLink href={generateUrl(`admin_image_upload.${t.locale}`, { id: funnel.carId })}>
                      {t.t('media.list')}
                    </AppLink>
                  </>
                ) : null}
              </>
            ) : (
              '—'
            )}
          </dd>
        </dl>
      </section>

      <FunnelActions kind={kind.api} id={id} allowedCommands={detail.data.allowedCommands} />
      {funnel.carId ? <CarActions carId={funnel.carId} funnel={{ kind: kind.api, id }} /> : null}

      <div className="admin-detail">
        <section className="admin-card" aria-labelledby="timeline-title">
          <h2 id="timeline-title">{t.t('detail.timeline')}</h2>
          <ol className="admin-timeline">
            {timeline.map((entry) => (
              <li key={entry.revision} className={entry.revision === selected ? 'is-selected' : undefined}>
                <div className="admin-timeline__head">
                  <span className="admin-timeline__rev">
                    {t.t('detail.revision')} {entry.revision}
                  </span>
                  <strong>{entry.type}</strong>
                  <time dateTime={entry.at}>{t.moment(entry.at)}</time>
                  <span className="admin-timeline__who">{whoText(entry, t)}</span>
                </div>
                {entry.reason ? (
                  <p className="admin-timeline__reason">
                    {t.t('actions.timelineReason', { reason: entry.reason })}
                  </p>
                ) : null}
                {Object.keys(entry.data).length > 0 ? (
                  <details>
                    <summary>{t.t('detail.data')}</summary>
                    <pre>{JSON.stringify(entry.data, null, 2)}</pre>
                  </details>
                ) : null}
                <AppLink
                  className="admin-button admin-button--small"
                  href={`${here}${searchString({ event: entry.revision, list: search.list })}`}
                  aria-current={entry.revision === selected ? 'true' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    void router.navigate({
                      to: undefined,
                      href: `${here}${searchString({ event: entry.revision, list: search.list })}`,
                      replace: true,
                    });
                  }}
                >
                  {t.t('detail.show')}
                  <span className="admin-visually-hidden"> ({entry.revision})</span>
                </AppLink>
              </li>
            ))}
          </ol>
        </section>

        <section className="admin-card admin-state" aria-labelledby="state-title" aria-live="polite">
          {state.data ? (
            <>
              <h2 id="state-title">
                {t.t('detail.stateAfter', {
                  revision: state.data.event.revision,
                  type: state.data.event.type,
                })}
              </h2>
              <table className="admin-table admin-table--state">
                <thead>
                  <tr>
                    <th scope="col">{t.t('detail.field')}</th>
                    <th scope="col">{t.t('detail.value')}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...now].map(([name, value]) => {
                    const changed = then !== undefined && then.get(name) !== value;
                    return (
                      <tr key={name} className={changed ? 'is-changed' : undefined}>
                        <th scope="row">{name}</th>
                        <td>
                          {value}
                          {changed ? <span className="admin-changed">{t.t('detail.changed')}</span> : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <h3>{t.t('detail.allowed')}</h3>
              <p>
                {state.data.allowedCommands.length
                  ? state.data.allowedCommands.join(', ')
                  : t.t('detail.none')}
              </p>
              <details>
                <summary>{t.t('detail.machine')}</summary>
                <pre>{JSON.stringify(state.data.machine, null, 2)}</pre>
              </details>
            </>
          ) : state.isError ? (
            <ErrorNotice onRetry={() => void state.refetch()} />
          ) : (
            <>
              <h2 id="state-title">{t.t('detail.timeline')}</h2>
              <Loading />
            </>
          )}
        </section>
      </div>

      {selected !== undefined ? (
        <section className="admin-card" aria-labelledby="buyer-saw-title">
          <h2 id="buyer-saw-title">{t.t('detail.buyerSaw')}</h2>
          <p>{t.t('detail.buyerSawNote')}</p>
          {/* A frame per event: the screen of the event chosen before never stays on while the next loads. */}
          <iframe
            key={selected}
            className="admin-buyer-screen"
            title={`${t.t('detail.buyerSaw')} (${selected})`}
            src={`/admin/api/${kind.api}/${id}/screen?after=${selected}`}
            sandbox=""
          />
        </section>
      ) : null}
    </>
  );
}
