/**
 * Erasing a visitor who never signed up, by email (admins, on the customers page): the contact details
 * of the leads and dealer appointments sent with it (engine/customers/eraseVisitor.ts). A real form: with
 * JavaScript it answers in place; without, the server answers 303 back with the counts or the refusal
 * by field (http/plugins/formPosts.ts, kept in the boot data).
 */
import { type FormEvent, useState } from 'react';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError, call } from '../adminApi.ts';
import { bootData } from '../boot.ts';
import { EraseFields } from './EraseFields.tsx';

const ACTION = '/admin/api/visitors/erase';

type Fields = Readonly<Record<string, readonly string[]>>;
type Done = { readonly leads: number; readonly appointments: number };

export function VisitorErasePanel({ back }: { back: string }) {
  const t = useAdminT();
  const flash = bootData().flash;
  const [fields, setFields] = useState<Fields>(() => flash?.fields ?? {});
  const [done, setDone] = useState<Done | null>(() =>
    flash?.values.erasedLeads !== undefined
      ? {
          leads: Number(flash.values.erasedLeads),
          appointments: Number(flash.values.erasedAppointments ?? 0),
        }
      : null,
  );
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const emailError = fields.email
    ? t.t(fields.email[0] === 'customer' ? 'customers.visitorIsCustomer' : 'customers.visitorEmailInvalid')
    : undefined;
  const reasonError = fields.reason
    ? t.t(
        fields.reason[0]?.includes('email') ? 'customers.visitorReasonNamesEmail' : 'customers.eraseRequired',
      )
    : undefined;
  const confirmError = fields.confirm ? t.t('customers.eraseConfirmRequired') : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    const refused: Record<string, string[]> = {};
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) refused.email = ['invalid'];
    if (!reason) refused.reason = ['is required'];
    if (data.get('confirm') !== 'yes') refused.confirm = ['is required'];
    setFields(refused);
    setFailed(false);
    setDone(null);
    const first = Object.keys(refused)[0];
    if (first) {
      form.querySelector<HTMLElement>(`#visitor-erase-${first}`)?.focus();
      return;
    }
    setPending(true);
    try {
      const answer = await call<{ leads: number; appointmentContacts: number }>('POST', ACTION, {
        email,
        reason,
        confirm: 'yes',
      });
      setDone({ leads: answer.leads, appointments: answer.appointmentContacts });
      form.reset();
    } catch (error) {
      if (error instanceof AdminApiError && (error.status === 409 || error.status === 400))
        setFields(error.body.fields ?? { email: ['invalid'] });
      else setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="admin-card admin-danger" aria-labelledby="visitor-erase">
      <h2 id="visitor-erase">{t.t('customers.visitorErase')}</h2>
      <p>{t.t('customers.visitorEraseIntro')}</p>
      <div role="status">
        {done ? (
          <p className="admin-notice">
            {t.t('customers.visitorErased', {
              leads: t.number(done.leads),
              appointments: t.number(done.appointments),
            })}
          </p>
        ) : null}
      </div>
      {failed ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {t.t('customers.eraseFailed')}
        </p>
      ) : null}
      <form method="post" action={ACTION} noValidate onSubmit={(event) => void onSubmit(event)}>
        <input type="hidden" name="_csrf" value={bootData().csrfToken} />
        <input type="hidden" name="_back" value={back} />
        <div className="admin-field">
          <label htmlFor="visitor-erase-email">{t.t('customers.visitorEmail')}</label>
          <input
            id="visitor-erase-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={flash?.values.email ?? ''}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'visitor-erase-email-error' : undefined}
          />
          {emailError ? (
            <p className="admin-field__error" id="visitor-erase-email-error">
              {emailError}
            </p>
          ) : null}
        </div>
        <EraseFields
          idPrefix="visitor-erase"
          reasonError={reasonError}
          confirmError={confirmError}
          defaultReason={flash?.values.reason ?? ''}
          reasonRows={2}
        />
        <button type="submit" className="admin-button admin-button--danger" disabled={pending}>
          {t.t('customers.visitorEraseSubmit')}
        </button>
      </form>
    </section>
  );
}
