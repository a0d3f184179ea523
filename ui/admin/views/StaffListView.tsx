/**
 * The staff accounts page (admin only, `admin_staff_list`): the invitation form (name, email, roles, the
 * invitee's language) whose answer shows the invitation link once, for the admin to hand over (the
 * invitee is also mailed it when SMTP is set); then every account (name, email, roles, state, created, last sign-in) with, per row, a
 * form of its roles and one to disable or enable it. Field messages come from the form's own check and
 * from the API's 400 `fields`; a refusal (409: the email has an account, an admin's own account) is said
 * in words.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { LOCALES, type Locale } from '../../../domain/markets.ts';
import { STAFF_ROLES, type StaffRole } from '../../../domain/staff/staffRoles.ts';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError, meQuery } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import {
  inviteStaff,
  type StaffAccountItem,
  type StaffInvitationAnswer,
  setStaffDisabled,
  setStaffRoles,
  staffListQuery,
} from '../staffApi.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { ErrorNotice, Loading, type Notice, NoticeRegions } from './StatusViews.tsx';

type FieldErrors = Partial<Record<'name' | 'email' | 'roles', AdminKey>>;

/** The API's field names without the request part: `body.email` → `email`. */
const fieldsOf = (error: AdminApiError) =>
  Object.keys(error.body.fields ?? {}).map((key) => key.replace(/^body\./, ''));
const reasonOf = (error: AdminApiError) => error.body as { reason?: string; state?: string };

export function StaffListView() {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const query = useQuery(staffListQuery);
  const [notice, setNotice] = useState<Notice | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffListQuery.queryKey });

  const columns: Column<StaffAccountItem>[] = [
    {
      id: 'name',
      header: t.t('staff.name'),
      cell: (row) => (
        <>
          {row.name}
          {row.id === me.data?.id ? ` ${t.t('staff.you')}` : ''}
        </>
      ),
    },
    { id: 'email', header: t.t('staff.email'), cell: (row) => row.email },
    {
      id: 'roles',
      header: t.t('staff.roles'),
      cell: (row) => row.roles.map((role) => t.label('role', role)).join(', '),
    },
    { id: 'state', header: t.t('staff.state'), cell: (row) => stateOf(row) },
    { id: 'created', header: t.t('staff.created'), cell: (row) => t.moment(row.createdAt) },
    {
      id: 'lastSignIn',
      header: t.t('staff.lastSignIn'),
      cell: (row) => (row.lastSignInAt ? t.moment(row.lastSignInAt) : t.t('staff.never')),
    },
    {
      id: 'manage',
      header: t.t('staff.manageColumn'),
      cell: (row) => (
        <ManageAccount
          account={row}
          onDone={async (next) => {
            setNotice(next);
            await refresh();
          }}
        />
      ),
    },
  ];

  function stateOf(row: StaffAccountItem) {
    if (row.disabled) return t.t('staff.disabled');
    if (!row.invited) return t.t('staff.active');
    return row.invitationExpiresAt && Date.parse(row.invitationExpiresAt) > Date.now()
      ? t.t('staff.invited', { date: t.moment(row.invitationExpiresAt) })
      : t.t('staff.invitationExpired');
  }

  return (
    <>
      <h1>{t.t('staff.title')}</h1>
      <InviteForm onInvited={() => void refresh()} />
      <NoticeRegions notice={notice} />
      {query.isError && !query.data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Loading /> : null}
      {query.data ? (
        <section aria-busy={query.isFetching} className="admin-list">
          <DataTable
            caption={t.t('staff.caption')}
            columns={columns}
            rows={query.data.accounts}
            rowKey={(row) => row.id}
          />
        </section>
      ) : null}
    </>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const t = useAdminT();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<AdminKey | null>(null);
  const [answer, setAnswer] = useState<StaffInvitationAnswer | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirst = (found: FieldErrors) => {
    const first = (['name', 'email', 'roles'] as const).find((field) => found[field]);
    const target = first === 'roles' ? 'invite-role-admin' : `invite-${first}`;
    if (first) document.getElementById(target)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const roles = form.getAll('roles').map(String) as StaffRole[];
    const locale = String(form.get('locale') ?? t.locale) as Locale;
    const found: FieldErrors = {
      ...(name ? {} : { name: 'staff.nameRequired' as const }),
      ...(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? {} : { email: 'staff.emailInvalid' as const }),
      ...(roles.length ? {} : { roles: 'staff.rolesRequired' as const }),
    };
    setRefusal(null);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setPending(true);
    try {
      const invited = await inviteStaff({ name, email, roles, locale });
      setAnswer(invited);
      formRef.current?.reset();
      onInvited();
    } catch (error) {
      setAnswer(null);
      if (error instanceof AdminApiError && error.status === 400 && error.body.fields) {
        const fields = fieldsOf(error);
        const refused: FieldErrors = {
          ...(fields.includes('name') ? { name: 'staff.nameRequired' as const } : {}),
          ...(fields.includes('email') ? { email: 'staff.emailInvalid' as const } : {}),
          ...(fields.includes('roles') ? { roles: 'staff.rolesRequired' as const } : {}),
        };
        setErrors(refused);
        if (Object.keys(refused).length) return focusFirst(refused);
        return setRefusal('staff.failed');
      }
      if (error instanceof AdminApiError && error.status === 409) {
        return setRefusal(reasonOf(error).state === 'disabled' ? 'staff.existsDisabled' : 'staff.exists');
      }
      setRefusal('staff.failed');
    } finally {
      setPending(false);
    }
  };

  const link = answer ? new URL(answer.invitationPath, window.location.origin).toString() : '';
  const describe = (field: keyof FieldErrors) => (errors[field] ? `invite-${field}-error` : undefined);
  return (
    <section className="admin-card admin-staff-invite" aria-labelledby="invite-title">
      <h2 id="invite-title">{t.t('staff.inviteTitle')}</h2>
      <p>{t.t('staff.inviteIntro')}</p>
      <div role="status">
        {answer ? (
          <div className="admin-notice admin-staff-link">
            <p>
              <strong>{t.t('staff.linkTitle', { email: answer.account.email })}</strong>
            </p>
            <p>{t.t('staff.linkIntro', { date: t.moment(answer.expiresAt) })}</p>
            {answer.replaced ? <p>{t.t('staff.reinvited')}</p> : null}
            <div className="admin-field">
              <label htmlFor="invite-link">{t.t('staff.linkLabel')}</label>
              <input
                id="invite-link"
                type="text"
                readOnly
                value={link}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
          </div>
        ) : null}
      </div>
      <div role="alert">
        {refusal ? <p className="admin-notice admin-notice--error">{t.t(refusal)}</p> : null}
      </div>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="admin-staff-form">
        <div className="admin-field">
          <label htmlFor="invite-name">{t.t('staff.name')}</label>
          <input
            id="invite-name"
            name="name"
            type="text"
            autoComplete="off"
            maxLength={100}
            required
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describe('name')}
          />
          {errors.name ? (
            <p className="admin-field__error" id="invite-name-error">
              {t.t(errors.name)}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor="invite-email">{t.t('staff.email')}</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describe('email')}
          />
          {errors.email ? (
            <p className="admin-field__error" id="invite-email-error">
              {t.t(errors.email)}
            </p>
          ) : null}
        </div>
        <RoleChoices idPrefix="invite-role" error={errors.roles} errorId="invite-roles-error" />
        <div className="admin-field">
          <label htmlFor="invite-locale">{t.t('staff.locale')}</label>
          <select id="invite-locale" name="locale" defaultValue={t.locale}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {localeName(locale)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
          {pending ? t.t('staff.sending') : t.t('staff.inviteSubmit')}
        </button>
      </form>
    </section>
  );
}

/** The four roles as checkboxes named `roles`, with the field's message. */
function RoleChoices({
  idPrefix,
  checked,
  error,
  errorId,
}: {
  idPrefix: string;
  checked?: readonly StaffRole[];
  error: AdminKey | undefined;
  errorId: string;
}) {
  const t = useAdminT();
  return (
    <fieldset className="admin-field admin-staff-roles" aria-describedby={error ? errorId : undefined}>
      <legend>{t.t('staff.roles')}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="admin-choice">
          <input
            id={`${idPrefix}-${role}`}
            type="checkbox"
            name="roles"
            value={role}
            defaultChecked={checked?.includes(role)}
            aria-invalid={error ? true : undefined}
          />{' '}
          {t.label('role', role)}
        </label>
      ))}
      {error ? (
        <p className="admin-field__error" id={errorId}>
          {t.t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A row's forms: its roles, and disabling or enabling it. */
function ManageAccount({
  account,
  onDone,
}: {
  account: StaffAccountItem;
  onDone: (notice: Notice) => Promise<void>;
}) {
  const t = useAdminT();
  const [rolesError, setRolesError] = useState<AdminKey | undefined>();
  const [pending, setPending] = useState(false);
  const prefix = `staff-${account.id}`;

  const refused = (error: unknown): Notice => {
    if (error instanceof AdminApiError && error.status === 409) {
      const { reason } = reasonOf(error);
      if (reason === 'own_account') return { ok: false, text: t.t('staff.ownAccount') };
      if (reason === 'own_admin_role') return { ok: false, text: t.t('staff.ownAdminRole') };
    }
    if (error instanceof AdminApiError && error.status === 404)
      return { ok: false, text: t.t('staff.notFound') };
    return { ok: false, text: t.t('staff.failed') };
  };

  const run = async (send: () => Promise<unknown>, done: string) => {
    setPending(true);
    try {
      await send();
      await onDone({ ok: true, text: done });
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 400) {
        setRolesError('staff.rolesRequired');
        return;
      }
      await onDone(refused(error));
    } finally {
      setPending(false);
    }
  };

  const onRoles = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const roles = new FormData(event.currentTarget).getAll('roles').map(String) as StaffRole[];
    if (roles.length === 0) {
      setRolesError('staff.rolesRequired');
      document.getElementById(`${prefix}-role-admin`)?.focus();
      return;
    }
    setRolesError(undefined);
    void run(() => setStaffRoles(account.id, roles), t.t('staff.rolesSaved', { name: account.name }));
  };

  const onAccess = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const disable = !account.disabled;
    void run(
      () => setStaffDisabled(account.id, disable),
      t.t(disable ? 'staff.disabledDone' : 'staff.enabledDone', { name: account.name }),
    );
  };

  return (
    <details className="admin-staff-manage">
      <summary>{t.t('staff.manage', { name: account.name })}</summary>
      <form noValidate onSubmit={onRoles} aria-label={t.t('staff.rolesSave')}>
        <RoleChoices
          key={account.roles.join()}
          idPrefix={`${prefix}-role`}
          checked={account.roles}
          error={rolesError}
          errorId={`${prefix}-roles-error`}
        />
        <button type="submit" className="admin-button admin-button--small" disabled={pending}>
          {t.t('staff.rolesSave')}
        </button>
      </form>
      <form
        noValidate
        onSubmit={onAccess}
        aria-label={t.t(account.disabled ? 'staff.enable' : 'staff.disable')}
      >
        <button
          type="submit"
          className={`admin-button admin-button--small${account.disabled ? '' : ' admin-button--danger'}`}
          disabled={pending}
        >
          {t.t(account.disabled ? 'staff.enable' : 'staff.disable')}
        </button>
      </form>
    </details>
  );
}
