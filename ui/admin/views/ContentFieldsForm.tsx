/** A content kind's fields as form inputs (contentApi.ts CONTENT_FORMS), with a refusal's messages by each field. */
import type { ContentKind } from '../../../domain/content/items/contentKinds.ts';
import { useAdminT } from '../AdminContext.tsx';
import type { AdminKey } from '../adminTranslator.ts';
import { CONTENT_FORMS, fieldLabel } from '../contentApi.ts';
import { BlogImageField } from './BlogImageField.tsx';

/** The kind's fields from a form's data (numbers as numbers; the server checks the rest). */
export function fieldsOf(kind: ContentKind, form: FormData): Record<string, unknown> {
  return Object.fromEntries(
    CONTENT_FORMS[kind].map((field) => {
      const value = String(form.get(field.name) ?? '');
      return [field.name, field.input === 'number' && value.trim() !== '' ? Number(value) : value];
    }),
  );
}

export function ContentFieldsForm(props: {
  kind: ContentKind;
  idPrefix: string;
  values: Readonly<Record<string, unknown>>;
  problems: Readonly<Record<string, readonly string[]>>;
}) {
  const t = useAdminT();
  return (
    <>
      {CONTENT_FORMS[props.kind].map((field) => {
        const id = `${props.idPrefix}-${field.name}`;
        const problem = props.problems[`fields.${field.name}`];
        const value = props.values[field.name];
        const common = {
          id,
          name: field.name,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${id}-error` : undefined,
        } as const;
        return (
          <div className="admin-field" key={field.name}>
            <label htmlFor={id}>{fieldLabel(t, field.name)}</label>
            {field.input === 'select' ? (
              <select {...common} defaultValue={String(value ?? field.options[0])}>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {t.t(`contentItems.topics.${option}` as AdminKey)}
                  </option>
                ))}
              </select>
            ) : field.input === 'image' ? (
              <BlogImageField common={common} value={String(value ?? '')} />
            ) : field.input === 'textarea' ? (
              <textarea {...common} rows={4} defaultValue={String(value ?? '')} />
            ) : (
              <input
                {...common}
                type={field.input === 'number' ? 'number' : field.input === 'date' ? 'date' : 'text'}
                defaultValue={value === undefined ? '' : String(value)}
              />
            )}
            {problem ? (
              <p id={`${id}-error`} className="admin-field__error">
                {problem.join(' ')}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
