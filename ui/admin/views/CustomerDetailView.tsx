/**
 * A customer's detail (admin_customer_detail, by their public number): a summary, their contact (sales
 * and admin), their purchases and bookings with status and links to their details, favorites, consents,
 * cars and bills counted, and the erasure record once erased. An admin gets an "Erase this customer"
 * panel: a real form posting to the SPEC's `admin_customer_delete` (so it works without JavaScript: 303
 * back here, a refusal's messages by field through the shell's boot data), sent as JSON to the API's
 * erase with JavaScript; a reason and the confirmation are required.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { generateUrl } from '../../../domain/routes/index.ts';
import type { StaffRole } from '../../../domain/staff/staffRoles.ts';
import { staffMayAct } from '../../../domain/staff/staffRoles.ts';
import { ApiError } from '../../api/ApiError.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import { type CustomerDetail, call, customerDetailQuery } from '../adminApi.ts';
import { bootData } from '../boot.ts';
import { seesPersonalData } from './CustomerListView.tsx';
import { EraseFields } from './EraseFields.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

export function CustomerDetailView({
  number,
  list,
  roles,
}: {
  number: string;
  list: string | undefined;
  roles: readonly StaffRole[];
}) {
  const t = useAdminT();
  const detail = useQuery(customerDetailQuery(number));
  const back = list ?? generateUrl(`admin_customer_list.${t.locale}`);
  if (detail.isError) return <ErrorNotice onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Loading />;
  const { customer, contact, funnels, consents, cars, erasure } = detail.data;
  const personal = seesPersonalData(roles);
  return (
    <>
      <p>
        <AppLink href={back}>{t.t('customers.back')}</AppLink>
      </p>
      <h1>{t.t('customers.detail', { number })}</h1>
      {erasure ? (
        <p className="admin-notice" role="status">
          {t.t('customers.erasedNotice')}
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="customer-summary">
        <h2 id="customer-summary">{t.t('customers.summary')}</h2>
        <dl className="admin-facts">
          {personal ? (
            <>
              <dt>{t.t('customers.name')}</dt>
              <dd>{customer.erased ? t.t('detail.erased') : (customer.name ?? '—')}</dd>
            </>
          ) : null}
          <dt>{t.t('customers.state')}</dt>
          <dd>{customer.erased ? t.t('customers.erasedState') : t.t('customers.active')}</dd>
          <dt>{t.t('customers.since')}</dt>
          <dd>{t.moment(customer.since)}</dd>
          <dt>{t.t('customers.markets')}</dt>
          <dd>{customer.markets.join(' ') || '—'}</dd>
          <dt>{t.t('customers.lastActivity')}</dt>
          <dd>{t.moment(customer.lastActivityAt)}</dd>
          <dt>{t.t('customers.favorites')}</dt>
          <dd>{t.number(detail.data.favorites)}</dd>
          <dt>{t.t('customers.bills')}</dt>
          <dd>{t.number(detail.data.bills)}</dd>
          {contact ? (
            <>
              <dt>{t.t('customers.email')}</dt>
              <dd>{contact.email ?? '—'}</dd>
              <dt>{t.t('customers.phone')}</dt>
              <dd>{contact.phone ?? '—'}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {erasure ? (
        <section className="admin-card" aria-labelledby="customer-erasure">
          <h2 id="customer-erasure">{t.t('customers.erasure')}</h2>
          <dl className="admin-facts">
            <dt>{t.t('customers.erasedAt')}</dt>
            <dd>{t.moment(erasure.erasedAt)}</dd>
            <dt>{t.t('customers.erasedBy')}</dt>
            <dd>{erasure.by}</dd>
            <dt>{t.t('customers.reason')}</dt>
            <dd className="admin-erasure-reason">{erasure.reason}</dd>
          </dl>
        </section>
      ) : null}

      <section className="admin-card" aria-labelledby="customer-funnels">
        <h2 id="customer-funnels">{t.t('customers.funnels')}</h2>
        {funnels.length === 0 ? (
          <p>{t.t('customers.noFunnels')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--funnels">
              <thead>
                <tr>
                  <th scope="col">{t.t('customers.funnel')}</th>
                  <th scope="col">{t.t('column.created')}</th>
                  <th scope="col">{t.t('column.market')}</th>
                  <th scope="col">{t.t('column.status')}</th>
                </tr>
              </thead>
              <tbody>
                {funnels.map((f) => (
                  <tr key={`${f.funnel}-${f.id}`}>
                    <td data-label={t.t('customers.funnel')}>
                      <AppLink
                        href={generateUrl(
                          `${f.funnel === 'purchase' ? 'admin_purchase_detail' : 'admin_car_booking_detail'}.${t.locale}`,
                          { id: f.id },
                        )}
                      >
                        {t.t(f.funnel === 'purchase' ? 'customers.purchase' : 'customers.booking', {
                          id: f.id,
                        })}
                      </AppLink>
                    </td>
                    <td data-label={t.t('column.created')}>{t.moment(f.createdAt)}</td>
                    <td data-label={t.t('column.market')}>{f.market ?? '—'}</td>
                    <td data-label={t.t('column.status')}>
                      {t.label(f.funnel === 'purchase' ? 'purchaseStatus' : 'bookingStatus', f.status)}
                      {f.step ? ` · ${t.label('step', f.step)}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="admin-detail">
        <section className="admin-card" aria-labelledby="customer-consents">
          <h2 id="customer-consents">{t.t('customers.consents')}</h2>
          {consents && Object.keys(consents).length > 0 ? (
            <dl className="admin-facts">
              {Object.entries(consents).map(([name, consent]) => (
                <div key={name} className="admin-facts__row">
                  <dt>{name}</dt>
                  <dd>
                    {t.t(consent.given ? 'customers.given' : 'customers.withdrawn', {
                      at: t.moment(consent.at),
                    })}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{t.t('customers.noConsents')}</p>
          )}
        </section>
        <section className="admin-card" aria-labelledby="customer-cars">
          <h2 id="customer-cars">{t.t('customers.cars')}</h2>
          {cars.length > 0 ? (
            <ul>
              {cars.map((car) => (
                <li key={car.carId}>
                  {t.t('customers.car', {
                    brand: car.brand,
                    model: car.model,
                    year: car.year,
                    km: t.number(car.mileageKm),
                  })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t.t('customers.noCars')}</p>
          )}
        </section>
      </div>

      {!erasure && staffMayAct(roles, ['admin']) ? <ErasePanel number={number} detail={detail.data} /> : null}
    </>
  );
}

/** The erase form: a reason and the confirmation, both required; the server checks the reason again. */
function ErasePanel({ number, detail }: { number: string; detail: CustomerDetail }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const here = generateUrl(`admin_customer_detail.${t.locale}`, { id: number });
  // A refusal of the form posted without JavaScript, kept by the server for this page (boot data).
  const [fields, setFields] = useState<Readonly<Record<string, readonly string[]>>>(
    () => bootData().flash?.fields ?? {},
  );
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const reasonError = fields.reason ? t.t('customers.eraseRequired') : undefined;
  const confirmError = fields.confirm ? t.t('customers.eraseConfirmRequired') : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    const refused: Record<string, string[]> = {};
    if (!reason) refused.reason = ['is required'];
    if (form.get('confirm') !== 'yes') refused.confirm = ['is required'];
    setFields(refused);
    setFailed(false);
    if (Object.keys(refused).length > 0) {
      const first = event.currentTarget.querySelector<HTMLElement>(
        refused.reason ? '#erase-reason' : '#erase-confirm',
      );
      first?.focus();
      return;
    }
    setPending(true);
    try {
      await call('POST', `/admin/api/customers/${number}/erase`, { reason });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setFields({ reason: ['is required'] });
      else setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="admin-card admin-danger" aria-labelledby="customer-erase">
      <h2 id="customer-erase">{t.t('customers.erase')}</h2>
      <p>{t.t('customers.eraseIntro')}</p>
      {failed ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {t.t('customers.eraseFailed')}
        </p>
      ) : null}
      <form
        method="post"
        action={generateUrl(`admin_customer_delete.${t.locale}`, { id: number })}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-customer={detail.customer.customerId}
      >
        <input type="hidden" name="_csrf" value={bootData().csrfToken} />
        <input type="hidden" name="_back" value={here} />
        <EraseFields
          idPrefix="erase"
          reasonError={reasonError}
          confirmError={confirmError}
          defaultReason={bootData().flash?.values.reason ?? ''}
        />
        <button type="submit" className="admin-button admin-button--danger" disabled={pending}>
          {t.t('customers.eraseSubmit')}
        </button>
      </form>
    </section>
  );
}
