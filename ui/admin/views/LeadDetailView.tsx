/**
 * A lead (`admin_lead_detail`, sales): the person's contact and message (from the lead's vault record,
 * or "erased"), the facts (kind, market, dealer and how it was chosen, car, consent text's version, page),
 * its history (each event, when, by whom, the staff's notes), and the status form offering only the
 * statuses allowed now. A change names the status shown: when another staff member was faster, the
 * answer (409) says the status now and the page shows it with what is allowed from there.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { LeadStatus } from '../../../domain/leads/schemas.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import { changeLeadStatus, type LeadDetail, leadDetailQuery } from '../leadsApi.ts';
import { DataTable } from './DataTable.tsx';
import { ErrorNotice, Loading, type Notice, NoticeRegions } from './StatusViews.tsx';

export function LeadDetailView({ leadId, list }: { leadId: string; list: string | undefined }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const query = useQuery(leadDetailQuery(leadId));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const back = list?.startsWith('/admin/') ? list : generateUrl(`admin_leads.${t.locale}`);
  const lead = query.data;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!lead) return;
    const element = event.currentTarget;
    const form = new FormData(element);
    const to = String(form.get('to') ?? '') as LeadStatus;
    const note = String(form.get('note') ?? '').trim();
    setPending(true);
    try {
      const next = await changeLeadStatus(leadId, { from: lead.status, to, ...(note ? { note } : {}) });
      queryClient.setQueryData(leadDetailQuery(leadId).queryKey, next);
      setNotice({ ok: true, text: t.t('leads.changed') });
      element.reset();
    } catch (error) {
      const status = error instanceof AdminApiError && error.status === 409 ? error.body.status : undefined;
      setNotice({
        ok: false,
        text: status
          ? t.t('leads.conflict', { status: t.t(`leads.statuses.${status as LeadStatus}`) })
          : t.t('leads.failed'),
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'leads'] });
    } finally {
      setPending(false);
    }
  };

  if (query.isError && !lead) return <ErrorNotice onRetry={() => void query.refetch()} />;
  if (!lead) return <Loading />;
  const status = (s: LeadStatus | null) => (s ? t.t(`leads.statuses.${s}`) : '—');
  const eventText = (entry: LeadDetail['history'][number]) =>
    entry.type === 'LeadStatusChanged'
      ? t.t('leads.events.LeadStatusChanged', { from: status(entry.from), to: status(entry.to) })
      : t.t(`leads.events.${entry.type}`);
  const actorText = (actor: LeadDetail['history'][number]['actor']) => {
    const kind = (['visitor', 'customer', 'staff'] as const).find((k) => k === actor.kind) ?? 'unknown';
    const who = t.t(`leads.actors.${kind}`);
    return actor.name ? `${actor.name} (${who})` : actor.id && kind !== 'staff' ? `${who} ${actor.id}` : who;
  };
  return (
    <>
      <p>
        <AppLink href={back}>{t.t('leads.back')}</AppLink>
      </p>
      <h1 className="admin-break">{t.t('leads.detail', { id: lead.leadId })}</h1>
      <section className="admin-card" aria-labelledby="lead-contact">
        <h2 id="lead-contact">{t.t('leads.contact')}</h2>
        {lead.contact.erased ? (
          <p>{t.t('leads.erasedText')}</p>
        ) : (
          <dl className="admin-facts">
            <dt>{t.t('leads.person')}</dt>
            <dd>{`${lead.contact.firstName} ${lead.contact.lastName}`}</dd>
            <dt>{t.t('leads.email')}</dt>
            <dd>
              <a href={`mailto:${lead.contact.email}`}>{lead.contact.email}</a>
            </dd>
            <dt>{t.t('leads.phone')}</dt>
            <dd>{lead.contact.phone ?? '—'}</dd>
            {lead.contact.company ? (
              <>
                <dt>{t.t('leads.company')}</dt>
                <dd>{lead.contact.company}</dd>
              </>
            ) : null}
            <dt>{t.t('leads.message')}</dt>
            <dd className="admin-pre">{lead.contact.message}</dd>
          </dl>
        )}
      </section>
      <section className="admin-card" aria-labelledby="lead-facts">
        <h2 id="lead-facts">{t.t('leads.facts')}</h2>
        <dl className="admin-facts">
          <dt>{t.t('leads.status')}</dt>
          <dd>{status(lead.status)}</dd>
          <dt>{t.t('leads.kind')}</dt>
          <dd>{t.t(`leads.kinds.${lead.kind}`)}</dd>
          <dt>{t.t('leads.market')}</dt>
          <dd>{lead.market}</dd>
          <dt>{t.t('leads.routedBy')}</dt>
          <dd>{`${lead.dealerName ?? '—'} (${lead.dealerId}), ${t.t(`leads.routings.${lead.routedBy}`)}`}</dd>
          <dt>{t.t('leads.car')}</dt>
          <dd>{lead.carId ?? '—'}</dd>
          <dt>{t.t('leads.submitted')}</dt>
          <dd>{t.moment(lead.submittedAt)}</dd>
          <dt>{t.t('leads.consent')}</dt>
          <dd>{lead.consentVersion}</dd>
          <dt>{t.t('leads.source')}</dt>
          <dd>{lead.sourcePage}</dd>
          <dt>{t.t('leads.customer')}</dt>
          <dd>{lead.customerId ?? '—'}</dd>
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="lead-change">
        <h2 id="lead-change">{t.t('leads.change')}</h2>
        <NoticeRegions notice={notice} />
        {lead.allowed.length === 0 ? (
          <p>{t.t('leads.closed')}</p>
        ) : (
          <form className="admin-form" onSubmit={(e) => void submit(e)} aria-labelledby="lead-change">
            <div className="admin-field">
              <label htmlFor="lead-to">{t.t('leads.newStatus')}</label>
              <select id="lead-to" name="to" required defaultValue={lead.allowed[0]}>
                {lead.allowed.map((s) => (
                  <option key={s} value={s}>
                    {status(s)}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor="lead-note">{t.t('leads.noteLabel')}</label>
              <textarea id="lead-note" name="note" rows={3} maxLength={2000} />
            </div>
            <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
              {t.t('leads.save')}
            </button>
          </form>
        )}
      </section>
      <section className="admin-card" aria-labelledby="lead-history">
        <h2 id="lead-history">{t.t('leads.history')}</h2>
        <DataTable
          caption={t.t('leads.history')}
          rows={lead.history}
          rowKey={(row) => String(row.revision)}
          columns={[
            { id: 'when', header: t.t('leads.when'), cell: (row) => t.moment(row.at) },
            { id: 'event', header: t.t('leads.event'), cell: eventText },
            { id: 'who', header: t.t('leads.who'), cell: (row) => actorText(row.actor) },
            { id: 'note', header: t.t('leads.note'), cell: (row) => row.note ?? '—' },
          ]}
        />
      </section>
    </>
  );
}
