/**
 * What a purchase screen shows: the step indicator (the steps that apply to this buyer), the current
 * step's form, the running cost summary, the hold's clock, going back to a done step (with what it may
 * undo) and cancelling; or the start, info and outcome views.
 */
import { useEffect, useState } from 'react';
import { brandName, modelName } from '../../../domain/catalogue/reference/brandNames.ts';
import type { ReopenableStep } from '../../../domain/purchase/events.ts';
import type { PurchaseStep } from '../../../domain/routes/index.ts';
import type { PurchaseJson } from '../../api/purchaseTypes.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { Notice } from '../../components/Notice.tsx';
import { formatMoment, formatPrice } from '../../i18n/format.ts';
import { listUrl } from '../../router/listUrl.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { CarUnavailable, FunnelSteps, MoneyLine } from '../funnel/FunnelParts.tsx';
import { fill } from '../funnel/fill.ts';
import { FormProvider, type FunnelAnswer, FunnelForm, useRefused } from '../funnel/funnelForm.tsx';
import { useLivePurchase } from './livePurchase.ts';
import type { PurchaseMessages } from './messages/fr.ts';
import type { PurchasePageProps } from './purchasePageProps.ts';
import { StepForm } from './StepForm.tsx';

const ACCOUNT: readonly PurchaseStep[] = ['my-account', 'sign-in-sign-up', 'sign-in', 'sign-up'];
const REST: readonly PurchaseStep[] = [
  'my-infos',
  'delivery',
  'recovery',
  'insurance',
  'additional-optional',
  'funding',
  'advance-payment',
];

/** The steps this buyer goes through: the account steps only for a buyer not signed in at the start. */
function stepsOf(purchase: PurchaseJson): PurchaseStep[] {
  const visitor =
    purchase.account.termsAccepted || (purchase.step !== null && ACCOUNT.includes(purchase.step));
  if (!visitor) return [...REST];
  const account: PurchaseStep[] = ['my-account', 'sign-in-sign-up'];
  if (purchase.account.accountExists === true) account.push('sign-in');
  if (purchase.account.accountExists === false) account.push('sign-up');
  return [...account, ...REST];
}

export function PurchaseScreen(props: PageProps<PurchasePageProps>) {
  if (!props.purchase) return <Frame {...props} />;
  return <LiveScreen key={props.purchase.purchaseId} {...props} purchase={props.purchase} />;
}

/** A purchase under way: what it shows is read from the page's actor of the machine. */
function LiveScreen(props: PageProps<PurchasePageProps> & { readonly purchase: PurchaseJson }) {
  const { purchase, advance } = useLivePurchase(props.purchase);
  return <Frame {...props} purchase={purchase} onAnswer={advance} />;
}

function Frame(props: PageProps<PurchasePageProps> & { readonly onAnswer?: (answer: FunnelAnswer) => void }) {
  const { messages: m, purchase, page, match } = props;
  const locale = match.locale;
  const car = page?.car;
  return (
    <FormProvider
      csrfToken={props.csrfToken}
      back={props.path}
      flash={props.flash}
      invalid={m.form.invalid}
      inPlace
      {...(props.onAnswer ? { onAnswer: props.onAnswer } : {})}
    >
      <div className="container section purchase">
        <header className="funnel__head">
          <p className="funnel__eyebrow">{m.title}</p>
          {car ? (
            <h1>
              {brandName(car.brand)} {modelName(car.brand, car.model)}{' '}
              <span className="funnel__version">{car.version}</span>
            </h1>
          ) : (
            <h1>{outcomeTitle(m, purchase)}</h1>
          )}
        </header>
        {props.kind === 'outcome' && purchase ? (
          <Outcome m={m} purchase={purchase} car={props.outcomeCar ?? null} locale={locale} />
        ) : props.kind === 'info' || !purchase ? (
          <Start {...props} />
        ) : (
          <InProgress {...props} purchase={purchase} />
        )}
      </div>
    </FormProvider>
  );
}

function InProgress(props: PageProps<PurchasePageProps> & { readonly purchase: PurchaseJson }) {
  const { messages: m, purchase, shown } = props;
  const locale = props.match.locale;
  const steps = stepsOf(purchase);
  const current = purchase.step;
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
            state:
              step === current
                ? 'current'
                : steps.indexOf(current ?? 'advance-payment') > i
                  ? 'done'
                  : 'todo',
          }))}
        />
        {refused ? <Notice tone="warning">{m.form.refused}</Notice> : null}
        {shown && shown !== current ? (
          <LookBack m={m} purchase={purchase} step={shown as ReopenableStep} path={props.path} />
        ) : (
          <section className="panel funnel__panel" aria-labelledby="step-title">
            <h2 id="step-title" tabIndex={-1}>
              {current ? m.steps.names[current] : m.title}
            </h2>
            <StepForm {...props} />
          </section>
        )}
      </div>
      <aside className="funnel__side">
        <Summary m={m} purchase={purchase} locale={locale} />
        {purchase.hold ? <HoldClock m={m} until={purchase.hold.until} locale={locale} /> : null}
        <BackLinks m={m} purchase={purchase} path={props.path} />
        {purchase.allowedCommands.includes('CancelPurchase') ? <Cancel m={m} {...props} /> : null}
      </aside>
    </div>
  );
}

function outcomeTitle(m: PurchaseMessages, purchase: PurchaseJson | null): string {
  switch (purchase?.status) {
    case 'confirmed':
      return m.outcome.okTitle;
    case 'payment-failed':
      return m.outcome.paymentKoTitle;
    case 'car-not-available':
      return m.outcome.notAvailableTitle;
    case 'cancelled':
      return m.outcome.cancelledTitle;
    case 'paid-awaiting-finance':
      return m.outcome.awaitingFinanceTitle;
    default:
      return m.title;
  }
}

/**
 * Why the car is not the buyer's: another buyer held it when the purchase started, or the hold's end as
 * the purchase recorded it.
 */
function notAvailableText(m: PurchaseMessages, purchase: PurchaseJson): string {
  const lost = purchase.events.findLast((event) => event.type === 'HoldLost');
  if (lost?.type !== 'HoldLost') {
    const started = purchase.events.find((event) => event.type === 'PurchaseStarted');
    return started?.type === 'PurchaseStarted' && started.data.hold === null
      ? m.outcome.takenText
      : m.outcome.notAvailableText;
  }
  switch (lost.data.reason) {
    case 'expired':
      return m.outcome.expiredText;
    case 'car_withdrawn':
      return m.outcome.withdrawnText;
    case 'released':
      return m.outcome.notAvailableText;
    default: {
      const never: never = lost.data.reason;
      return never;
    }
  }
}

function Outcome(props: {
  m: PurchaseMessages;
  purchase: PurchaseJson;
  car: PurchasePageProps['outcomeCar'];
  locale: PageProps<object>['match']['locale'];
}) {
  const { m, purchase, car, locale } = props;
  const order = fill(m.outcome.orderNumber, { number: purchase.purchaseId });
  const text =
    purchase.status === 'confirmed'
      ? m.outcome.okText
      : purchase.status === 'payment-failed'
        ? m.outcome.paymentKoText
        : purchase.status === 'car-not-available'
          ? notAvailableText(m, purchase)
          : purchase.status === 'cancelled'
            ? m.outcome.cancelledText
            : m.outcome.awaitingFinanceText;
  const pay = purchase.links.calls.find((call) => call.command === 'RequestAdvancePayment');
  // A purchase that ended without the car has nothing left to pay: no running cost summary.
  const ended = purchase.status === 'car-not-available' || purchase.status === 'cancelled';
  return (
    <div className={ended ? 'funnel__layout funnel__layout--single' : 'funnel__layout'}>
      <div className="funnel__main">
        <section className="panel funnel__panel" aria-labelledby="outcome-title">
          {/* The page's heading says what happened; this one says to what: the car, the order. */}
          <h2 id="outcome-title">
            {car ? (
              <>
                {brandName(car.brand)} {modelName(car.brand, car.model)}{' '}
                <span className="funnel__version">{car.version}</span>
              </>
            ) : (
              order
            )}
          </h2>
          <p>{text}</p>
          {car ? <p className="funnel__order">{order}</p> : null}
          {purchase.customerId && !ended ? (
            <p>
              <AppLink href={urlFor('my_account_dashboard', locale)}>{m.outcome.account}</AppLink>
            </p>
          ) : null}
          {pay ? (
            <FunnelForm action={pay.path} checkout>
              <button type="submit" className="btn btn--accent">
                {m.outcome.retry}
              </button>
            </FunnelForm>
          ) : (
            <AppLink className="btn btn--primary" href={listUrl(locale, 'used')}>
              {m.outcome.search}
            </AppLink>
          )}
        </section>
      </div>
      {ended ? null : (
        <aside className="funnel__side">
          <Summary m={m} purchase={purchase} locale={locale} />
        </aside>
      )}
    </div>
  );
}

function Start(props: PageProps<PurchasePageProps>) {
  const { messages: m, page, match } = props;
  if (!page) return null;
  const { car, terms, purchase, booking } = page;
  const locale = match.locale;
  const form = urlFor(car.condition === 'new' ? 'car_purchase_form_vn' : 'car_purchase_form', locale, {
    id: car.carId,
    slug: car.slug,
  });
  const text = fill(m.start.text, {
    minutes: terms.holdMinutes,
    advance: formatPrice(terms.advancePayment, locale),
  });
  const buyable = car.availability === 'available' || booking !== null;
  return (
    <div className="funnel__layout">
      <div className="funnel__main">
        {props.kind === 'info' ? (
          <section className="panel funnel__panel" aria-labelledby="info-title">
            <h2 id="info-title">{m.infoTitle}</h2>
            <p>{m.infoText}</p>
            <ol className="purchase__info-steps">
              {terms.steps.map((step) => (
                <li key={step}>{m.steps.names[step]}</li>
              ))}
            </ol>
          </section>
        ) : null}
        <section className="panel funnel__panel" aria-labelledby="start-title">
          <h2 id="start-title">{m.start.title}</h2>
          <p>{text}</p>
          {purchase ? (
            <>
              <p>{m.start.yours}</p>
              <AppLink className="btn btn--accent" href={purchase.links.page}>
                {m.start.resume}
              </AppLink>
            </>
          ) : buyable ? (
            <FunnelForm action={form}>
              {booking ? <p>{m.start.booked}</p> : null}
              <input type="hidden" name="action" value="start" />
              <button type="submit" className="btn btn--accent">
                {m.start.submit}
              </button>
            </FunnelForm>
          ) : (
            <CarUnavailable availability={car.availability} words={m.start} />
          )}
          <p>
            <AppLink href={car.url}>{m.start.backToCar}</AppLink>
          </p>
        </section>
      </div>
      <aside className="funnel__side">
        <section className="panel" aria-labelledby="summary-title">
          <h2 id="summary-title">{m.summary.title}</h2>
          <dl className="funnel__summary">
            <MoneyLine label={m.summary.carPrice} money={car.price} locale={locale} />
            <MoneyLine label={m.summary.advance} money={terms.advancePayment} locale={locale} />
          </dl>
        </section>
      </aside>
    </div>
  );
}

function Summary(props: {
  m: PurchaseMessages;
  purchase: PurchaseJson;
  locale: PageProps<object>['match']['locale'];
}) {
  const { m, purchase, locale } = props;
  const s = purchase.summary;
  return (
    <section className="panel" aria-labelledby="summary-title">
      <h2 id="summary-title">{m.summary.title}</h2>
      <dl className="funnel__summary">
        <MoneyLine label={m.summary.carPrice} money={s.carPrice} locale={locale} />
        {purchase.delivery ? (
          <MoneyLine label={m.summary.delivery} money={s.deliveryPrice} locale={locale} />
        ) : null}
        {s.extrasTotal.amount > 0 ? (
          <MoneyLine label={m.summary.extras} money={s.extrasTotal} locale={locale} />
        ) : null}
        {s.tradeInAmount.amount > 0 ? (
          <MoneyLine label={m.summary.tradeIn} money={s.tradeInAmount} locale={locale} minus />
        ) : null}
        <MoneyLine label={m.summary.total} money={s.totalDue} locale={locale} strong />
        {s.funding === 'finance' ? (
          <>
            <MoneyLine label={m.summary.financed} money={s.financed} locale={locale} />
            <MoneyLine label={m.summary.monthly} money={s.financeMonthly} locale={locale} />
          </>
        ) : null}
        {s.bookingDeposit.amount > 0 ? (
          <MoneyLine label={m.summary.bookingDeposit} money={s.bookingDeposit} locale={locale} minus />
        ) : null}
        <MoneyLine label={m.summary.advance} money={s.advancePayment} locale={locale} />
        {s.advancePaid.amount > 0 ? (
          <MoneyLine label={m.summary.paid} money={s.advancePaid} locale={locale} />
        ) : null}
        <MoneyLine label={m.summary.balance} money={s.balanceAtDelivery} locale={locale} />
        {s.insuranceMonthly.amount > 0 ? (
          <MoneyLine label={m.summary.insurance} money={s.insuranceMonthly} locale={locale} />
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The whole minutes left until `until`, by the browser's clock, counted down every 15 seconds; null on
 * the server and in the first render (the server's clock is not the buyer's: nothing to mismatch).
 */
function useMinutesLeft(until: string): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now === null ? null : Math.max(0, Math.ceil((Date.parse(until) - now) / 60_000));
}

function HoldClock(props: {
  m: PurchaseMessages;
  until: string;
  locale: PageProps<object>['match']['locale'];
}) {
  const { m, until, locale } = props;
  const time = formatMoment(until, locale, 'dayTime');
  const minutes = useMinutesLeft(until);
  return (
    <section className="panel funnel__hold" aria-labelledby="hold-title">
      <h2 id="hold-title" className="visually-hidden">
        {fill(m.hold.until, { time })}
      </h2>
      <p>
        <strong>{fill(m.hold.until, { time })}</strong>
      </p>
      {minutes === null ? null : (
        <p role="timer" className="funnel__hold-left">
          {fill(m.hold.left, { minutes })}
        </p>
      )}
      <p>{m.hold.end}</p>
    </section>
  );
}

function BackLinks(props: { m: PurchaseMessages; purchase: PurchaseJson; path: string }) {
  const { m, purchase } = props;
  if (purchase.reopenableSteps.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="back-title">
      <h2 id="back-title">{m.back.title}</h2>
      <ul className="purchase__back">
        {purchase.reopenableSteps.map((step) => {
          const call = purchase.links.calls.find(
            (c) => c.command === 'ReopenStep' && c.path.endsWith(`/${step}`),
          );
          if (!call) return null;
          return (
            <li key={step}>
              <AppLink href={call.path}>{fill(m.back.link, { step: m.steps.names[step] })}</AppLink>
            </li>
          );
        })}
      </ul>
      <p className="funnel__note">{m.back.keep}</p>
    </section>
  );
}

/** A done step the buyer looks back at: what going back may undo, then the POST that reopens it. */
function LookBack(props: {
  m: PurchaseMessages;
  purchase: PurchaseJson;
  step: ReopenableStep;
  path: string;
}) {
  const { m, step } = props;
  return (
    <section className="panel funnel__panel" aria-labelledby="look-back-title">
      <h2 id="look-back-title">{fill(m.back.link, { step: m.steps.names[step] })}</h2>
      <p>{m.back.undoes[step]}</p>
      <p>{m.back.keep}</p>
      <FunnelForm action={props.path}>
        <button type="submit" className="btn btn--primary">
          {fill(m.back.link, { step: m.steps.names[step] })}
        </button>
      </FunnelForm>
      <p>
        <AppLink href={props.purchase.links.page}>{m.form.continue}</AppLink>
      </p>
    </section>
  );
}

function Cancel(props: PageProps<PurchasePageProps> & { readonly m: PurchaseMessages }) {
  const { m, page } = props;
  if (!page) return null;
  const form = urlFor(
    page.car.condition === 'new' ? 'car_purchase_form_vn' : 'car_purchase_form',
    props.match.locale,
    {
      id: page.car.carId,
      slug: page.car.slug,
    },
  );
  return (
    <section className="panel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{m.cancel.title}</h2>
      <p>{m.cancel.text}</p>
      <FunnelForm action={form}>
        <input type="hidden" name="action" value="cancel" />
        <button type="submit" className="btn btn--ghost">
          {m.cancel.submit}
        </button>
      </FunnelForm>
    </section>
  );
}
