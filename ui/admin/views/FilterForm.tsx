/**
 * A list's filters: a GET form whose fields are the list's search (without JavaScript the browser loads
 * the list's URL with them); with it, the non-empty fields are handed to `onFilter` to navigate in place.
 * `resetKey` names the search shown, so the fields start again from it after a navigation.
 */
import type { FormEvent, ReactNode } from 'react';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';

export function FilterForm(props: {
  readonly action: string;
  readonly label: string;
  readonly submitLabel: string;
  readonly resetKey: string;
  readonly onFilter: (values: Readonly<Record<string, string>>) => void;
  readonly noValidate?: boolean;
  /** The list without filters, offered beside the button. */
  readonly resetHref?: string;
  readonly children: ReactNode;
}) {
  const t = useAdminT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim()) values[name] = value.trim();
    }
    props.onFilter(values);
  };
  return (
    <form
      className="admin-filters"
      method="get"
      action={props.action}
      aria-label={props.label}
      onSubmit={submit}
      key={props.resetKey}
      noValidate={props.noValidate}
    >
      {props.children}
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button admin-button--primary">
          {props.submitLabel}
        </button>
        {props.resetHref ? <AppLink href={props.resetHref}>{t.t('list.reset')}</AppLink> : null}
      </div>
    </form>
  );
}

/** A labelled filter field: a select of `children` options, or an input with `input`'s attributes. */
export function FilterField(props: {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: string | undefined;
  readonly children?: ReactNode;
  readonly input?: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'defaultValue'>;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children ? (
        <select id={props.id} name={props.name} defaultValue={props.value ?? ''}>
          {props.children}
        </select>
      ) : (
        <input id={props.id} name={props.name} defaultValue={props.value ?? ''} {...props.input} />
      )}
    </div>
  );
}

/** A period's two date fields, `from` and `to` (days, as the lists' searches take them). */
export function DateRangeFields(props: {
  readonly idPrefix: string;
  readonly labels: { readonly from: string; readonly to: string };
  readonly value: { readonly from?: string | undefined; readonly to?: string | undefined };
}) {
  return (
    <>
      {(['from', 'to'] as const).map((name) => (
        <FilterField
          key={name}
          id={`${props.idPrefix}${name}`}
          name={name}
          label={props.labels[name]}
          value={props.value[name]}
          input={{ type: 'date' }}
        />
      ))}
    </>
  );
}
