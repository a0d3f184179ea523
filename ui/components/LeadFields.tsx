/**
 * Fields that the lead forms (contact, B2B) share, built on FormField so that labels, ids and the
 * browser's validation attributes stay the same everywhere: who is asking, a choice from a list, the
 * message.
 */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { FormField } from './FormField.tsx';

const NAMES = [
  { part: 'first', name: 'firstName', autoComplete: 'given-name' },
  { part: 'last', name: 'lastName', autoComplete: 'family-name' },
] as const;

/** First and last name, e-mail and phone; ids are `${idPrefix}-first-name` and so on. */
export function PersonFields(props: {
  readonly idPrefix: string;
  /** Autocomplete the work mailbox and phone (a business asking). */
  readonly work?: boolean;
  readonly phoneRequired?: boolean;
}) {
  const t = useTranslator();
  const { idPrefix } = props;
  const section = props.work ? 'work ' : '';
  return (
    <>
      {NAMES.map(({ part, name, autoComplete }) => (
        <FormField
          key={name}
          id={`${idPrefix}-${part}-name`}
          name={name}
          label={t.t(`contact.${name}`)}
          required
          maxLength={80}
          autoComplete={autoComplete}
        />
      ))}
      <FormField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label={t.t('contact.email')}
        required
        maxLength={254}
        autoComplete={`${section}email`}
      />
      <FormField
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label={t.t('contact.phone')}
        required={props.phoneRequired}
        maxLength={20}
        pattern="[+0-9 ().\-]{6,20}"
        autoComplete={`${section}tel`}
      />
    </>
  );
}

/** A required select over the full width that starts on a disabled "choose…" option. */
export function ChoiceField(props: {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly placeholder: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
}) {
  return (
    <FormField as="select" id={props.id} name={props.name} label={props.label} required wide defaultValue="">
      <option value="" disabled>
        {props.placeholder}
      </option>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormField>
  );
}

/** The required free-text message, over the full width. */
export function MessageField(props: { readonly id: string; readonly label: string }) {
  return (
    <FormField
      as="textarea"
      id={props.id}
      name="message"
      label={props.label}
      required
      wide
      minLength={10}
      maxLength={2000}
    />
  );
}
