/**
 * The funnel and account forms (ui/pages/purchase, ui/pages/booking, ui/pages/account): a real
 * `<form method="post">` to a SPEC call with the session's CSRF field and the page to come back to
 * (`_back`) when it is refused; its fields show the messages and the values a post left (`FormFlash`).
 * Without JavaScript the server answers 303. With it, the same form is sent by `fetch` asking for JSON:
 * a funnel's answer advances the page's actor (`onAnswer`) and the router moves to the page it names, a
 * refusal shows its messages in place, and anything else (a lost connection, a rate limit) falls back to
 * the plain post.
 */
import { useRouter } from '@tanstack/react-router';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FormFlash } from '../../router/AppRouterContext.ts';

/** How a form goes on once its call succeeded. */
type Onward = { readonly checkout?: boolean; readonly next?: string };

interface FormContext {
  readonly csrfToken: string;
  readonly back: string;
  readonly flash: FormFlash | null;
  /** The words by a refused field (the server's messages are not in the buyer's language). */
  readonly invalid: string;
  /** Sends a form in place (JavaScript); false when the browser should post it itself. */
  /** Whether forms are sent in place (FormProvider `inPlace`). */
  readonly inPlace: boolean;
  /** Sends a form in place (JavaScript); false when the browser should post it itself. */
  readonly send: (form: HTMLFormElement, submitter: HTMLElement | null, onward: Onward) => Promise<boolean>;
}

const Context = createContext<FormContext | null>(null);

/** A funnel's answer: where it stands now and the page it belongs on. */
export interface FunnelAnswer {
  readonly links: { readonly page: string };
  readonly checkoutUrl?: string | null;
}

const isFunnelAnswer = (answer: unknown): answer is FunnelAnswer =>
  typeof (answer as FunnelAnswer | null)?.links?.page === 'string';

/** The messages of a 400 by the form's field names (the call names them `body.…`). */
function fieldsOf(answer: unknown): Record<string, string[]> {
  const fields = (answer as { fields?: Record<string, string[]> } | null)?.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, messages]) => [name.replace(/^body\./, ''), messages]),
  );
}

/** What the buyer typed, to show again (never a password nor the form's own fields). */
function typedValues(body: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of body)
    if (!name.startsWith('_') && !/password/i.test(name)) values[name] = value;
  return values;
}

export function FormProvider(props: {
  readonly csrfToken: string;
  readonly back: string;
  readonly flash: FormFlash | null;
  readonly invalid: string;
  /** Called with a funnel's answer before moving on (the page's actor catches up). */
  readonly onAnswer?: (answer: FunnelAnswer) => void;
  /**
   * With JavaScript, send the forms in place and follow their JSON answers (the purchase screens); else
   * the browser posts them as without JavaScript (their answers are made for the server's 303s).
   */
  readonly inPlace?: boolean;
  readonly children: ReactNode;
}) {
  const { csrfToken, back, invalid, onAnswer, inPlace = false } = props;
  const router = useRouter();
  const [flash, setFlash] = useState(props.flash);
  // Each page brings its own messages (none after a move in place).
  useEffect(() => setFlash(props.flash), [props.flash]);

  const send = useCallback(
    async (form: HTMLFormElement, submitter: HTMLElement | null, onward: Onward) => {
      const body = new URLSearchParams();
      for (const [name, value] of new FormData(form, submitter)) {
        if (typeof value === 'string') body.append(name, value);
      }
      let response: Response;
      try {
        // `form.action` would be the form's field named "action", if it has one.
        response = await fetch(form.getAttribute('action') ?? back, {
          method: 'POST',
          body,
          headers: { accept: 'application/json' },
          credentials: 'same-origin',
        });
      } catch {
        return false;
      }
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok) {
        if (!isFunnelAnswer(answer)) {
          // Signed in or up: a new session and token, so the next page is loaded afresh.
          window.location.assign(onward.next ?? back);
          return true;
        }
        if (onward.checkout && answer.checkoutUrl) {
          window.location.assign(answer.checkoutUrl);
          return true;
        }
        onAnswer?.(answer);
        setFlash(null);
        // The same screen (a valuation shown, a simulation): its data again; another: moved to in place.
        if (answer.links.page === router.state.location.pathname) await router.invalidate();
        else await router.navigate({ href: answer.links.page });
        document.getElementById('step-title')?.focus();
        return true;
      }
      if (response.status === 400 || response.status === 401) {
        const fields = response.status === 401 ? { password: ['refused'] } : fieldsOf(answer);
        setFlash({ path: back, fields, values: typedValues(body) });
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return true;
      }
      const stands = (answer as { page?: unknown } | null)?.page;
      if (response.status === 409 && typeof stands === 'string' && stands.startsWith('/')) {
        // A step the purchase is past (another tab, a hold that ran out): the page where it stands.
        await router.navigate({ href: stands });
        return true;
      }
      // A rate limit, an outage: the plain post says it as without JavaScript.
      return false;
    },
    [back, onAnswer, router],
  );

  const value = useMemo(
    () => ({ csrfToken, back, flash, invalid, inPlace, send }),
    [csrfToken, back, flash, invalid, inPlace, send],
  );
  return <Context.Provider value={value}>{props.children}</Context.Provider>;
}

function useForm(): FormContext {
  const form = useContext(Context);
  if (!form) throw new Error('a form outside FormProvider');
  return form;
}

export function FunnelForm(props: {
  readonly action: string;
  readonly id?: string;
  readonly className?: string;
  /** A GET form (a simulation on the same page): no CSRF, nothing written. */
  readonly get?: boolean;
  readonly labelledBy?: string;
  /** Where to go once it succeeded (a page of ours), when the call itself does not say. */
  readonly next?: string;
  /** The call answers a payment to make: on to the provider's checkout. */
  readonly checkout?: boolean;
  /** `multipart/form-data` for a form with a file. */
  readonly encType?: 'multipart/form-data';
  readonly children: ReactNode;
}) {
  const form = useForm();
  const router = useRouter();
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    if (props.get && form.inPlace) {
      // A simulation: the same screen with its query, moved to in place (no page load, same scroll).
      event.preventDefault();
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(element, (event.nativeEvent as SubmitEvent).submitter)) {
        if (typeof value === 'string') query.append(name, value);
      }
      setBusy(true);
      await router
        .navigate({ href: `${props.action}?${query}`, resetScroll: false })
        .finally(() => setBusy(false));
      return;
    }
    // A GET form without the screen's script, a file to upload: the browser sends them itself.
    if (props.get || props.encType || !form.inPlace || element.dataset.plain === 'true') return;
    event.preventDefault();
    // A second press while the first is on its way is the same command: nothing more is sent.
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const onward = {
      ...(props.next ? { next: props.next } : {}),
      ...(props.checkout ? { checkout: true } : {}),
    };
    const handled = await form.send(element, submitter, onward).catch(() => false);
    sending.current = false;
    setBusy(false);
    if (!handled) {
      element.dataset.plain = 'true';
      element.requestSubmit(submitter);
    }
  };
  return (
    <form
      id={props.id}
      method={props.get ? 'get' : 'post'}
      action={props.action}
      className={props.className ?? 'form funnel-form'}
      aria-labelledby={props.labelledBy}
      aria-busy={busy || undefined}
      onSubmit={onSubmit}
      encType={props.encType}
    >
      {props.get ? null : (
        <>
          <input type="hidden" name="_csrf" value={form.csrfToken} />
          <input type="hidden" name="_back" value={form.back} />
          {props.next ? <input type="hidden" name="_next" value={props.next} /> : null}
        </>
      )}
      {props.children}
    </form>
  );
}

/** The value a refused post left for `name`, else `fallback`. */
export function useFieldValue(name: string, fallback?: string): string | undefined {
  return useForm().flash?.values[name] ?? fallback;
}

/** The messages a refused post left for `name` (its dotted path in the body). */
export function useFieldMessages(name: string): readonly string[] {
  return useForm().flash?.fields[name] ?? [];
}

/** The words by a refused field, in the buyer's language. */
export function useInvalidText(): string {
  return useForm().invalid;
}

/** Whether the last post of this page was refused (a flash with messages by field). */
export function useRefused(): boolean {
  const flash = useForm().flash;
  return flash !== null && Object.keys(flash.fields).length > 0;
}

/** A value the last post left for this page (typed in a field, or a check's answer: formPosts.ts `keep`). */
export function useFlashValue(name: string): string | undefined {
  return useForm().flash?.values[name];
}

/**
 * A field's id and, when the last post refused it, the words by it (`error`: the field's own, else the
 * form's generic "check this field") and their id.
 */
function useFieldState(name: string, options: { readonly error?: string; readonly idPrefix?: string } = {}) {
  const id = `${options.idPrefix ?? 'field'}-${name.replaceAll('.', '-')}`;
  const refused = useFieldMessages(name).length > 0;
  const form = useForm();
  const invalid = options.error ?? form.invalid;
  const errorId = refused ? `${id}-error` : undefined;
  const error = errorId ? (
    <p id={errorId} className="field__error">
      {invalid}
    </p>
  ) : null;
  return { id, refused: refused ? true : undefined, errorId, error };
}

/** A labelled input with its messages (`aria-describedby`, `aria-invalid`). */
export function Field(props: {
  readonly name: string;
  readonly label: string;
  readonly type?: string;
  readonly required?: boolean;
  readonly value?: string | number | null | undefined;
  readonly autoComplete?: string;
  readonly inputMode?: 'numeric' | 'decimal' | 'email' | 'tel';
  readonly min?: number;
  readonly max?: number;
  readonly help?: string;
  readonly wide?: boolean;
  /** The words by the field when refused (default: the form's generic "check this field"). */
  readonly error?: string;
  /** A form of several on the page: ids made unique with it. */
  readonly idPrefix?: string;
  readonly maxLength?: number;
  readonly accept?: string;
}) {
  const { id, refused, errorId, error } = useFieldState(props.name, {
    ...(props.error ? { error: props.error } : {}),
    ...(props.idPrefix ? { idPrefix: props.idPrefix } : {}),
  });
  const value = useFieldValue(props.name, props.value == null ? undefined : String(props.value));
  const described = [props.help ? `${id}-help` : '', errorId ?? ''].filter(Boolean).join(' ');
  return (
    <div className={props.wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        required={props.required}
        defaultValue={value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        min={props.min}
        max={props.max}
        maxLength={props.maxLength}
        accept={props.accept}
        aria-invalid={refused}
        aria-describedby={described || undefined}
      />
      {props.help ? (
        <p id={`${id}-help`} className="field__help">
          {props.help}
        </p>
      ) : null}
      {error}
    </div>
  );
}

/** A labelled select with its messages. */
export function Select(props: {
  readonly name: string;
  readonly label: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly value?: string | null;
  readonly required?: boolean;
}) {
  const { id, refused, errorId, error } = useFieldState(props.name);
  const value = useFieldValue(props.name, props.value ?? undefined);
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={props.name}
        required={props.required}
        defaultValue={value}
        aria-invalid={refused}
        aria-describedby={errorId}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error}
    </div>
  );
}

/** A submit button (accent, or ghost for a secondary choice), optionally sending `name=value`. */
export function Submit(props: {
  readonly label: string;
  readonly name?: string;
  readonly value?: string;
  readonly ghost?: boolean;
}) {
  return (
    <button
      type="submit"
      className={props.ghost ? 'btn btn--ghost' : 'btn btn--accent'}
      name={props.name}
      value={props.value}
    >
      {props.label}
    </button>
  );
}

/** A labelled checkbox (`value="true"`) with its messages. */
export function Check(props: {
  readonly name: string;
  readonly label: string;
  readonly required?: boolean;
  readonly checked?: boolean;
  /** The words by the box when refused (default: the form's generic "check this field"). */
  readonly error?: string;
}) {
  const { id, refused, errorId, error } = useFieldState(
    props.name,
    props.error ? { error: props.error } : {},
  );
  // After a post, the box as it was sent (an unticked box sends nothing).
  const flash = useForm().flash;
  const checked = flash ? ['true', 'on'].includes(flash.values[props.name] ?? '') : props.checked;
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        name={props.name}
        value="true"
        required={props.required}
        defaultChecked={checked}
        aria-invalid={refused}
        aria-describedby={errorId}
      />
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {error}
    </div>
  );
}
