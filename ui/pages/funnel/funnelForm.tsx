/**
 * The funnel screens' forms (purchase, booking): a real `<form method="post">` to a SPEC call with the
 * session's CSRF field and the page to come back to (`_back`) when it is refused; its fields show the
 * messages and the values a post left (`FormFlash`). Without JavaScript the server answers 303.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { FormFlash } from '../../router/AppRouterContext.ts';

interface FormContext {
  readonly csrfToken: string;
  readonly back: string;
  readonly flash: FormFlash | null;
  /** The words by a refused field (the server's messages are not in the buyer's language). */
  readonly invalid: string;
}

const Context = createContext<FormContext | null>(null);

export function FormProvider(props: FormContext & { readonly children: ReactNode }) {
  const { children, ...value } = props;
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useForm(): FormContext {
  const form = useContext(Context);
  if (!form) throw new Error('a funnel form outside FormProvider');
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
  readonly children: ReactNode;
}) {
  const form = useForm();
  return (
    <form
      id={props.id}
      method={props.get ? 'get' : 'post'}
      action={props.action}
      className={props.className ?? 'form funnel-form'}
      aria-labelledby={props.labelledBy}
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

/** Whether the last post of this page was refused (a flash with messages by field). */
export function useRefused(): boolean {
  const flash = useForm().flash;
  return flash !== null && Object.keys(flash.fields).length > 0;
}

/** A value the last post left for this page (typed in a field, or a check's answer: formPosts.ts `keep`). */
export function useFlashValue(name: string): string | undefined {
  return useForm().flash?.values[name];
}

/** A field's id and, when the last post refused it, the words by it (`FieldError`) and their id. */
function useFieldState(name: string) {
  const id = `field-${name.replaceAll('.', '-')}`;
  const refused = useFieldMessages(name).length > 0;
  const invalid = useForm().invalid;
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
}) {
  const { id, refused, errorId, error } = useFieldState(props.name);
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
}) {
  const { id, refused, errorId, error } = useFieldState(props.name);
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
