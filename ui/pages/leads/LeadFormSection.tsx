/**
 * A lead form (domain/leads/README.md): a real `<form method="post">` to its lead call with the CSRF
 * field, the consent box and its text's version, and a honeypot people never see. Without JavaScript
 * the server answers 303 to the thank-you page (or back with the messages by field). With it, the form
 * is sent by `fetch` and the thanks, or the messages by field, are shown in place; anything unexpected
 * (a lost connection) falls back to the plain post.
 */
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { HONEYPOT_FIELD, LEAD_CONSENT_VERSION } from '../../../domain/leads/leadFields.ts';
import type { FormFlash } from '../../router/AppRouterContext.ts';
import { CSRF_PLACEHOLDER, FORM_KEY_PLACEHOLDER } from './csrfPlaceholder.ts';
import { newSendKey, sendLead } from './leadSend.ts';
import type { LeadMessages } from './messages/fr.ts';

type ErrorField = keyof LeadMessages['errors'];

export interface LeadChoice {
  readonly value: string;
  readonly label: string;
}

export interface LeadFormSectionProps {
  /** Ids of the form's elements start with it. */
  readonly id: string;
  readonly action: string;
  readonly title: string;
  readonly intro?: string;
  readonly messages: LeadMessages;
  /** The page the form is on (recorded with the lead). */
  readonly sourcePage: string;
  /** The landing page (content item id) the form is on (recorded with the lead: its lead count). */
  readonly landingPage?: string;
  /** Where a refused plain post comes back to (its messages shown there). */
  readonly back: string;
  /** Ask the postcode (leads routed to the nearest dealer). */
  readonly postcode?: boolean;
  /** A dealer to choose (the hub's form). */
  readonly dealers?: readonly LeadChoice[];
  /** A subject to choose (the contact page's, the B2B fleet size). */
  readonly topics?: {
    readonly label: string;
    readonly placeholder: string;
    readonly options: readonly LeadChoice[];
  };
  /** Ask the company (the B2B form). */
  readonly company?: boolean;
  /** A personal page's token; else the placeholder the server fills (cached pages). */
  readonly csrfToken?: string;
  /** A refused plain post's messages and values. */
  readonly flash?: FormFlash | null;
  /** Beside the form (the customer service panel). */
  readonly aside?: ReactNode;
}

function errorsOf(fields: Readonly<Record<string, readonly string[]>> | undefined): Set<string> {
  return new Set(Object.keys(fields ?? {}).map((name) => name.replace(/^body\./, '')));
}

export function LeadFormSection(props: LeadFormSectionProps) {
  const { id, messages: m } = props;
  const [errors, setErrors] = useState<Set<string>>(() => errorsOf(props.flash?.fields));
  const [formError, setFormError] = useState<string | null>(
    props.flash && Object.keys(props.flash.fields).length > 0 ? m.refused : null,
  );
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const plain = useRef(false);
  const thanks = useRef<HTMLHeadingElement>(null);
  const values = props.flash?.values ?? {};

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (plain.current) return;
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && name !== '_csrf') body.append(name, value);
    }
    key.current ??= newSendKey();
    setBusy(true);
    let response: Response;
    try {
      response = await sendLead(props.action, body, key.current);
    } catch {
      setBusy(false);
      plain.current = true;
      form.requestSubmit();
      return;
    }
    setBusy(false);
    if (response.ok) {
      key.current = null;
      setSent(true);
      requestAnimationFrame(() => thanks.current?.focus());
      return;
    }
    if (response.status === 400) {
      const answer = (await response.json().catch(() => null)) as {
        fields?: Record<string, string[]>;
      } | null;
      setErrors(errorsOf(answer?.fields));
      setFormError(m.refused);
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setFormError(response.status === 429 ? m.rateLimited : m.failed);
  };

  if (sent) {
    return (
      <section className="form panel lead-thanks" aria-labelledby={`${id}-thanks`}>
        <div role="status">
          <h2 id={`${id}-thanks`} ref={thanks} tabIndex={-1}>
            {m.thanks.title}
          </h2>
          <p>{m.thanks.text}</p>
        </div>
      </section>
    );
  }

  const field = (name: ErrorField) => {
    const invalid = errors.has(name);
    return {
      id: `${id}-${name}`,
      name,
      'aria-invalid': invalid ? (true as const) : undefined,
      'aria-describedby': invalid ? `${id}-${name}-error` : undefined,
      defaultValue: values[name],
    };
  };
  const error = (name: ErrorField) =>
    errors.has(name) ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {m.errors[name]}
      </p>
    ) : null;
  const label = (name: string, text: string, required: boolean) => (
    <label htmlFor={`${id}-${name}`}>
      {text}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );

  return (
    <form
      id={id}
      className="form panel lead-form"
      method="post"
      action={props.action}
      aria-labelledby={`${id}-title`}
      aria-busy={busy || undefined}
      onSubmit={onSubmit}
      noValidate={false}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      {props.intro ? <p>{props.intro}</p> : null}
      <p className="form__note">{m.required}</p>
      {formError ? (
        <div className="notice notice--warning" role="alert">
          {formError}
        </div>
      ) : null}
      {/*
        A cached page's placeholder is rendered on the server only: the browser keeps the visitor's token
        the server put in its place (given a value, hydration would put the placeholder back).
      */}
      <input
        type="hidden"
        name="_csrf"
        defaultValue={props.csrfToken ?? (typeof window === 'undefined' ? CSRF_PLACEHOLDER : undefined)}
        suppressHydrationWarning
      />
      <input
        type="hidden"
        name="formKey"
        defaultValue={typeof window === 'undefined' ? FORM_KEY_PLACEHOLDER : undefined}
        suppressHydrationWarning
      />
      <input type="hidden" name="_back" value={props.back} />
      <input type="hidden" name="sourcePage" value={props.sourcePage} />
      {props.landingPage ? <input type="hidden" name="landingPage" value={props.landingPage} /> : null}
      <input type="hidden" name="consentVersion" value={LEAD_CONSENT_VERSION} />
      <div className="form__fields">
        {props.company ? (
          <div className="field field--wide">
            {label('company', m.company, false)}
            <input type="text" maxLength={120} autoComplete="organization" {...field('company')} />
            {error('company')}
          </div>
        ) : null}
        <div className="field">
          {label('firstName', m.firstName, true)}
          <input type="text" required maxLength={100} autoComplete="given-name" {...field('firstName')} />
          {error('firstName')}
        </div>
        <div className="field">
          {label('lastName', m.lastName, true)}
          <input type="text" required maxLength={100} autoComplete="family-name" {...field('lastName')} />
          {error('lastName')}
        </div>
        <div className="field">
          {label('email', m.email, true)}
          <input type="email" required maxLength={254} autoComplete="email" {...field('email')} />
          {error('email')}
        </div>
        <div className="field">
          {label('phone', m.phone, false)}
          <input type="tel" maxLength={20} autoComplete="tel" {...field('phone')} />
          {error('phone')}
        </div>
        {props.postcode ? (
          <div className="field">
            {label('postcode', m.postcode, true)}
            <input
              type="text"
              required
              maxLength={10}
              autoComplete="postal-code"
              {...field('postcode')}
              aria-describedby={[`${id}-postcode-help`, errors.has('postcode') ? `${id}-postcode-error` : '']
                .filter(Boolean)
                .join(' ')}
            />
            <p id={`${id}-postcode-help`} className="field__help">
              {m.postcodeHelp}
            </p>
            {error('postcode')}
          </div>
        ) : null}
        {props.dealers ? (
          <div className="field">
            {label('dealerId', m.dealer, true)}
            <select required {...field('dealerId')} defaultValue={values.dealerId ?? ''}>
              <option value="" disabled>
                {m.chooseDealer}
              </option>
              {props.dealers.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
            {error('dealerId')}
          </div>
        ) : null}
        {props.topics ? (
          <div className="field field--wide">
            {label('topic', props.topics.label, true)}
            <select required {...field('topic')} defaultValue={values.topic ?? ''}>
              <option value="" disabled>
                {props.topics.placeholder}
              </option>
              {props.topics.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {error('topic')}
          </div>
        ) : null}
        <div className="field field--wide">
          {label('message', m.message, true)}
          <textarea rows={6} required minLength={10} maxLength={2000} {...field('message')} />
          {error('message')}
        </div>
        <div className="field field--wide field--check">
          <input
            id={`${id}-consent`}
            name="consent"
            type="checkbox"
            value="yes"
            required
            defaultChecked={values.consent === 'yes'}
            aria-invalid={errors.has('consent') || undefined}
            aria-describedby={errors.has('consent') ? `${id}-consent-error` : undefined}
          />
          {label('consent', m.consent, true)}
          {error('consent')}
        </div>
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>{m.honeypot}</label>
          <input
            id={`${id}-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? m.sending : m.send}
      </button>
    </form>
  );
}
