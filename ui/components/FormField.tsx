/**
 * A labelled form control (input, select or textarea) with the browser's own validation attributes
 * (`required`, `type`, `maxLength`, `pattern`, `autoComplete`): the label is tied to the control and a
 * required field says so with an asterisk (the form explains it).
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface Common {
  readonly id: string;
  readonly label: string;
  readonly required?: boolean;
  /** Spans both columns of a two-column form. */
  readonly wide?: boolean;
}

type FieldProps = Common &
  (
    | ({ readonly as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>)
    | ({ readonly as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>)
    | ({ readonly as: 'select'; readonly children: ReactNode } & Omit<
        SelectHTMLAttributes<HTMLSelectElement>,
        'id'
      >)
  );

export function FormField(props: FieldProps) {
  const { id, label, required, wide, ...rest } = props;
  const name = rest.name ?? id;
  let control: ReactNode;
  if (rest.as === 'textarea') {
    const { as: _, ...attributes } = rest;
    control = <textarea id={id} name={name} required={required} rows={6} {...attributes} />;
  } else if (rest.as === 'select') {
    const { as: _, children, ...attributes } = rest;
    control = (
      <select id={id} name={name} required={required} {...attributes}>
        {children}
      </select>
    );
  } else {
    const { as: _, ...attributes } = rest;
    control = <input id={id} name={name} required={required} type="text" {...attributes} />;
  }
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
    </div>
  );
}
