/**
 * The car page's money tools: the monthly payment of a loan (duration and down payment → monthly, APR,
 * total cost, the offer's PDF) and the delivery price to a postcode (per delivery type, or why not).
 * Both are real `<form method="get">`s to the car page: without JavaScript the page comes back with the
 * result (its loader reads `durationMonths`, `downPayment` in whole units of the currency, and
 * `postcode`); with JavaScript the same forms ask the SPEC's calls and show the answer in place. Each
 * form carries the other's current value, so one never clears the other. Loaded on demand
 * (LazyCarMoneyTools.tsx, an island): nothing here is needed before the page hydrates.
 *
 * They also keep the car's status current in a page left open: after hydration, whenever the tab comes
 * back into view and when the browser restores the page from its back-forward cache, they ask SPEC §7
 * `get-is-car-booked/{idApi}` and put the answer into the car's query, so the page shows a car booked
 * or sold in the meantime (status, no booking or buying buttons) without a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { CarStatus, Money } from '../../domain/catalogue/car.ts';
import { FINANCE_DURATIONS } from '../../domain/finance/financeTerms.ts';
import type { Locale } from '../../domain/markets.ts';
import { ApiError } from '../api/ApiError.ts';
import {
  type CarDelivery,
  type CarFinance,
  carDeliveryQuery,
  carFinanceQuery,
  type DeliveryQuoteView,
  type FinanceChoice,
  postCarFinanceQuery,
} from '../api/moneyTools.ts';
import { carQuery } from '../api/queries.ts';
import type { Translator } from '../i18n/createTranslator.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';

export interface CarMoneyToolsProps {
  readonly carId: string;
  /** The car page's path: where the forms go without JavaScript. */
  readonly pageUrl: string;
  /** The finance choice of the page's URL (down payment in minor units), if any. */
  readonly finance: FinanceChoice;
  /** The postcode of the page's URL, if any. */
  readonly postcode?: string | undefined;
}

/** The page's query string, read leniently (a value that makes no sense is left out). */
export function readMoneySearch(search: Readonly<Record<string, unknown>>): {
  finance: FinanceChoice;
  postcode?: string;
} {
  const number = (value: unknown) => {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
    return Number.isFinite(n) && n >= 0 && n <= 1e9 && String(value).trim() !== '' ? n : undefined;
  };
  const months = number(search.durationMonths);
  const down = number(search.downPayment);
  // The router reads `75015` as a number (and `00950`, which is no JSON number, as text).
  const raw = search.postcode;
  const postcode = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().slice(0, 16) : '';
  return {
    finance: {
      durationMonths: months !== undefined && Number.isInteger(months) ? months : undefined,
      downPayment: down === undefined ? undefined : Math.round(down * 100),
    },
    ...(postcode ? { postcode } : {}),
  };
}

/** What the page's loader prefetches for the widgets (on the server: rendered with their results). */
export async function prefetchMoneyTools(
  queryClient: QueryClient,
  locale: Locale,
  carId: string,
  search: Readonly<Record<string, unknown>>,
) {
  const money = readMoneySearch(search);
  await Promise.all([
    queryClient.prefetchQuery(carFinanceQuery(locale, carId, money.finance)),
    money.postcode ? queryClient.prefetchQuery(carDeliveryQuery(locale, carId, money.postcode)) : undefined,
  ]);
  return money;
}

const status = (error: unknown) => (error instanceof ApiError ? error.status : 0);

const percent = (t: Translator, value: number) =>
  new Intl.NumberFormat(t.market.language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);

const currencySymbol = (t: Translator, currency: Money['currency']) =>
  new Intl.NumberFormat(t.market.language, { style: 'currency', currency })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/** Whole units for a form field (`3000` for 3 000,00 €). */
const whole = (minor: number | undefined) => (minor === undefined ? undefined : Math.round(minor / 100));

function Hidden(props: { readonly values: Readonly<Record<string, string | number | undefined>> }) {
  return Object.entries(props.values).map(([name, value]) =>
    value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
  );
}

/** A widget: its title, a GET form to the car page (handled in place by `onSubmit`), the result below. */
function MoneyPanel(props: {
  readonly anchor: 'finance' | 'delivery';
  readonly title: string;
  readonly pageUrl: string;
  readonly onSubmit: (form: FormData) => void;
  readonly submit: string;
  readonly fields: ReactNode;
  readonly busy: boolean;
  readonly children: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(new FormData(event.currentTarget));
  };
  return (
    <section className="panel money" id={props.anchor} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <form
        className="money__form"
        method="get"
        action={`${props.pageUrl}#${props.anchor}`}
        onSubmit={submit}
      >
        {props.fields}
        <button type="submit" className="btn btn--primary">
          {props.submit}
        </button>
      </form>
      <div className="money__result" aria-live="polite" aria-busy={props.busy}>
        {props.children}
      </div>
    </section>
  );
}

function FinanceResult({ data, t }: { readonly data: CarFinance; readonly t: Translator }) {
  const { quote } = data;
  const due: Money = {
    amount: quote.financed.amount + quote.totalCostOfCredit.amount,
    currency: quote.financed.currency,
  };
  return (
    <>
      {/* The APR as prominent as the instalment (EU Consumer Credit Directive). */}
      <div className="money__headline">
        <p>
          <span className="money__label">{t.t('money.monthly')}</span>
          <strong className="money__figure">{t.price(quote.monthly)}</strong>
          <span className="money__unit">
            {t.t('money.perMonth')} · {t.t('money.months', { count: quote.durationMonths })}
          </span>
        </p>
        <p>
          <span className="money__label">{t.t('money.apr')}</span>
          <strong className="money__figure">{percent(t, quote.aprPercent)}</strong>
        </p>
      </div>
      <dl className="specs money__figures">
        {(
          [
            ['money.financed', t.price(quote.financed)],
            ['money.nominalRate', percent(t, quote.nominalRatePercent)],
            ['money.fees', t.price(quote.fees)],
            ['money.totalCost', t.price(quote.totalCostOfCredit)],
            ['money.totalDue', t.price(due)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="specs__row">
            <dt>{t.t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="money__warning">{t.t('money.warning')}</p>
      <p className="money__small">{t.t('money.lender', { name: data.lender.name })}</p>
      <a className="btn btn--ghost money__pdf" href={data.pdfUrl} download>
        {t.t('money.pdf')}
      </a>
    </>
  );
}

function FinanceWidget(props: {
  readonly carId: string;
  readonly pageUrl: string;
  readonly choice: FinanceChoice;
  readonly asked: boolean;
  readonly onChoice: (choice: FinanceChoice) => void;
  readonly postcode: string | undefined;
}) {
  const t = useTranslator();
  const id = useId();
  const options = props.asked ? postCarFinanceQuery : carFinanceQuery;
  const query = useQuery({
    ...options(t.locale, props.carId, props.choice),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const refused = status(query.error);
  if (refused === 409) {
    return <p className="money__small">{t.t('money.noFinance')}</p>;
  }
  const submit = (form: FormData) => {
    const down = Number(form.get('downPayment'));
    props.onChoice({
      durationMonths: Number(form.get('durationMonths')),
      downPayment: Number.isFinite(down) ? Math.round(down * 100) : undefined,
    });
  };
  const choices = data?.choices;
  const months = data?.quote.durationMonths ?? props.choice.durationMonths ?? 60;
  const hint = choices
    ? t.t('money.downPaymentHint', {
        min: t.price({ amount: choices.minDownPayment, currency: choices.currency }),
        max: t.price({ amount: choices.maxDownPayment, currency: choices.currency }),
      })
    : undefined;
  const fields = (
    <>
      <div className="field">
        <label htmlFor={`${id}-months`}>{t.t('money.duration')}</label>
        <select id={`${id}-months`} name="durationMonths" defaultValue={months}>
          {(choices?.durations ?? FINANCE_DURATIONS).map((n) => (
            <option key={n} value={n}>
              {t.t('money.months', { count: n })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-down`}>
          {t.t('money.downPayment', { currency: currencySymbol(t, t.market.currency) })}
        </label>
        <input
          id={`${id}-down`}
          name="downPayment"
          type="number"
          inputMode="numeric"
          step={1}
          min={choices ? Math.ceil(choices.minDownPayment / 100) : 0}
          max={choices ? Math.floor(choices.maxDownPayment / 100) : undefined}
          defaultValue={whole(data?.quote.downPayment.amount ?? props.choice.downPayment) ?? 0}
          aria-describedby={hint ? `${id}-hint` : undefined}
          required
        />
        {hint ? (
          <p className="money__small" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
      </div>
      <Hidden values={{ postcode: props.postcode }} />
    </>
  );
  return (
    <MoneyPanel
      anchor="finance"
      title={t.t('money.financeTitle')}
      pageUrl={props.pageUrl}
      onSubmit={submit}
      submit={t.t('money.calculate')}
      fields={fields}
      busy={query.isFetching}
    >
      {refused === 400 ? (
        <p className="money__error" role="alert">
          {t.t('money.financeInvalid')}
        </p>
      ) : query.isError ? (
        <p className="money__error">{t.t('error.unavailable')}</p>
      ) : null}
      {data && !query.isError ? <FinanceResult data={data} t={t} /> : null}
    </MoneyPanel>
  );
}

function quoteLine(quote: DeliveryQuoteView, t: Translator) {
  if (!quote.deliverable) {
    const far = quote.reason === 'too_far' ? quote : undefined;
    return t.t(`money.reason.${quote.reason}`, {
      km: t.mileage(far?.distanceKm ?? 0),
      max: t.mileage(far?.maxKm ?? 0),
    });
  }
  return quote.type === 'pickup'
    ? t.t('money.readyOn', { date: t.date(quote.earliestDate) })
    : t.t('money.deliveredOn', { date: t.date(quote.earliestDate), km: t.mileage(quote.distanceKm) });
}

function DeliveryResult({ data, t }: { readonly data: CarDelivery; readonly t: Translator }) {
  return (
    <>
      <p className="money__small">
        {t.t('money.deliveryFrom', {
          city: data.origin.city,
          postcode: data.arrival,
          area: data.destination?.areaName ?? '–',
        })}
      </p>
      <ul className="money__quotes">
        {data.quotes.map((quote) => (
          <li key={quote.type} className={quote.deliverable ? undefined : 'is-off'}>
            <span className="money__type">{t.t(`money.type.${quote.type}`)}</span>
            <strong className="money__price">
              {quote.deliverable
                ? quote.price.amount === 0
                  ? t.t('money.free')
                  : t.price(quote.price)
                : '—'}
            </strong>
            <span className="money__small">{quoteLine(quote, t)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function DeliveryWidget(props: {
  readonly carId: string;
  readonly pageUrl: string;
  readonly postcode: string | undefined;
  readonly onPostcode: (postcode: string) => void;
  readonly choice: FinanceChoice;
}) {
  const t = useTranslator();
  const id = useId();
  const query = useQuery({
    ...carDeliveryQuery(t.locale, props.carId, props.postcode ?? ''),
    enabled: Boolean(props.postcode),
    placeholderData: keepPreviousData,
  });
  // A postcode the route table refuses never leaves the browser (RouteError); the server's 400 the same.
  const invalid = query.isError && (status(query.error) === 400 || !(query.error instanceof ApiError));
  const fields = (
    <>
      <div className="field">
        <label htmlFor={`${id}-postcode`}>{t.t('money.postcode')}</label>
        <input
          id={`${id}-postcode`}
          name="postcode"
          type="text"
          autoComplete="postal-code"
          maxLength={16}
          defaultValue={props.postcode}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        />
        <p className="money__small" id={`${id}-hint`}>
          {t.t('money.postcodeHint')}
        </p>
      </div>
      <Hidden
        values={{
          durationMonths: props.choice.durationMonths,
          downPayment: whole(props.choice.downPayment),
        }}
      />
    </>
  );
  return (
    <MoneyPanel
      anchor="delivery"
      title={t.t('money.deliveryTitle')}
      pageUrl={props.pageUrl}
      onSubmit={(form) => props.onPostcode(String(form.get('postcode') ?? '').trim())}
      submit={t.t('money.showPrices')}
      fields={fields}
      busy={query.isFetching}
    >
      {invalid ? (
        <p className="money__error" id={`${id}-error`} role="alert">
          {t.t('money.postcodeInvalid', { hint: t.t('money.postcodeHint') })}
        </p>
      ) : query.isError ? (
        <p className="money__error">{t.t('error.unavailable')}</p>
      ) : query.data ? (
        <DeliveryResult data={query.data} t={t} />
      ) : null}
    </MoneyPanel>
  );
}

/** Asks whether the car is still on sale now, when the page comes into view, and tells the page's car query. */
function useCurrentStatus(locale: Locale, carId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const check = async () => {
      const path = urlFor('ajax_get_is_car_booked', locale, { idApi: carId });
      const response = await fetch(path, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok) return;
      const { status } = (await response.json()) as { status: CarStatus };
      queryClient.setQueryData(carQuery(carId).queryKey, (car) =>
        car && car.status !== status ? { ...car, status } : car,
      );
    };
    const recheck = () => {
      if (document.visibilityState === 'visible') check().catch(() => {});
    };
    recheck();
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('pageshow', recheck);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('pageshow', recheck);
    };
  }, [queryClient, locale, carId]);
}

/** Both widgets, sharing the choice and the postcode so that each form carries the other's. */
export function CarMoneyTools(props: CarMoneyToolsProps) {
  const t = useTranslator();
  useCurrentStatus(t.locale, props.carId);
  const [choice, setChoice] = useState(props.finance);
  // Whether the buyer asked in this page (then the SPEC's POST), or the page's URL did (its loader's GET).
  const [asked, setAsked] = useState(false);
  const [postcode, setPostcode] = useState(props.postcode);
  return (
    <div className="car-detail__money">
      <FinanceWidget
        carId={props.carId}
        pageUrl={props.pageUrl}
        choice={choice}
        asked={asked}
        onChoice={(next) => {
          setAsked(true);
          setChoice(next);
        }}
        postcode={postcode}
      />
      <DeliveryWidget
        carId={props.carId}
        pageUrl={props.pageUrl}
        postcode={postcode}
        onPostcode={setPostcode}
        choice={choice}
      />
    </div>
  );
}
