/**
 * The car beside a purchase's or a booking's detail: its price (the market's currency), where it stands
 * (on sale, reserved until, sold, withdrawn), and for sales and admin the car's staff commands it allows
 * now (`allowedCommands` of `GET /admin/api/cars/:carId`): change the price, withdraw it, each a small
 * <form> with the required reason, one `Idempotency-Key` per opened form, the outcome said afterwards.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useAdminT } from '../AdminContext.tsx';
import {
  AdminApiError,
  type CarCommand,
  carQuery,
  type FunnelCollection,
  meQuery,
  sendCarCommand,
} from '../adminApi.ts';
import {
  ActionFormButtons,
  type ActionNotice,
  newCommandKey,
  ReasonField,
  type ReasonProblem,
  reasonProblem,
} from './ActionFormParts.tsx';
import { mayActOnFunnels } from './FunnelActions.tsx';

const CAR_COMMANDS: readonly CarCommand[] = ['ChangeCarPrice', 'WithdrawCar'];
/** A price as the stock import reads it: currency units with at most two decimals. */
const PRICE = /^\d+(?:[.,]\d{1,2})?$/;

/** Whether a typed price is one the API takes (more than 0, at most two decimals). */
export function validPrice(text: string): boolean {
  const trimmed = text.trim();
  return PRICE.test(trimmed) && Number(trimmed.replace(',', '.')) > 0;
}

type Notice = ActionNotice<CarCommand>;

interface Errors {
  readonly reason?: ReasonProblem;
  readonly price?: boolean;
}

export function CarActions({
  carId,
  funnel,
}: {
  carId: string;
  funnel: { kind: FunnelCollection; id: string };
}) {
  const t = useAdminT();
  const me = useQuery(meQuery);
  const may = !!me.data && mayActOnFunnels(me.data.roles);
  const car = useQuery({ ...carQuery(carId), enabled: may });
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ command: CarCommand; key: string } | null>(null);
  const [reason, setReason] = useState('');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: (input: { command: CarCommand; key: string; body: Record<string, unknown> }) =>
      sendCarCommand(carId, input.command, input.body, input.key),
  });

  useEffect(() => {
    if (open?.command === 'ChangeCarPrice') priceRef.current?.focus();
    else if (open) reasonRef.current?.focus();
  }, [open]);

  if (!may) return null;
  const data = car.data;
  const label = (command: CarCommand) => t.t(`actions.car.command.${command}`);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'cars', carId] }),
      queryClient.invalidateQueries({ queryKey: ['admin', funnel.kind, funnel.id] }),
    ]);
  const openForm = (command: CarCommand) => {
    setOpen({ command, key: newCommandKey() });
    setReason('');
    setPrice(data ? String(data.price.amount / 100).replace('.', ',') : '');
    setErrors({});
    setNotice(null);
    mutation.reset();
  };
  const close = () => {
    setOpen(null);
    setErrors({});
  };
  const showErrors = (found: Errors) => {
    setErrors(found);
    if (found.price) priceRef.current?.focus();
    else if (found.reason) reasonRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!open || sending.current) return;
    const trimmed = reason.trim();
    const problem = reasonProblem(reason);
    const found: Errors = {
      ...(problem ? { reason: problem } : {}),
      ...(open.command === 'ChangeCarPrice' && !validPrice(price) ? { price: true } : {}),
    };
    if (found.reason || found.price) return showErrors(found);
    setErrors({});
    const body: Record<string, unknown> = { reason: trimmed };
    if (open.command === 'ChangeCarPrice') body.price = price.trim();
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
          ...(fields['body.reason'] ? { reason: 'required' as const } : {}),
          ...(fields['body.price'] ? { price: true } : {}),
        };
        if (refused.reason || refused.price) return showErrors(refused);
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

  const reasonMessage =
    errors.reason === 'required'
      ? t.t('actions.reasonRequired')
      : errors.reason === 'tooLong'
        ? t.t('actions.reasonTooLong')
        : null;
  const offered = data ? CAR_COMMANDS.filter((c) => data.allowedCommands.includes(c)) : [];
  const conflictAllowed = (allowed: readonly string[]) => {
    const mine = CAR_COMMANDS.filter((c) => allowed.includes(c));
    return mine.length ? mine.map(label).join(', ') : t.t('detail.none');
  };

  return (
    <section className="admin-card admin-car-actions" aria-labelledby="car-title">
      <h2 id="car-title">{t.t('actions.car.title', { id: carId })}</h2>
      {car.isError ? (
        <p className="admin-notice admin-notice--error">{t.t('actions.car.loadFailed')}</p>
      ) : data ? (
        <dl className="admin-facts">
          <dt>{t.t('actions.car.price')}</dt>
          <dd>{t.money(data.price.amount, data.price.currency)}</dd>
          <dt>{t.t('actions.car.status')}</dt>
          <dd>
            {t.t(`actions.car.statusName.${data.status}`)}
            {data.activeHold ? (
              <>
                {' · '}
                {t.t('actions.car.heldBy', { until: t.moment(data.activeHold.until) })}
              </>
            ) : null}
          </dd>
        </dl>
      ) : null}
      <div role="status" className="admin-actions__status">
        {notice?.kind === 'done' ? (
          <p className="admin-notice">{t.t(`actions.car.done.${notice.command}`)}</p>
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
      {data && offered.length === 0 ? <p>{t.t('actions.car.none')}</p> : null}
      {offered.length > 0 ? (
        <div className="admin-actions__buttons">
          {offered.map((command) => (
            <button
              key={command}
              type="button"
              className="admin-button"
              aria-expanded={open?.command === command}
              aria-controls={open?.command === command ? 'car-form' : undefined}
              onClick={() => (open?.command === command ? close() : openForm(command))}
            >
              {label(command)}
            </button>
          ))}
        </div>
      ) : null}
      {open && data ? (
        <form
          id="car-form"
          className="admin-actions__form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-labelledby="car-form-title"
        >
          <h3 id="car-form-title">{label(open.command)}</h3>
          {open.command === 'ChangeCarPrice' ? (
            <div className="admin-field">
              <label htmlFor="car-price">
                {t.t('actions.car.newPrice', { currency: data.price.currency })}
              </label>
              <input
                ref={priceRef}
                id="car-price"
                name="price"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={errors.price ? 'car-price-error car-price-hint' : 'car-price-hint'}
              />
              <p className="admin-field__hint" id="car-price-hint">
                {t.t('actions.car.priceHint')}
              </p>
              {errors.price ? (
                <p className="admin-field__error" id="car-price-error">
                  {t.t('actions.car.priceInvalid')}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="admin-actions__intro">{t.t('actions.car.withdrawHint')}</p>
          )}
          <ReasonField
            id="car-reason"
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
