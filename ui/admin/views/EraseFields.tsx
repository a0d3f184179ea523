/**
 * The reason and the "cannot be undone" box of an erasure form (a customer's, a visitor's), each with its
 * message by the field: `<idPrefix>-reason`, `<idPrefix>-confirm` and their `-error`.
 */
import { ERASE_REASON_MAX } from '../../../domain/customers/customerEvents.ts';
import { useAdminT } from '../AdminContext.tsx';

export function EraseFields({
  idPrefix,
  reasonError,
  confirmError,
  defaultReason,
  reasonRows = 3,
}: {
  idPrefix: string;
  reasonError: string | undefined;
  confirmError: string | undefined;
  defaultReason: string;
  reasonRows?: number;
}) {
  const t = useAdminT();
  const invalid = (name: 'reason' | 'confirm', error: string | undefined) =>
    error ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${name}-error` } : {};
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-reason`}>{t.t('customers.eraseReason')}</label>
        <textarea
          id={`${idPrefix}-reason`}
          name="reason"
          rows={reasonRows}
          maxLength={ERASE_REASON_MAX}
          required
          defaultValue={defaultReason}
          {...invalid('reason', reasonError)}
        />
        {reasonError ? (
          <p className="admin-field__error" id={`${idPrefix}-reason-error`}>
            {reasonError}
          </p>
        ) : null}
      </div>
      <div className="admin-check">
        <input
          id={`${idPrefix}-confirm`}
          name="confirm"
          type="checkbox"
          value="yes"
          required
          {...invalid('confirm', confirmError)}
        />
        <label htmlFor={`${idPrefix}-confirm`}>{t.t('customers.eraseConfirm')}</label>
        {confirmError ? (
          <p className="admin-field__error" id={`${idPrefix}-confirm-error`}>
            {confirmError}
          </p>
        ) : null}
      </div>
    </>
  );
}
