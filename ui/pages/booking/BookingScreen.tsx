/**
 * What a booking screen shows: the car, the step indicator, the screen of the booking's state (the form,
 * the contact check, the deposit, ok, ko, payment ko) or the limit page, and beside it the booking's
 * summary, what booking means under its terms, and cancelling while the booking allows it.
 */
import type { ReactNode } from 'react';
import type { BookingTerms } from '../../../domain/booking/events.ts';
import { carModelName } from '../../../domain/catalogue/reference/brandNames.ts';
import type { Locale } from '../../../domain/markets.ts';
import type { BookingCarJson, BookingJson } from '../../api/bookingTypes.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { Notice } from '../../components/Notice.tsx';
import { formatDuration, formatMoment, formatPrice } from '../../i18n/format.ts';
import { listUrl } from '../../router/listUrl.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { CarUnavailable, FunnelSteps, MoneyLine } from '../funnel/FunnelParts.tsx';
import { fill } from '../funnel/fill.ts';
import { FormProvider, FunnelForm, Select, Submit, useRefused } from '../funnel/funnelForm.tsx';
import type { BookingPageProps } from './bookingPageProps.ts';
import { type BookingStep, bookingSteps, callOf, screenTitle, stepOf } from './bookingSteps.ts';
import { ContactCheck } from './ContactCheck.tsx';
import type { BookingMessages } from './messages/fr.ts';

type Props = PageProps<BookingPageProps>;
type ScreenProps = PageProps<Extract<BookingPageProps, { kind: 'booking' }>>;

const carName = carModelName;

export function BookingScreen(props: Props) {
  const { messages: m } = props;
  const car = props.kind === 'limit' ? props.limitPage.car : props.page.car;
  return (
    <FormProvider csrfToken={props.csrfToken} back={props.path} flash={props.flash} invalid={m.form.invalid}>
      <div className="container section funnel booking">
        <header className="funnel__head">
          <p className="funnel__eyebrow">{m.title}</p>
          <h1>
            {carName(car)} <span className="funnel__version">{car.version}</span>
          </h1>
        </header>
        {props.kind === 'limit' ? <LimitScreen {...props} /> : <Screen {...props} />}
      </div>
    </FormProvider>
  );
}

/** The layout of every booking screen: steps and the screen's panel; the booking beside it. */
function Layout(props: {
  readonly m: BookingMessages;
  readonly terms: BookingTerms;
  readonly step: BookingStep;
  readonly title: string;
  readonly children: ReactNode;
  readonly side: ReactNode;
}) {
  const { m, terms } = props;
  const steps = bookingSteps(terms);
  const at = steps.indexOf(props.step);
  const refused = useRefused();
  return (
    <div className="funnel__layout">
      <div className="funnel__main">
        <FunnelSteps
          label={m.steps.label}
          words={m.steps}
          steps={steps.map((step, i) => ({
            key: step,
            name: m.steps.names[step],
            state: i === at ? 'current' : i < at ? 'done' : 'todo',
          }))}
        />
        {refused ? <Notice tone="warning">{m.form.refused}</Notice> : null}
        <section className="panel funnel__panel" aria-labelledby="screen-title">
          <h2 id="screen-title">{props.title}</h2>
          {props.children}
        </section>
      </div>
      <aside className="funnel__side">{props.side}</aside>
    </div>
  );
}

function Screen(props: ScreenProps) {
  const { messages: m, page, match } = props;
  const locale = match.locale;
  const booking = page.booking;
  const terms = booking?.terms ?? page.terms;
  return (
    <Layout
      m={m}
      terms={terms}
      step={stepOf(booking?.state ?? null)}
      title={screenTitle(m, booking)}
      side={
        <>
          <Summary m={m} car={page.car} terms={terms} booking={booking} locale={locale} />
          <TermsPanel m={m} terms={terms} locale={locale} />
          {booking && callOf(booking, 'CancelBooking') ? (
            <Cancel m={m} booking={booking} locale={locale} />
          ) : null}
        </>
      }
    >
      <ScreenBody {...props} terms={terms} />
    </Layout>
  );
}

/** The screen of the booking's state (or the form, before there is one). */
function ScreenBody(props: ScreenProps & { readonly terms: BookingTerms }) {
  const { page, terms } = props;
  const booking = page.booking;
  if (!booking) return <Start {...props} />;
  switch (booking.state) {
    case 'form':
      return <Start {...props} />;
    case 'contactCheck':
    case 'holding':
      return <ContactCheck {...props} booking={booking} />;
    case 'awaitingDeposit':
    case 'paying':
    case 'paymentKo':
      return <Deposit {...props} booking={booking} terms={terms} />;
    case 'confirmed':
    case 'converted':
      return <Ok {...props} booking={booking} />;
    case 'ko':
    case 'expired':
    case 'cancelled':
    case 'refunding':
    case 'limit':
      return <Ko {...props} booking={booking} />;
    default: {
      const never: never = booking.state;
      throw new Error(`unknown booking state ${String(never)}`);
    }
  }
}

/** The booking form of a car (no booking of this buyer yet): what booking means, then start. */
function Start(props: ScreenProps & { readonly terms: BookingTerms }) {
  const { messages: m, page, terms, match, path } = props;
  const locale = match.locale;
  const { car } = page;
  const hours = formatDuration(terms.holdHours, 'hour', locale);
  const text = terms.deposit
    ? fill(m.start.deposit, { deposit: formatPrice(terms.deposit, locale), hours })
    : fill(m.start.free, { hours });
  return (
    <>
      <p>{page.purchase ? m.start.buying : text}</p>
      {page.purchase ? (
        <p>
          <AppLink className="btn btn--accent" href={page.purchase.page}>
            {m.ok.purchase}
          </AppLink>
        </p>
      ) : car.availability === 'available' ? (
        <FunnelForm action={path}>
          <input type="hidden" name="action" value="start" />
          <Submit label={m.start.submit} />
        </FunnelForm>
      ) : (
        <>
          <CarUnavailable availability={car.availability} words={m.start} />
          <p>
            <AppLink className="btn btn--primary" href={listUrl(locale, car.condition)}>
              {m.start.search}
            </AppLink>
          </p>
        </>
      )}
      <p>
        <AppLink href={car.url}>{m.start.backToCar}</AppLink>
      </p>
    </>
  );
}

/** The deposit to pay (de, pl): before the checkout, while it is open, and after a failed payment. */
function Deposit(props: ScreenProps & { readonly booking: BookingJson; readonly terms: BookingTerms }) {
  const { messages: m, booking, terms, match, path } = props;
  const locale = match.locale;
  const pay = callOf(booking, 'RequestDepositPayment');
  const deposit = terms.deposit ? formatPrice(terms.deposit, locale) : '';
  const time = booking.hold ? formatMoment(booking.hold.until, locale, 'dayTime') : '';
  if (booking.state === 'paying') {
    return (
      <>
        <p>{m.deposit.paying}</p>
        <p>
          <a className="btn btn--primary" href={path}>
            {m.deposit.refresh}
          </a>
        </p>
      </>
    );
  }
  const failed = booking.state === 'paymentKo';
  return (
    <>
      <p>{failed ? fill(m.paymentKo.text, { time }) : fill(m.deposit.text, { deposit, time })}</p>
      {pay ? (
        <FunnelForm action={pay}>
          <input type="hidden" name="action" value="pay-deposit" />
          <Submit label={fill(failed ? m.paymentKo.retry : m.deposit.pay, { amount: deposit })} />
        </FunnelForm>
      ) : null}
      <p className="funnel__note">{m.deposit.secure}</p>
    </>
  );
}

/** Booked (or bought since): how long the car is the buyer's, the deposit paid, and buying it online. */
function Ok(props: ScreenProps & { readonly booking: BookingJson }) {
  const { messages: m, booking, page, match } = props;
  const locale = match.locale;
  const { car } = page;
  const purchaseForm = urlFor(
    car.condition === 'new' ? 'car_purchase_form_vn' : 'car_purchase_form',
    locale,
    {
      id: car.carId,
      slug: car.slug,
    },
  );
  if (booking.state === 'converted') {
    return (
      <>
        <p>{m.ok.convertedText}</p>
        <p>
          <AppLink className="btn btn--accent" href={page.purchase?.page ?? purchaseForm}>
            {m.ok.purchase}
          </AppLink>
        </p>
      </>
    );
  }
  return (
    <>
      {booking.hold ? (
        <p>
          <strong>
            {fill(m.ok.heldUntil, { time: formatMoment(booking.hold.until, locale, 'dayTime') })}
          </strong>
        </p>
      ) : null}
      {booking.depositPaid && booking.payment ? (
        <p>{fill(m.ok.depositPaid, { amount: formatPrice(booking.payment.amount, locale) })}</p>
      ) : null}
      <section className="booking__buy" aria-labelledby="buy-title">
        <h3 id="buy-title">{m.ok.buyTitle}</h3>
        <p>{m.ok.buyText}</p>
        <FunnelForm action={purchaseForm}>
          <input type="hidden" name="action" value="start" />
          <Submit label={m.ok.buy} />
        </FunnelForm>
      </section>
      <p>
        <AppLink href={car.url}>{m.start.backToCar}</AppLink>
      </p>
    </>
  );
}

/** The car is not (or no longer) the buyer's: why, and a refunded deposit. */
function Ko(props: ScreenProps & { readonly booking: BookingJson }) {
  const { messages: m, booking, page, match } = props;
  const locale = match.locale;
  const refunded = booking.depositPaid && booking.payment && booking.state !== 'ko';
  return (
    <>
      <p>{koText(m, booking)}</p>
      {refunded && booking.payment ? (
        <p>{fill(m.ko.refunded, { amount: formatPrice(booking.payment.amount, locale) })}</p>
      ) : null}
      <p>
        <AppLink className="btn btn--primary" href={listUrl(locale, page.car.condition)}>
          {m.start.search}
        </AppLink>
      </p>
      <p>
        <AppLink href={page.car.url}>{m.start.backToCar}</AppLink>
      </p>
    </>
  );
}

function koText(m: BookingMessages, booking: BookingJson): string {
  if (booking.ending === 'expired') return m.ko.expired;
  if (booking.ending === 'cancelled')
    return booking.cancelledBy === 'staff' ? m.ko.cancelledByStaff : m.ko.cancelledByBuyer;
  const reason = booking.refusal;
  switch (reason) {
    case 'held':
      return m.ko.held;
    case 'sold':
      return m.ko.sold;
    case 'withdrawn':
    case 'not_listed':
    case null:
      return m.ko.withdrawn;
    case 'hold_lost':
      return m.ko.expired;
    default: {
      const never: never = reason;
      throw new Error(`unknown refusal ${String(never)}`);
    }
  }
}

/** The limit page: the buyer's active bookings, each with a cancel form; this car once a slot is free. */
function LimitScreen(props: PageProps<Extract<BookingPageProps, { kind: 'limit' }>>) {
  const { messages: m, limitPage, match, path } = props;
  const locale = match.locale;
  const { car, activeBookings, limit, terms } = limitPage;
  const form = urlFor('car_booking_form', locale, { id: car.carId, slug: car.slug, bookingId: '0' });
  const full = activeBookings.length >= limit;
  return (
    <Layout
      m={m}
      terms={terms}
      step={full ? 'contact' : 'form'}
      title={full ? m.limit.title : m.start.title}
      side={
        <>
          <Summary m={m} car={car} terms={terms} booking={null} locale={locale} />
          <TermsPanel m={m} terms={terms} locale={locale} />
        </>
      }
    >
      {full ? <p>{fill(m.limit.text, { limit })}</p> : <p>{m.limit.free}</p>}
      {activeBookings.length > 0 ? (
        <section aria-labelledby="yours-title">
          <h3 id="yours-title">{m.limit.yours}</h3>
          <ul className="booking__list">
            {activeBookings.map((booking) => {
              const cancel = callOf(booking, 'CancelBooking');
              // Which booking the link and the button are about, for screen readers.
              const which = (
                <span className="visually-hidden">
                  {' '}
                  ({carName(booking.car)} {booking.car.version})
                </span>
              );
              return (
                <li key={booking.bookingId} className="booking__item">
                  <p>
                    <strong>
                      {carName(booking.car)} {booking.car.version}
                    </strong>
                    <br />
                    {formatPrice(booking.car.price, locale)}
                    {booking.hold ? (
                      <>
                        {' · '}
                        {fill(m.summary.heldUntil, {
                          time: formatMoment(booking.hold.until, locale, 'dayTime'),
                        })}
                      </>
                    ) : null}
                  </p>
                  <div className="booking__actions">
                    <AppLink href={booking.links.page}>
                      {m.limit.view}
                      {which}
                    </AppLink>
                    {cancel ? (
                      <FunnelForm action={cancel} next={path}>
                        <input type="hidden" name="action" value="cancel" />
                        <button type="submit" className="btn btn--ghost">
                          {m.limit.cancel}
                          {which}
                        </button>
                      </FunnelForm>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {full ? null : (
        <FunnelForm action={form}>
          <input type="hidden" name="action" value="start" />
          <Submit label={m.start.submit} />
        </FunnelForm>
      )}
    </Layout>
  );
}

/** The booking beside the screen: the car's price, the deposit (or free), how long the car is held. */
function Summary(props: {
  readonly m: BookingMessages;
  readonly car: BookingCarJson;
  readonly terms: BookingTerms;
  readonly booking: BookingJson | null;
  readonly locale: Locale;
}) {
  const { m, car, terms, booking, locale } = props;
  return (
    <section className="panel" aria-labelledby="summary-title">
      <h2 id="summary-title">{m.summary.title}</h2>
      <dl className="funnel__summary">
        <MoneyLine label={m.summary.carPrice} money={car.price} locale={locale} />
        {terms.deposit ? (
          <MoneyLine
            label={booking?.depositPaid ? m.summary.depositPaid : m.summary.deposit}
            money={terms.deposit}
            locale={locale}
          />
        ) : (
          <div className="funnel__line">
            <dt>{m.summary.free}</dt>
            <dd>{m.summary.freeValue}</dd>
          </div>
        )}
      </dl>
      {booking?.hold && booking.active ? (
        <p className="funnel__note">
          {fill(m.summary.heldUntil, { time: formatMoment(booking.hold.until, locale, 'dayTime') })}
        </p>
      ) : null}
    </section>
  );
}

/** What booking means under these terms (the booking's own, or the market's for a new one). */
function TermsPanel(props: {
  readonly m: BookingMessages;
  readonly terms: BookingTerms;
  readonly locale: Locale;
}) {
  const { m, terms, locale } = props;
  const hours = formatDuration(terms.holdHours, 'hour', locale);
  return (
    <section className="panel" aria-labelledby="terms-title">
      <h2 id="terms-title">{m.terms.title}</h2>
      <ul className="booking__terms">
        {terms.deposit ? (
          <>
            <li>{fill(m.terms.deposit, { deposit: formatPrice(terms.deposit, locale) })}</li>
            <li>
              {fill(m.terms.depositHold, {
                minutes: formatDuration(terms.depositWindowMinutes ?? 0, 'minute', locale),
                hours,
              })}
            </li>
            <li>{m.terms.refund}</li>
          </>
        ) : (
          <>
            <li>{m.terms.free}</li>
            <li>{fill(m.terms.freeHold, { hours })}</li>
          </>
        )}
        <li>{fill(m.terms.limit, { limit: terms.maxActiveBookings })}</li>
      </ul>
      {terms.deposit ? null : (
        // The booking FAQ describes free booking: it does not fit a market that takes a deposit.
        <p className="funnel__note">
          <AppLink href={urlFor('car_booking_faq', locale)}>{m.terms.faq}</AppLink>
        </p>
      )}
    </section>
  );
}

function Cancel(props: {
  readonly m: BookingMessages;
  readonly booking: BookingJson;
  readonly locale: Locale;
}) {
  const { m, booking, locale } = props;
  const action = callOf(booking, 'CancelBooking');
  if (!action) return null;
  return (
    <section className="panel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{m.cancel.title}</h2>
      <p>{m.cancel.text}</p>
      {booking.depositPaid && booking.payment ? (
        <p>{fill(m.cancel.refund, { amount: formatPrice(booking.payment.amount, locale) })}</p>
      ) : null}
      <FunnelForm action={action}>
        <input type="hidden" name="action" value="cancel" />
        <Select
          name="reason"
          label={m.cancel.reason}
          value="changed_mind"
          options={(['changed_mind', 'bought_elsewhere', 'other'] as const).map((value) => ({
            value,
            label: m.cancel.reasons[value],
          }))}
        />
        <Submit label={m.cancel.submit} ghost />
      </FunnelForm>
    </section>
  );
}
