/**
 * The detail pages' "Actions" panel: one button per staff command the funnel allows now (the detail's
 * `allowedCommands`), shown only to the roles that may act (sales, admin). A button opens a small form
 * with the required reason (1–500 characters, checked here and by the API: its 400 `fields` land by
 * the field), the command's own field (finance decision, minutes of a purchase's or a booking's hold
 * extension, booking cancel code) and a confirm
 * button. The form sends with the CSRF token and one `Idempotency-Key` drawn when it opened, so a
 * double click or a retry is one command. Afterwards the detail is asked again (the query invalidated)
 * and the outcome said: done (role=status), another change came first (409, with what is allowed now),
 * forbidden (403).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CANCEL_REASONS, type CancelReason } from '../../../domain/booking/events.ts';
import { MAX_HOLD_EXTENSION_MINUTES } from '../../../domain/purchase/purchasePolicy.ts';
import { type StaffRole, staffMayAct } from '../../../domain/staff/staffRoles.ts';
import { useAdminT } from '../AdminContext.tsx';
import {
  AdminApiError,
  COMMAND_PATHS,
  type FunnelCollection,
  meQuery,
  type StaffCommand,
  sendCommand,
} from '../adminApi.ts';
import {
  ActionFormButtons,
  type ActionNotice,
  newCommandKey,
  ReasonField,
  type ReasonProblem,
  reasonProblem,
} from './ActionFormParts.tsx';

const PURCHASE_COMMANDS: readonly StaffCommand[] = [
  'CancelPurchase',
  'RecordFinanceDecision',
  'LoseHold',
  'ExtendHold',
  'RecordHandover',
];
const BOOKING_COMMANDS: readonly StaffCommand[] = [
  'CancelBooking',
  'ReleaseBookingHold',
  'ExtendBookingHold',
  'RefundDeposit',
];
/** The commands with a number of minutes (a purchase's or a booking's hold extended; the same limit). */
const EXTENSIONS: ReadonlySet<StaffCommand> = new Set(['ExtendHold', 'ExtendBookingHold']);

/** The commands of `allowed` a staff member can send on this kind of funnel, in a steady order. */
export function offeredCommands(kind: FunnelCollection, allowed: readonly string[]): StaffCommand[] {
  return (kind === 'purchases' ? PURCHASE_COMMANDS : BOOKING_COMMANDS).filter((c) => allowed.includes(c));
}

/** Whether a staff member's roles may send the commands (sales, admin; analysts and content never). */
export function mayActOnFunnels(roles: readonly StaffRole[]): boolean {
  return staffMayAct(roles, ['sales']);
}

type Notice = ActionNotice<StaffCommand>;

interface Errors {
  readonly reason?: ReasonProblem;
  readonly minutes?: boolean;
}

export function FunnelActions({
  kind,
  id,
  allowedCommands,
}: {
  kind: FunnelCollection;
  id: string;
  allowedCommands: readonly string[];
}) {
  const t = useAdminT();
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ command: StaffCommand; key: string } | null>(null);
  const [reason, setReason] = useState('');
  const [decision, setDecision] = useState<'accepted' | 'declined'>('accepted');
  const [minutes, setMinutes] = useState('60');
  const [code, setCode] = useState<CancelReason>('customer_request');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const minutesRef = useRef<HTMLInputElement>(null);
  // A second click before the first answer is dropped here (and would be one command by its key anyway).
  const sending = useRef(false);

  const mutation = useMutation({
    mutationFn: (input: { command: StaffCommand; key: string; body: Record<string, unknown> }) =>
      sendCommand(kind, id, input.command, input.body, input.key),
  });

  useEffect(() => {
    if (open) reasonRef.current?.focus();
  }, [open]);

  if (!me.data || !mayActOnFunnels(me.data.roles)) return null;
  const offered = offeredCommands(kind, allowedCommands);
  const label = (command: string) =>
    command in COMMAND_PATHS ? t.t(`actions.command.${command as StaffCommand}`) : command;
  // The funnel, and its car (a release or a cancellation frees it: CarActions.tsx).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', kind, id] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'cars'] }),
    ]);

  const openForm = (command: StaffCommand) => {
    setOpen({ command, key: newCommandKey() });
    setReason('');
    setErrors({});
    setNotice(null);
    mutation.reset();
  };
  const close = () => {
    setOpen(null);
    setErrors({});
  };

  const check = (): Errors => {
    const minutesValue = Number(minutes);
    const problem = reasonProblem(reason);
    return {
      ...(problem ? { reason: problem } : {}),
      ...(open &&
      EXTENSIONS.has(open.command) &&
      !(Number.isInteger(minutesValue) && minutesValue >= 1 && minutesValue <= MAX_HOLD_EXTENSION_MINUTES)
        ? { minutes: true }
        : {}),
    };
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    if (found.reason) reasonRef.current?.focus();
    else if (found.minutes) minutesRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!open || sending.current) return;
    const found = check();
    if (found.reason || found.minutes) return showErrors(found);
    setErrors({});
    const body: Record<string, unknown> = { reason: reason.trim() };
    if (open.command === 'RecordFinanceDecision') body.decision = decision;
    if (EXTENSIONS.has(open.command)) body.minutes = Number(minutes);
    if (open.command === 'CancelBooking') body.code = code;
    sending.current = true;
    try {
      await mutation.mutateAsync({ command: open.command, key: open.key, body });
      setNotice({ kind: 'done', command: open.command });
      setOpen(null);
      await refresh();
    } catch (error) {
      if (!(error instanceof AdminApiError)) return setNotice({ kind: 'failed' });
      if (error.status === 400 && error.body.fields) {
        const fields = error.body.fields;
        const refused: Errors = {
          ...(fields['body.reason'] ? { reason: reasonProblem(reason) ?? ('required' as const) } : {}),
          ...(fields['body.minutes'] ? { minutes: true } : {}),
        };
        if (refused.reason || refused.minutes) return showErrors(refused);
        return setNotice({ kind: 'failed' });
      }
      if (error.status === 409) {
        setNotice({ kind: 'conflict', allowed: error.body.allowedCommands ?? [] });
        setOpen(null);
        await refresh();
        return;
      }
      if (error.status === 403) return setNotice({ kind: 'forbidden' });
      setNotice({ kind: 'failed' });
    } finally {
      sending.current = false;
    }
  };

  const reasonId = 'action-reason';
  const reasonMessage =
    errors.reason === 'required'
      ? t.t('actions.reasonRequired')
      : errors.reason === 'tooLong'
        ? t.t('actions.reasonTooLong')
        : null;
  const conflictAllowed = (allowed: readonly string[]) => {
    const mine = offeredCommands(kind, allowed);
    return mine.length ? mine.map(label).join(', ') : t.t('detail.none');
  };

  return (
    <section className="admin-card admin-actions" aria-labelledby={`action-title`}>
      <h2 id={`action-title`}>{t.t('actions.title')}</h2>
      <div role="status" className="admin-actions__status">
        {notice?.kind === 'done' ? (
          <p className="admin-notice">{t.t(`actions.done.${notice.command}`)}</p>
        ) : null}
      </div>
      <div role="alert" className="admin-actions__status">
        {notice?.kind === 'conflict' ? (
          <p className="admin-notice admin-notice--error">
            {t.t('actions.conflict', { allowed: conflictAllowed(notice.allowed) })}
          </p>
        ) : notice?.kind === 'forbidden' ? (
          <p className="admin-notice admin-notice--error">{t.t('actions.forbidden')}</p>
        ) : notice?.kind === 'failed' ? (
          <p className="admin-notice admin-notice--error">{t.t('actions.failed')}</p>
        ) : null}
      </div>
      {offered.length === 0 ? (
        <p>{t.t('actions.none')}</p>
      ) : (
        <>
          <p className="admin-actions__intro">{t.t('actions.intro')}</p>
          <div className="admin-actions__buttons">
            {offered.map((command) => (
              <button
                key={command}
                type="button"
                className="admin-button"
                aria-expanded={open?.command === command}
                aria-controls={open?.command === command ? `action-form` : undefined}
                onClick={() => (open?.command === command ? close() : openForm(command))}
              >
                {label(command)}
              </button>
            ))}
          </div>
        </>
      )}
      {open ? (
        <form
          id={`action-form`}
          className="admin-actions__form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-labelledby={`action-form-title`}
        >
          <h3 id={`action-form-title`}>{label(open.command)}</h3>
          {open.command === 'RecordFinanceDecision' ? (
            <fieldset className="admin-field">
              <legend>{t.t('actions.decision')}</legend>
              {(['accepted', 'declined'] as const).map((value) => (
                <label key={value} className="admin-choice">
                  <input
                    type="radio"
                    name="decision"
                    value={value}
                    checked={decision === value}
                    onChange={() => setDecision(value)}
                  />{' '}
                  {t.t(`actions.${value}`)}
                </label>
              ))}
            </fieldset>
          ) : null}
          {EXTENSIONS.has(open.command) ? (
            <div className="admin-field">
              <label htmlFor={`action-minutes`}>{t.t('actions.minutes')}</label>
              <input
                ref={minutesRef}
                id={`action-minutes`}
                name="minutes"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_HOLD_EXTENSION_MINUTES}
                required
                value={minutes}
                onChange={(event) => setMinutes(event.target.value)}
                aria-invalid={errors.minutes ? true : undefined}
                aria-describedby={errors.minutes ? `action-minutes-error` : undefined}
              />
              {errors.minutes ? (
                <p className="admin-field__error" id={`action-minutes-error`}>
                  {t.t('actions.minutesInvalid', { max: MAX_HOLD_EXTENSION_MINUTES })}
                </p>
              ) : null}
            </div>
          ) : null}
          {open.command === 'CancelBooking' ? (
            <div className="admin-field">
              <label htmlFor={`action-code`}>{t.t('actions.code')}</label>
              <select
                id={`action-code`}
                name="code"
                value={code}
                onChange={(event) => setCode(event.target.value as CancelReason)}
              >
                {CANCEL_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t.t(`actions.cancelCode.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <ReasonField
            id={reasonId}
            value={reason}
            onChange={setReason}
            message={reasonMessage}
            inputRef={reasonRef}
          />
          <ActionFormButtons pending={mutation.isPending} onClose={close} />
        </form>
      ) : null}
    </section>
  );
}
