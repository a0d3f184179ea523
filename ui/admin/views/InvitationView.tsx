/**
 * The invitation page (`admin_staff_invitation?token=`), open to anyone: the link is checked first (who
 * is invited, or why the link no longer works: unknown or replaced, expired, used, the account
 * disabled), then a form sets the password twice (at least MIN_PASSWORD_LENGTH characters, the API
 * checking again); once accepted the person is signed in and lands on the dashboard, which shows the
 * sections of their roles.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { generateUrl } from '../../../domain/routes/index.ts';
import { MIN_PASSWORD_LENGTH } from '../../../domain/staff/staffSchemas.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError, meQuery, setCsrfToken } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import { acceptInvitation, invitationQuery } from '../staffApi.ts';
import { ErrorNotice, Loading } from './StatusViews.tsx';

const LINK_MESSAGES: Readonly<Record<string, AdminKey>> = {
  unknown: 'staff.linkUnknown',
  expired: 'staff.linkExpired',
  used: 'staff.linkUsed',
  revoked: 'staff.linkRevoked',
};

/** The words of a refused link (a 400 with `invitation`), or undefined for any other failure. */
function linkRefusal(error: unknown): AdminKey | undefined {
  if (!(error instanceof AdminApiError) || error.status !== 400) return undefined;
  const reason = (error.body as { invitation?: string }).invitation;
  return LINK_MESSAGES[reason ?? 'unknown'] ?? 'staff.linkUnknown';
}

export function InvitationView({ token }: { token: string }) {
  const t = useAdminT();
  const query = useQuery({ ...invitationQuery(token), enabled: token !== '' });
  const refused = token === '' ? 'staff.linkUnknown' : linkRefusal(query.error);
  return (
    <main className="admin-signin" id="main">
      <h1>{t.t('staff.invitationTitle')}</h1>
      {refused ? (
        <RefusedLink message={refused} />
      ) : query.isError ? (
        <ErrorNotice onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <PasswordForm token={token} name={query.data.name} email={query.data.email} />
      ) : (
        <Loading />
      )}
    </main>
  );
}

function RefusedLink({ message }: { message: AdminKey }) {
  const t = useAdminT();
  return (
    <>
      <p className="admin-notice admin-notice--error" role="alert">
        {t.t(message)}
      </p>
      <p>
        <a href={generateUrl(`admin_sign_in.${t.locale}`)}>{t.t('staff.signIn')}</a>
      </p>
    </>
  );
}

function PasswordForm({ token, name, email }: { token: string; name: string; email: string }) {
  const t = useAdminT();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<{ password?: AdminKey; confirm?: AdminKey }>({});
  const [refused, setRefused] = useState<AdminKey | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirm') ?? '');
    const found = {
      ...(password.length < MIN_PASSWORD_LENGTH ? { password: 'staff.passwordShort' as const } : {}),
      ...(password.length >= MIN_PASSWORD_LENGTH && confirm !== password
        ? { confirm: 'staff.passwordMismatch' as const }
        : {}),
    };
    setErrors(found);
    setRefused(null);
    if (found.password || found.confirm) {
      document.getElementById(found.password ? 'invitation-password' : 'invitation-confirm')?.focus();
      return;
    }
    setPending(true);
    try {
      const { csrfToken, ...staff } = await acceptInvitation(token, password);
      setCsrfToken(csrfToken);
      queryClient.setQueryData(meQuery.queryKey, staff);
      await router.navigate({ to: undefined, href: generateUrl(`admin_dashboard.${t.locale}`) });
    } catch (error) {
      const fields = error instanceof AdminApiError ? Object.keys(error.body.fields ?? {}) : [];
      if (fields.some((field) => field.endsWith('token'))) {
        setRefused(linkRefusal(error) ?? 'staff.linkUnknown');
      } else if (fields.some((field) => field.endsWith('password'))) {
        setErrors({ password: 'staff.passwordShort' });
        document.getElementById('invitation-password')?.focus();
      } else {
        setRefused('staff.failed');
      }
    } finally {
      setPending(false);
    }
  };

  if (refused && refused !== 'staff.failed') return <RefusedLink message={refused} />;
  const min = { min: MIN_PASSWORD_LENGTH };
  return (
    <>
      <p>{t.t('staff.invitationWelcome', { name, email })}</p>
      <div role="alert">
        {refused ? <p className="admin-notice admin-notice--error">{t.t(refused)}</p> : null}
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="admin-field">
          <label htmlFor="invitation-password">{t.t('staff.password')}</label>
          <input
            id="invitation-password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={`invitation-password-hint${errors.password ? ' invitation-password-error' : ''}`}
          />
          <p className="admin-field__hint" id="invitation-password-hint">
            {t.t('staff.passwordHint', min)}
          </p>
          {errors.password ? (
            <p className="admin-field__error" id="invitation-password-error">
              {t.t(errors.password, min)}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor="invitation-confirm">{t.t('staff.confirm')}</label>
          <input
            id="invitation-confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? 'invitation-confirm-error' : undefined}
          />
          {errors.confirm ? (
            <p className="admin-field__error" id="invitation-confirm-error">
              {t.t(errors.confirm)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
          {t.t('staff.accept')}
        </button>
      </form>
    </>
  );
}
