/**
 * The customer's purchases and bookings, newest first: each with its car, where it stands in words, its
 * amounts, what to do next (a link to the screen, or a form to the call: pay again, buy a booked car) and
 * its timeline in a `<details>` (every step with its time in the market's time zone).
 */
import { carModelName } from '../../../domain/catalogue/reference/brandNames.ts';
import type {
  AccountBooking,
  AccountFunnels,
  AccountPurchase,
} from '../../../domain/funnel/buyerFunnelList.ts';
import type { BuyerTimelineItem } from '../../../domain/funnel/buyerTimeline.ts';
import type { Locale } from '../../../domain/markets.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { formatDate, formatMoment, formatPrice } from '../../i18n/format.ts';
import { listUrl } from '../../router/listUrl.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { fill } from '../funnel/fill.ts';
import { FunnelForm } from '../funnel/funnelForm.tsx';
import type { AccountPageProps } from './accountPageProps.ts';
import type { AccountMessages } from './messages/fr.ts';
import { timelineText } from './timelineText.ts';

type Props = PageProps<AccountPageProps> & { readonly funnels: AccountFunnels };

export function FunnelList({ funnels, messages: m, match }: Props) {
  const locale = match.locale;
  const items = [
    ...funnels.purchases.map((purchase) => ({ at: purchase.startedAt, purchase, booking: null })),
    ...funnels.bookings.map((booking) => ({ at: booking.startedAt, purchase: null, booking })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="account__section" id="funnels" aria-labelledby="funnels-title">
      <h2 id="funnels-title">{m.funnels.title}</h2>
      {items.length === 0 ? (
        <div className="panel">
          <p>{m.funnels.empty}</p>
          <AppLink className="btn btn--primary" href={listUrl(locale, 'used')}>
            {m.funnels.browse}
          </AppLink>
        </div>
      ) : (
        <ol className="account__funnels">
          {items.map((item) =>
            item.purchase ? (
              <li key={`p${item.purchase.purchaseId}`}>
                <PurchaseCard purchase={item.purchase} m={m} locale={locale} />
              </li>
            ) : item.booking ? (
              <li key={`b${item.booking.bookingId}`}>
                <BookingCard booking={item.booking} m={m} locale={locale} />
              </li>
            ) : null,
          )}
        </ol>
      )}
    </section>
  );
}

const carName = carModelName;

function Amount(props: { readonly label: string; readonly value: string }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}

function PurchaseCard(props: { purchase: AccountPurchase; m: AccountMessages; locale: Locale }) {
  const { purchase: p, m, locale } = props;
  const titleId = `purchase-${p.purchaseId}`;
  const price = (money: AccountPurchase['amounts']['total']) => formatPrice(money, locale);
  const current = p.status === 'in-progress' || p.status === 'awaiting-finance-decision';
  return (
    <article className="panel funnel-card" aria-labelledby={titleId}>
      <header className="funnel-card__head">
        <div>
          <p className="funnel-card__kind">{fill(m.funnels.purchase, { id: p.purchaseId })}</p>
          <h3 id={titleId}>
            {carName(p.car)} <span className="funnel-card__version">{p.car.version}</span>
          </h3>
          <p className="funnel-card__meta">
            {fill(m.funnels.startedOn, { date: formatDate(p.startedAt, locale) })}
          </p>
        </div>
        <p className={`funnel-card__status funnel-card__status--${tone(p.status)}`}>
          <span className="visually-hidden">{m.funnels.statusLabel} : </span>
          {m.funnels.purchaseStatus[p.status]}
        </p>
      </header>
      {current && p.step ? <p>{fill(m.funnels.nextStep, { step: m.funnels.steps[p.step] })}</p> : null}
      {current && p.holdUntil ? (
        <p className="funnel-card__hold">
          {fill(m.funnels.holdUntil, { time: formatMoment(p.holdUntil, locale) })}
        </p>
      ) : null}
      <dl className="funnel-card__amounts">
        <Amount label={m.funnels.total} value={price(p.amounts.total)} />
        {p.funding === 'finance' ? (
          <Amount label={m.funnels.monthly} value={price(p.amounts.financeMonthly)} />
        ) : null}
        <Amount label={m.funnels.advance} value={price(p.amounts.advance)} />
        {p.amounts.paid.amount > 0 ? <Amount label={m.funnels.paid} value={price(p.amounts.paid)} /> : null}
        <Amount label={m.funnels.balance} value={price(p.amounts.balance)} />
      </dl>
      <div className="funnel-card__actions">
        <PurchaseAction purchase={p} m={m} locale={locale} />
      </div>
      <Timeline items={p.timeline} m={m} locale={locale} />
    </article>
  );
}

/** What the buyer does next with a purchase: resume, pay again, see the outcome, look elsewhere. */
function PurchaseAction(props: { purchase: AccountPurchase; m: AccountMessages; locale: Locale }) {
  const { purchase: p, m, locale } = props;
  const a = m.funnels.actions;
  switch (p.status) {
    case 'not-started':
    case 'in-progress':
    case 'awaiting-finance-decision':
    case 'awaiting-payment':
      return (
        <a className="btn btn--accent" href={p.links.page}>
          {a.resume}
        </a>
      );
    case 'payment-failed': {
      const pay = p.links.calls.find((call) => call.command === 'RequestAdvancePayment');
      return pay ? (
        <FunnelForm action={pay.path} className="funnel-card__form">
          <button type="submit" className="btn btn--accent">
            {a.payAgain}
          </button>
        </FunnelForm>
      ) : (
        <a className="btn btn--primary" href={p.links.page}>
          {a.purchase}
        </a>
      );
    }
    case 'confirmed':
    case 'paid-awaiting-finance':
      return (
        <a className="btn btn--primary" href={p.links.page}>
          {a.confirmation}
        </a>
      );
    case 'car-not-available':
    case 'cancelled':
      return (
        <AppLink className="btn btn--ghost" href={listUrl(locale, 'used')}>
          {a.search}
        </AppLink>
      );
    default: {
      const never: never = p.status;
      throw new Error(`no action for purchase status ${String(never)}`);
    }
  }
}

function BookingCard(props: { booking: AccountBooking; m: AccountMessages; locale: Locale }) {
  const { booking: b, m, locale } = props;
  const titleId = `booking-${b.bookingId}`;
  const a = m.funnels.actions;
  const deposit = b.deposit
    ? `${formatPrice(b.deposit, locale)} (${b.depositPaid ? m.funnels.depositPaid : m.funnels.depositDue})`
    : m.funnels.free;
  const payable = b.state === 'awaitingDeposit' || b.state === 'paymentKo';
  const cancellable = b.links.calls.some((call) => call.command === 'CancelBooking');
  return (
    <article className="panel funnel-card" aria-labelledby={titleId}>
      <header className="funnel-card__head">
        <div>
          <p className="funnel-card__kind">{fill(m.funnels.booking, { id: b.bookingId })}</p>
          <h3 id={titleId}>
            {carName(b.car)} <span className="funnel-card__version">{b.car.version}</span>
          </h3>
          <p className="funnel-card__meta">
            {fill(m.funnels.startedOn, { date: formatDate(b.startedAt, locale) })}
          </p>
        </div>
        <p className={`funnel-card__status funnel-card__status--${b.active ? 'ok' : 'ended'}`}>
          <span className="visually-hidden">{m.funnels.statusLabel} : </span>
          {m.funnels.bookingState[b.state]}
        </p>
      </header>
      {b.active && b.holdUntil ? (
        <p className="funnel-card__hold">
          {fill(m.funnels.holdUntil, { time: formatMoment(b.holdUntil, locale) })}
        </p>
      ) : null}
      <dl className="funnel-card__amounts">
        <Amount label={m.funnels.deposit} value={deposit} />
      </dl>
      <div className="funnel-card__actions">
        {b.links.buy ? (
          <FunnelForm action={b.links.buy} className="funnel-card__form">
            <input type="hidden" name="action" value="start" />
            <button type="submit" className="btn btn--accent">
              {a.buy}
            </button>
          </FunnelForm>
        ) : null}
        {payable ? (
          <a className="btn btn--primary" href={b.links.page}>
            {a.payDeposit}
          </a>
        ) : null}
        <a className="btn btn--ghost" href={b.links.page}>
          {cancellable ? a.cancelBooking : a.booking}
        </a>
      </div>
      <Timeline items={b.timeline} m={m} locale={locale} />
    </article>
  );
}

function tone(status: AccountPurchase['status']): 'ok' | 'warning' | 'ended' {
  if (status === 'payment-failed' || status === 'awaiting-payment') return 'warning';
  if (status === 'car-not-available' || status === 'cancelled') return 'ended';
  return 'ok';
}

function Timeline(props: { items: readonly BuyerTimelineItem[]; m: AccountMessages; locale: Locale }) {
  const { items, m, locale } = props;
  return (
    <details className="funnel-card__timeline">
      <summary className="account__toggle">
        {m.funnels.timeline} ({items.length})
      </summary>
      <ol>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a history only grows at its end; its position is its revision
          <li key={i}>
            <time dateTime={item.at}>{formatMoment(item.at, locale)}</time>
            <span>{timelineText(item, m, locale)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
