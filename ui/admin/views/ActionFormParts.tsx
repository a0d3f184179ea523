/**
 * What every staff command's form shares (FunnelActions.tsx, CarActions.tsx): its key, the required
 * reason recorded with the command and its check, the confirm and close buttons, the answer's notice.
 */
import type { Ref } from 'react';
import { useAdminT } from '../AdminContext.tsx';

/** The longest reason a command takes (the API refuses more). */
export const MAX_REASON = 500;

/** What is wrong with a typed reason, if anything. */
export type ReasonProblem = 'required' | 'tooLong';

export function reasonProblem(text: string): ReasonProblem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > MAX_REASON ? 'tooLong' : undefined;
}

/** A fresh `Idempotency-Key` for one opened form. */
export function newCommandKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What a command's answer left to say: done, overtaken (409, what is allowed now), refused, failed. */
export type ActionNotice<Command extends string> =
  | { readonly kind: 'done'; readonly command: Command }
  | { readonly kind: 'conflict'; readonly allowed: readonly string[] }
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'failed' };

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
