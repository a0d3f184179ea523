/**
 * The mail outbox page (admin only, `admin_mail_list`): whether mails are sent or only wait, a GET form
 * of the status (in the URL), the mails (created, template, locale, recipient reference, status,
 * attempts, the last error or why cancelled, when sent or next due), and per failed mail a form to send
 * it again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { isLocale } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import { searchString } from '../listSearch.ts';
import {
  MAIL_STATUS_VALUES,
  type MailItem,
  type MailSearch,
  mailListQuery,
  sendMailAgain,
} from '../mailApi.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { FilterForm } from './FilterForm.tsx';
import { ErrorNotice, Loading, type Notice, NoticeRegions } from './StatusViews.tsx';

export function MailListView({ search }: { search: MailSearch }) {
  const t = useAdminT();
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery(mailListQuery(search));
  const [notice, setNotice] = useState<Notice | null>(null);
  const listPath = generateUrl(`admin_mail_list.${t.locale}`);
  const href = (next: MailSearch) => `${listPath}${searchString({ ...next })}`;

  const filter = (values: Readonly<Record<string, string>>) =>
    void router.navigate({ to: undefined, href: href({ status: values.status as MailSearch['status'] }) });

  const columns: Column<MailItem>[] = [
    { id: 'created', header: t.t('mail.created'), cell: (row) => t.moment(row.createdAt) },
    {
      id: 'template',
      header: t.t('mail.template'),
      cell: (row) => (
        <>
          {t.t(`mail.templates.${row.template}` as AdminKey)}
          <br />
          <small>{isLocale(row.locale) ? localeName(row.locale) : row.locale}</small>
        </>
      ),
    },
    {
      id: 'recipient',
      header: t.t('mail.recipient'),
      cell: (row) => t.t(`mail.recipients.${row.recipient.kind}` as AdminKey, { id: row.recipient.id }),
    },
    {
      id: 'status',
      header: t.t('mail.status'),
      cell: (row) => t.t(`mail.statuses.${row.status}` as AdminKey),
    },
    { id: 'attempts', header: t.t('mail.attempts'), numeric: true, cell: (row) => t.number(row.attempts) },
    { id: 'details', header: t.t('mail.details'), cell: (row) => <MailDetails mail={row} /> },
    {
      id: 'action',
      header: t.t('mail.action'),
      cell: (row) => (
        <>
          <a
            href={`/admin/api/mail/${encodeURIComponent(row.id)}/preview`}
            target="_blank"
            rel="noopener"
            aria-label={t.t('mail.previewLabel', { id: row.id })}
          >
            {t.t('mail.preview')}
          </a>
          {row.status === 'failed' ? (
            <SendAgain
              mail={row}
              onDone={async (next) => {
                setNotice(next);
                await queryClient.invalidateQueries({ queryKey: ['admin', 'mail', 'list'] });
              }}
            />
          ) : null}
        </>
      ),
    },
  ];

  const data = query.data;
  const page = search.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <h1>{t.t('mail.title')}</h1>
      {data ? <p className="admin-notice">{t.t(data.sending ? 'mail.sending' : 'mail.notSending')}</p> : null}
      <FilterForm
        action={listPath}
        label={t.t('mail.filter')}
        submitLabel={t.t('mail.show')}
        resetKey={search.status ?? 'all'}
        onFilter={filter}
      >
        <div className="admin-field">
          <label htmlFor="mail-status">{t.t('mail.status')}</label>
          <select id="mail-status" name="status" defaultValue={search.status ?? ''}>
            <option value="">{t.t('mail.all')}</option>
            {MAIL_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {t.t(`mail.statuses.${status}` as AdminKey)}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      <NoticeRegions notice={notice} />
      {query.isError && !data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section aria-busy={query.isFetching} className="admin-list">
          <div className="admin-list__bar">
            <p>{t.t('list.total', { count: t.number(data.total) })}</p>
          </div>
          {data.mails.length === 0 ? (
            <p>{t.t('list.empty')}</p>
          ) : (
            <DataTable
              caption={t.t('mail.caption')}
              columns={columns}
              rows={data.mails}
              rowKey={(row) => row.id}
            />
          )}
          <nav className="admin-pages" aria-label={t.t('list.pagination')}>
            {page > 1 ? (
              <AppLink href={href({ ...search, page: page - 1 })} rel="prev">
                {t.t('list.previous')}
              </AppLink>
            ) : null}
            <span>{t.t('list.pageOf', { page: t.number(page), pages: t.number(pages) })}</span>
            {page < pages ? (
              <AppLink href={href({ ...search, page: page + 1 })} rel="next">
                {t.t('list.next')}
              </AppLink>
            ) : null}
          </nav>
        </section>
      ) : null}
    </>
  );
}

function MailDetails({ mail }: { mail: MailItem }) {
  const t = useAdminT();
  const lines: string[] = [];
  if (mail.sentAt) lines.push(t.t('mail.sentAt', { date: t.moment(mail.sentAt) }));
  if (mail.status === 'waiting') lines.push(t.t('mail.dueAt', { date: t.moment(mail.dueAt) }));
  if (mail.status === 'cancelled' && mail.cancelReason)
    lines.push(t.t(`mail.cancelReasons.${mail.cancelReason}` as AdminKey));
  if (mail.lastError && mail.status !== 'sent') lines.push(t.t('mail.lastError', { error: mail.lastError }));
  return lines.length === 0
    ? '—'
    : lines.map((line, i) => (
        <span key={line} className="admin-mail__line">
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ));
}

/** A failed mail's form: back to waiting, due now. */
function SendAgain({ mail, onDone }: { mail: MailItem; onDone: (notice: Notice) => Promise<void> }) {
  const t = useAdminT();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    try {
      await sendMailAgain(mail.id);
      await onDone({ ok: true, text: t.t('mail.sentAgain', { id: mail.id }) });
    } catch (error) {
      const gone = error instanceof AdminApiError && (error.status === 409 || error.status === 404);
      await onDone({ ok: false, text: t.t(gone ? 'mail.notFailed' : 'mail.failedToSend') });
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t.t('mail.sendAgainLabel', { id: mail.id })}
    >
      <button
        type="submit"
        className="admin-button"
        disabled={pending}
        aria-label={t.t('mail.sendAgainLabel', { id: mail.id })}
      >
        {t.t('mail.sendAgain')}
      </button>
    </form>
  );
}
