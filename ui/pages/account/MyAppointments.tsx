/**
 * The account's dealer appointments (domain/appointment/README.md): soonest first, each with its dealer,
 * time and status, a link to its page (move, cancel) and, while it is ahead, a cancel form.
 */
import { formatMoment } from '../../i18n/format.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { FunnelForm, Submit } from '../funnel/funnelForm.tsx';
import type { AccountAppointments, AccountPageProps } from './accountPageProps.ts';

export function MyAppointments(
  props: PageProps<AccountPageProps> & { readonly appointments: AccountAppointments },
) {
  const { items, messages: m } = props.appointments;
  const locale = props.match.locale;
  const manage = urlFor('dealer_ajax_form_appointment', locale);
  return (
    <section className="account__section" id="appointments" aria-labelledby="appointments-title">
      <h2 id="appointments-title">{m.account.title}</h2>
      {items.length === 0 ? <p>{m.account.empty}</p> : null}
      <ul className="account-appointments">
        {items.map((item) => (
          <li key={item.appointmentId} className="panel">
            <p>
              <strong>{formatMoment(item.start, locale, 'dateTime')}</strong> — {m.purposes[item.purpose]}
              {item.dealerName ? ` — ${item.dealerName}` : ''}
            </p>
            <p>{item.status === 'booked' ? m.account.booked : m.account.cancelled}</p>
            {item.page ? (
              <p>
                <a href={item.page}>{m.account.manage}</a>
              </p>
            ) : null}
            {item.status === 'booked' ? (
              <FunnelForm action={manage} next={props.path} labelledBy={`cancel-${item.appointmentId}`}>
                <input type="hidden" name="action" value="cancel" />
                <input type="hidden" name="appointmentId" value={item.appointmentId} />
                <span id={`cancel-${item.appointmentId}`} className="visually-hidden">
                  {m.confirmation.cancel} {formatMoment(item.start, locale, 'dateTime')}
                </span>
                <Submit label={m.confirmation.cancel} ghost />
              </FunnelForm>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        <a href={urlFor('dealer_appointment', locale)}>{m.account.book}</a>
      </p>
    </section>
  );
}
