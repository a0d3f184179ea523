/**
 * The bills page of a signed-in customer: the documents we issued (each a PDF link) with "download all"
 * (a real form posting SPEC §7 `check-progress-download`: without JavaScript the answer is this page
 * with the bundle's progress, refreshing itself until the ZIP's link is there; with JavaScript the page
 * polls the call, shows a progress bar and starts the download), and the bills the buyer added for
 * their cars, per car, with the multipart form to add one (an `uploadKey` made when the page was loaded:
 * a double submit is one bill) and a remove form each.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { BundleProgressAnswer, MyBillsAnswer } from '../../../domain/bills/myBillsAnswer.ts';
import type { Locale } from '../../../domain/markets.ts';
import { Icon } from '../../components/Icon.tsx';
import { Notice } from '../../components/Notice.tsx';
import { formatDate, formatPrice } from '../../i18n/format.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import { Field, FunnelForm, Select, useFieldMessages } from '../funnel/funnelForm.tsx';
import type { AccountPageProps } from './accountPageProps.ts';
import type { AccountMessages } from './messages/fr.ts';

type Props = PageProps<AccountPageProps> & { readonly bills: MyBillsAnswer };

export function MyBills(props: Props) {
  const { messages: m, match } = props;
  return (
    <div className="account__sections">
      <Documents {...props} />
      <GarageBills {...props} />
      <p>
        <a className="more-link" href={urlFor('my_account_dashboard', match.locale)}>
          {m.bills.back} <Icon name="arrow" size={16} />
        </a>
      </p>
    </div>
  );
}

function Documents(props: Props) {
  const { messages: m, match, bills } = props;
  const locale = match.locale;
  const d = m.bills.documents;
  return (
    <section className="account__section" id="documents" aria-labelledby="documents-title">
      <h2 id="documents-title">{d.title}</h2>
      <p>{d.intro}</p>
      {bills.documents.length === 0 ? (
        <p className="account__empty">{d.empty}</p>
      ) : (
        <>
          <ul className="bill-list">
            {bills.documents.map((document) => (
              <li key={document.documentId} className="panel bill">
                <div className="bill__body">
                  <h3 id={`doc-${document.documentId}`}>{d.kinds[document.kind]}</h3>
                  <p className="bill__meta">
                    {fill(d.number, { number: document.number })} ·{' '}
                    {fill(d.issued, { date: formatDate(`${document.date}T00:00:00Z`, locale) })}
                  </p>
                  <p className="bill__car">{document.car?.name ?? d.carUnknown}</p>
                </div>
                <p className="bill__amount">{formatPrice(document.amount, locale)}</p>
                <a
                  className="btn btn--ghost bill__download"
                  href={document.url}
                  download
                  aria-describedby={`doc-${document.documentId}`}
                >
                  <Icon name="download" size={16} /> {d.download}
                </a>
              </li>
            ))}
          </ul>
          <Bundle {...props} />
        </>
      )}
    </section>
  );
}

/** "Download all": the form, and the bundle's progress once asked. */
function Bundle(props: Props) {
  const { messages: m, match, bills, csrfToken, path } = props;
  const b = m.bills.bundle;
  const action = urlFor('ajax_my_bills_check_progress_download', match.locale);
  const [progress, setProgress] = useState<BundleProgressAnswer | null>(bills.bundle);
  const [polling, setPolling] = useState(false);
  const started = useRef(false);

  const ask = useCallback(async (): Promise<BundleProgressAnswer | null> => {
    const response = await fetch(action, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    return (await response.json()) as BundleProgressAnswer;
  }, [action, csrfToken]);

  // With JavaScript: ask again every second while the bundle builds, then start the download once.
  useEffect(() => {
    if (!progress || progress.failed) return;
    if (progress.ready) {
      if (polling && progress.downloadUrl && !started.current) {
        started.current = true;
        window.location.assign(progress.downloadUrl);
      }
      return;
    }
    const timer = window.setTimeout(async () => {
      const next = await ask().catch(() => null);
      setPolling(true);
      if (next) setProgress(next);
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [progress, polling, ask]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    started.current = false;
    setPolling(true);
    const first = await ask().catch(() => null);
    // Refused (a session gone, too many asks): the form goes as without JavaScript.
    if (first) setProgress(first);
    else form.submit();
  };

  return (
    <section className="panel bill-bundle" aria-labelledby="bundle-title">
      <h3 id="bundle-title">{b.title}</h3>
      <p>{b.text}</p>
      <form method="post" action={action} className="bill-bundle__form" onSubmit={onSubmit}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="_back" value={path} />
        <button type="submit" className="btn btn--primary">
          {b.start}
        </button>
      </form>
      {progress ? <BundleProgress m={m} progress={progress} /> : null}
    </section>
  );
}

function BundleProgress(props: { m: AccountMessages; progress: BundleProgressAnswer }) {
  const { m, progress } = props;
  const b = m.bills.bundle;
  if (progress.failed) return <Notice tone="warning">{b.failed}</Notice>;
  return (
    <div className="bill-bundle__progress" role="status">
      {progress.ready ? null : (
        // Without JavaScript the page asks again by itself (with it, the script polls instead).
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <label htmlFor="bundle-progress">
        {progress.ready ? b.ready : fill(b.preparing, { done: progress.done, total: progress.total })}
      </label>
      <progress
        id="bundle-progress"
        max={Math.max(progress.total, 1)}
        value={progress.ready ? Math.max(progress.total, 1) : progress.done}
      />
      {progress.ready && progress.downloadUrl ? (
        <a className="btn btn--accent" href={progress.downloadUrl} download>
          {b.download}
        </a>
      ) : (
        <noscript>
          <p className="field__help">{b.refresh}</p>
        </noscript>
      )}
    </div>
  );
}

function GarageBills(props: Props) {
  const { messages: m, match, bills } = props;
  const locale = match.locale;
  const g = m.bills.mine;
  const dashboard = urlFor('my_account_dashboard', locale);
  return (
    <section className="account__section" id="my-bills" aria-labelledby="my-bills-title">
      <h2 id="my-bills-title">{g.title}</h2>
      <p>{g.intro}</p>
      {bills.cars.length === 0 ? (
        <p className="account__empty">
          {g.noCars} <a href={`${dashboard}#cars`}>{g.addCar}</a>
        </p>
      ) : (
        <>
          <ul className="my-cars">
            {bills.cars.map((car) => {
              const own = bills.bills.filter((bill) => bill.carId === car.carId);
              return (
                <li key={car.carId} className="panel my-car-bills">
                  <h3 id={`bills-${car.carId}`}>
                    {car.brand} {car.model} <span className="my-car-bills__year">({car.year})</span>
                  </h3>
                  {own.length === 0 ? (
                    <p className="account__empty">{g.empty}</p>
                  ) : (
                    <ul className="bill-list">
                      {own.map((bill) => (
                        <GarageBill key={bill.billId} bill={bill} m={m} locale={locale} />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          {bills.bills.length < bills.max ? <AddBill {...props} /> : <Notice>{g.tooMany}</Notice>}
        </>
      )}
    </section>
  );
}

function GarageBill(props: { bill: MyBillsAnswer['bills'][number]; m: AccountMessages; locale: Locale }) {
  const { bill, m, locale } = props;
  const g = m.bills.mine;
  const id = `bill-${bill.billId}`;
  return (
    <li className="bill bill--own">
      <div className="bill__body">
        <h4 id={id}>
          {bill.garage} · {formatDate(`${bill.date}T00:00:00Z`, locale)}
        </h4>
        {bill.description ? <p className="bill__meta">{bill.description}</p> : null}
      </div>
      <p className="bill__amount">{formatPrice(bill.amount, locale)}</p>
      <div className="bill__actions">
        <a className="btn btn--ghost" href={bill.url} download aria-describedby={id}>
          {g.download}
        </a>
        <FunnelForm action={urlFor('ajax_my_bills_delete', locale)} className="bill__remove">
          <input type="hidden" name="billId" value={bill.billId} />
          <button type="submit" className="btn btn--ghost" aria-describedby={id}>
            {g.remove}
          </button>
        </FunnelForm>
      </div>
    </li>
  );
}

function AddBill(props: Props) {
  const { messages: m, match, bills, uploadKey } = props;
  const g = m.bills.mine;
  const size = fill(g.megabytes, { n: Math.round(bills.maxBytes / 1024 / 1024) });
  const fileMessages = useFieldMessages('file');
  const formMessages = useFieldMessages('_form');
  const fileError = fileMessages.some((text) => /over/.test(text))
    ? fill(g.fileTooBig, { size })
    : fileMessages.some((text) => /missing/.test(text))
      ? g.fileMissing
      : g.fileType;
  return (
    <div className="panel">
      <FunnelForm
        action={urlFor('my_account_my_bills_add', match.locale)}
        encType="multipart/form-data"
        labelledBy="add-bill-title"
        id="add-bill"
      >
        <h3 id="add-bill-title">{g.add}</h3>
        {formMessages.includes('rate_limited') ? <Notice tone="warning">{m.form.rateLimited}</Notice> : null}
        {formMessages.includes('too_many') ? <Notice tone="warning">{g.tooMany}</Notice> : null}
        <p className="form__note">{m.form.required}</p>
        <input type="hidden" name="uploadKey" value={uploadKey} />
        <div className="form__fields">
          <Select
            name="carId"
            label={g.car}
            required
            options={bills.cars.map((car) => ({
              value: car.carId,
              label: `${car.brand} ${car.model} (${car.year})`,
            }))}
          />
          <Field name="date" type="date" label={g.date} required error={g.dateInvalid} />
          <Field name="garage" label={g.garage} required maxLength={80} autoComplete="organization" />
          <Field
            name="amount"
            label={fill(g.amount, { currency: bills.currency })}
            required
            inputMode="decimal"
            help={g.amountHelp}
            error={g.amountInvalid}
          />
          <Field name="description" label={g.description} maxLength={300} wide />
          <Field
            name="file"
            type="file"
            label={g.file}
            accept="application/pdf,image/jpeg,image/png"
            help={fill(g.fileHelp, { size })}
            error={fileError}
            required
            wide
          />
        </div>
        <button type="submit" className="btn btn--accent">
          {g.add}
        </button>
      </FunnelForm>
    </div>
  );
}
