/**
 * What an appointment screen shows: the dealers to choose from, the booking form (purpose, slot, contact)
 * beside the dealer and its hours, or the confirmation with its cancel and move forms.
 */
import type { AppointmentPurpose } from '../../../domain/appointment/schemas.ts';
import type { Locale } from '../../../domain/markets.ts';
import type { AppointmentDealerJson } from '../../api/appointmentTypes.ts';
import { Notice } from '../../components/Notice.tsx';
import { OpeningHours } from '../../components/OpeningHours.tsx';
import { formatMoment } from '../../i18n/format.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor, withQuery } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import {
  Field,
  FormProvider,
  FunnelForm,
  Submit,
  useFieldMessages,
  useFieldValue,
} from '../funnel/funnelForm.tsx';
import type { AppointmentPageProps } from './appointmentPageProps.ts';
import type { AppointmentMessages } from './messages/fr.ts';
import { dayLabel, SlotPicker } from './SlotPicker.tsx';

type Props = PageProps<AppointmentPageProps>;

export function AppointmentScreen(props: Props) {
  const { messages: m } = props;
  return (
    <FormProvider
      csrfToken={props.csrfToken}
      back={props.back}
      flash={props.flash}
      invalid={m.errors.invalid}
    >
      <div className="container section funnel appointment">
        {props.kind === 'confirmation' ? <Confirmation {...props} /> : <BookingForm {...props} />}
      </div>
    </FormProvider>
  );
}

/** The words of a refused slot (the server's code: holiday, outside_hours, past, too_far, full, same_slot). */
function slotError(m: AppointmentMessages, codes: readonly string[]): string | undefined {
  const code = codes[0];
  if (code === undefined) return undefined;
  return code in m.errors ? m.errors[code as keyof AppointmentMessages['errors']] : m.errors.slot;
}

function DealerSide(props: {
  readonly dealer: AppointmentDealerJson;
  readonly m: AppointmentMessages;
  readonly locale: Locale;
}) {
  const { dealer, m, locale } = props;
  return (
    <aside className="funnel__side">
      <section className="panel" aria-labelledby="appointment-dealer">
        <h2 id="appointment-dealer">{m.confirmation.where}</h2>
        <p>
          <strong>{dealer.name}</strong>
          <br />
          {dealer.street}
          <br />
          {dealer.postcode} {dealer.city}
          <br />
          <a href={`tel:${dealer.phone.replace(/\s+/g, '')}`}>{dealer.phone}</a>
        </p>
        <OpeningHours hours={dealer.openingHours} compact />
        <p>
          <a href={urlFor('dealer_detail', locale, { slug: dealer.slug, idApi: dealer.dealerId })}>
            {m.confirmation.back}
          </a>
        </p>
      </section>
    </aside>
  );
}

function BookingForm(props: Props & { readonly kind: 'form' }) {
  const { page, messages: m, match } = props;
  const locale = match.locale;
  const slotCodes = useFieldMessages('slot');
  const selected = useFieldValue('slot');
  const flashPurpose = useFieldValue('purpose') as AppointmentPurpose | undefined;
  const purpose = flashPurpose ?? page.purpose;
  if (!page.dealer) {
    return (
      <>
        <header className="funnel__head">
          <p className="funnel__eyebrow">{m.title}</p>
          <h1>{m.chooseDealer}</h1>
        </header>
        <p>{m.chooseDealerIntro}</p>
        <p>
          {m.purposeLegend}
          <br />
          <strong>{m.purposes[page.purpose]}</strong>
          {page.valuationId ? (
            <>
              <br />
              {fill(m.valuationRef, { id: page.valuationId })}
            </>
          ) : null}
        </p>
        <ul className="appointment-dealers">
          {page.dealers.map((dealer) => (
            <li key={dealer.dealerId}>
              <a
                href={withQuery(dealer.url, {
                  purpose: page.purpose,
                  valuation: page.valuationId ?? undefined,
                })}
              >
                {dealer.name}
              </a>{' '}
              <span>
                {dealer.postcode} {dealer.city}
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  }
  const dealer = page.dealer;
  const pageUrl = (from: string) =>
    withQuery(props.path, { purpose, valuation: page.valuationId ?? undefined, from });
  const full = slotCodes[0] === 'full';
  const refused = props.flash !== null && Object.keys(props.flash.fields).length > 0;
  return (
    <>
      <header className="funnel__head">
        <p className="funnel__eyebrow">{m.title}</p>
        <h1 id="step-title" tabIndex={-1}>
          {fill(m.dealerAppointment, { name: dealer.name })}
        </h1>
      </header>
      <div className="funnel__layout">
        <div className="funnel__main">
          {refused ? <Notice tone="warning">{full ? m.errors.full : m.errors.refused}</Notice> : null}
          <section className="panel funnel__panel" aria-labelledby="purpose-title">
            <h2 id="purpose-title">{m.purposeLegend}</h2>
            {/* Another purpose shows its own free slots: the same page with `?purpose=`. */}
            <ul className="appointment-purposes">
              {page.purposes.map((p) => (
                <li key={p}>
                  <a
                    className={p === purpose ? 'btn btn--accent' : 'btn btn--ghost'}
                    href={withQuery(props.path, { purpose: p, valuation: page.valuationId ?? undefined })}
                    aria-current={p === purpose ? 'page' : undefined}
                  >
                    {m.purposes[p]}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section className="panel funnel__panel" aria-labelledby="slot-title">
            <h2 id="slot-title">{m.purposes[purpose]}</h2>
            <FunnelForm action={props.back}>
              <input type="hidden" name="purpose" value={purpose} />
              {page.valuationId ? (
                <>
                  <input type="hidden" name="valuation" value={page.valuationId} />
                  <p>{fill(m.valuationRef, { id: page.valuationId })}</p>
                </>
              ) : null}
              {full && page.nextFree.length > 0 ? (
                <fieldset className="field slot-picker__next">
                  <legend>{m.nextFree}</legend>
                  <ul className="slot-picker__slots">
                    {page.nextFree.map((slot) => (
                      <li key={`${slot.day}T${slot.time}`}>
                        <label className="slot-picker__slot">
                          <input type="radio" name="slot" value={`${slot.day}T${slot.time}`} />
                          <span>
                            {dayLabel(slot.day, locale)} {slot.time}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ) : null}
              <SlotPicker
                locale={locale}
                m={m}
                slots={page.slots}
                pageUrl={pageUrl}
                widget={page.widget}
                selected={full ? undefined : selected}
                error={slotError(m, slotCodes)}
              />
              <fieldset className="field appointment-contact">
                <legend>{m.contactLegend}</legend>
                <Field
                  name="firstName"
                  label={m.firstName}
                  required
                  autoComplete="given-name"
                  value={page.prefill?.firstName}
                />
                <Field
                  name="lastName"
                  label={m.lastName}
                  required
                  autoComplete="family-name"
                  value={page.prefill?.lastName}
                />
                <Field
                  name="email"
                  label={m.email}
                  type="email"
                  required
                  autoComplete="email"
                  value={page.prefill?.email}
                />
                <Field
                  name="phone"
                  label={m.phone}
                  type="tel"
                  required
                  autoComplete="tel"
                  inputMode="tel"
                  value={page.prefill?.phone}
                />
                <p className="field__help">{m.privacy}</p>
              </fieldset>
              <Submit label={m.submit} />
            </FunnelForm>
          </section>
        </div>
        <DealerSide dealer={dealer} m={m} locale={locale} />
      </div>
    </>
  );
}

function Confirmation(props: Props & { readonly kind: 'confirmation' }) {
  const { page, messages: m, match } = props;
  const locale = match.locale;
  const c = m.confirmation;
  const { appointment, dealer } = page;
  const slotCodes = useFieldMessages('slot');
  const title =
    appointment.status === 'booked' ? c.title : appointment.movedTo ? c.movedTitle : c.cancelledTitle;
  const pageUrl = (from: string) => {
    const url = new URL(props.back, 'http://page.invalid');
    url.searchParams.set('from', from);
    return `${url.pathname}${url.search}`;
  };
  const viaToken = new URL(props.back, 'http://page.invalid').searchParams.has('token');
  const hidden = (action: 'cancel' | 'move') => (
    <>
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="appointmentId" value={appointment.appointmentId} />
      {/* Opened from the mail's link: the token keeps this browser allowed on the next page too. */}
      {viaToken ? <input type="hidden" name="token" value={page.token} /> : null}
    </>
  );
  return (
    <>
      <header className="funnel__head">
        <p className="funnel__eyebrow">{m.purposes[appointment.purpose]}</p>
        <h1 id="step-title" tabIndex={-1}>
          {title}
        </h1>
      </header>
      <div className="funnel__layout">
        <div className="funnel__main">
          {slotCodes.length > 0 ? <Notice tone="warning">{slotError(m, slotCodes)}</Notice> : null}
          <section className="panel funnel__panel" aria-labelledby="appointment-summary">
            <h2 id="appointment-summary">{fill(m.dealerAppointment, { name: dealer.name })}</h2>
            {appointment.status === 'booked' ? <p>{c.intro}</p> : null}
            {page.links.movedTo ? (
              <p>
                <a href={page.links.movedTo}>{c.movedLink}</a>
              </p>
            ) : null}
            <dl className="appointment-summary">
              <dt>{c.when}</dt>
              <dd>{formatMoment(appointment.start, locale, 'dateTime')}</dd>
              <dt>{c.purpose}</dt>
              <dd>{m.purposes[appointment.purpose]}</dd>
              {page.contact ? (
                <>
                  <dt>{c.contact}</dt>
                  <dd>
                    {page.contact.firstName} {page.contact.lastName}
                    <br />
                    {page.contact.email}
                    <br />
                    {page.contact.phone}
                  </dd>
                </>
              ) : null}
              <dt>{c.reference}</dt>
              <dd>{appointment.appointmentId}</dd>
            </dl>
          </section>
          {page.changeable && page.slots ? (
            <>
              <section className="panel funnel__panel" aria-labelledby="appointment-move">
                <details className="appointment-move" open={slotCodes.length > 0 || props.from !== null}>
                  <summary className="appointment-move__summary">
                    <h2 id="appointment-move" className="appointment-move__title">
                      {c.moveTitle}
                    </h2>
                  </summary>
                  <FunnelForm action={props.back} labelledBy="appointment-move">
                    {hidden('move')}
                    <SlotPicker
                      locale={locale}
                      m={m}
                      slots={page.slots}
                      pageUrl={pageUrl}
                      widget={urlFor('ajax_widget_hourly', locale, { idApi: dealer.dealerId })}
                      idPrefix="move"
                    />
                    <Submit label={c.moveSubmit} />
                  </FunnelForm>
                </details>
              </section>
              <section className="panel funnel__panel" aria-labelledby="appointment-cancel">
                <h2 id="appointment-cancel">{c.cancelTitle}</h2>
                <FunnelForm action={props.back} labelledBy="appointment-cancel">
                  {hidden('cancel')}
                  <Submit label={c.cancel} ghost />
                </FunnelForm>
              </section>
            </>
          ) : (
            <p>
              <a
                className="btn btn--accent"
                href={urlFor('dealer_appointment', locale, { slug: dealer.slug, idApi: dealer.dealerId })}
              >
                {c.newAppointment}
              </a>
            </p>
          )}
        </div>
        <DealerSide dealer={dealer} m={m} locale={locale} />
      </div>
    </>
  );
}
