/**
 * What every staff command's form ends with (FunnelActions.tsx, CarActions.tsx): the required reason,
 * recorded with the command, and the confirm and close buttons.
 */
import type { Ref } from 'react';
import { useAdminT } from '../AdminContext.tsx';

/** The longest reason a command takes (the API refuses more). */
export const MAX_REASON = 500;

export function ReasonField(props: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field’s message after a refused submit, else null. */
  readonly message: string | null;
  readonly inputRef: Ref<HTMLTextAreaElement>;
}) {
  const t = useAdminT();
  const { id, message } = props;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{t.t('actions.reason')}</label>
      <textarea
        ref={props.inputRef}
        id={id}
        name="reason"
        rows={3}
        maxLength={MAX_REASON}
        required
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error ${id}-hint` : `${id}-hint`}
      />
      <p className="admin-field__hint" id={`${id}-hint`}>
        {t.t('actions.reasonHint')}
      </p>
      {message ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function ActionFormButtons({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  const t = useAdminT();
  return (
    <div className="admin-actions__buttons">
      <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
        {pending ? t.t('actions.sending') : t.t('actions.confirm')}
      </button>
      <button type="button" className="admin-button" onClick={onClose}>
        {t.t('actions.close')}
      </button>
    </div>
  );
}
