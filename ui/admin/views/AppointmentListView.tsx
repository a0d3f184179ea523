/**
 * The dealer appointments page (sales and admin, `admin_appointment_list`): a GET form of the day and
 * dealer (in the URL), the day's appointments by dealer and time (purpose, contact, status), and per
 * booked one a form to cancel it with a reason (recorded with the staff member).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { generateUrl } from '../../../domain/routes/index.ts';
import { formatDate } from '../../i18n/format.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import {
  type AppointmentSearch,
  appointmentListQuery,
  cancelAppointment,
  type StaffAppointment,
} from '../appointmentsApi.ts';
import { searchString } from '../listSearch.ts';
import { MAX_REASON, ReasonField, reasonProblem } from './ActionFormParts.tsx';
import { type Column, DataTable } from './DataTable.tsx';
import { FilterForm } from './FilterForm.tsx';
import { ErrorNotice, Loading, type Notice, NoticeRegions } from './StatusViews.tsx';

/** Today in the browser (the page's default day). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export function AppointmentListView({ search }: { search: AppointmentSearch }) {
  const t = useAdminT();
  const router = useRouter();
  const queryClient = useQueryClient();
  const day = search.day ?? today();
  const query = useQuery(appointmentListQuery(day, search.dealer));
  const [notice, setNotice] = useState<Notice | null>(null);
  const listPath = generateUrl(`admin_appointment_list.${t.locale}`);

  const filter = (values: Readonly<Record<string, string>>) =>
    void router.navigate({
      to: undefined,
      href: `${listPath}${searchString({ day: values.day, dealer: values.dealer })}`,
    });

  const columns: Column<StaffAppointment>[] = [
    { id: 'time', header: t.t('appointments.time'), cell: (row) => row.time },
    {
      id: 'dealer',
      header: t.t('appointments.dealerColumn'),
      cell: (row) => `${row.dealerName ?? ''} (${row.dealerId})`,
    },
    {
      id: 'purpose',
      header: t.t('appointments.purpose'),
      cell: (row) => t.t(`appointments.purposes.${row.purpose}` as AdminKey),
    },
    {
      id: 'contact',
      header: t.t('appointments.contact'),
      cell: (row) =>
        row.contact ? (
          <>
            {row.contact.name}
            {row.contact.phone ? (
              <>
                <br />
                <small>{row.contact.phone}</small>
              </>
            ) : null}
          </>
        ) : (
          t.t('appointments.contactErased')
        ),
    },
    {
      id: 'status',
      header: t.t('appointments.status'),
      cell: (row) =>
        row.status === 'cancelled' && row.cancelCode
          ? `${t.t('appointments.statuses.cancelled')} (${t.t(`appointments.cancelCodes.${row.cancelCode}` as AdminKey)})`
          : t.t(`appointments.statuses.${row.status}` as AdminKey),
    },
    {
      id: 'action',
      header: t.t('appointments.action'),
      cell: (row) =>
        row.status === 'booked' ? (
          <CancelForm
            appointment={row}
            onDone={async (next) => {
              setNotice(next);
              await queryClient.invalidateQueries({ queryKey: ['admin', 'appointments'] });
            }}
          />
        ) : (
          '—'
        ),
    },
  ];

  const data = query.data;
  return (
    <>
      <h1>{t.t('appointments.title')}</h1>
      <FilterForm
        action={listPath}
        label={t.t('appointments.filter')}
        submitLabel={t.t('appointments.show')}
        resetKey={`${day}-${search.dealer ?? ''}`}
        onFilter={filter}
      >
        <div className="admin-field">
          <label htmlFor="appointments-day">{t.t('appointments.day')}</label>
          <input id="appointments-day" name="day" type="date" defaultValue={day} required />
        </div>
        <div className="admin-field">
          <label htmlFor="appointments-dealer">{t.t('appointments.dealer')}</label>
          <input
            id="appointments-dealer"
            name="dealer"
            inputMode="numeric"
            pattern="\d{1,12}"
            defaultValue={search.dealer ?? ''}
          />
        </div>
      </FilterForm>
      <NoticeRegions notice={notice} />
      {query.isError && !data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section aria-busy={query.isFetching} className="admin-list">
          <div className="admin-list__bar">
            <p>{t.t('list.total', { count: t.number(data.appointments.length) })}</p>
          </div>
          {data.appointments.length === 0 ? (
            <p>{t.t('list.empty')}</p>
          ) : (
            <DataTable
              caption={t.t('appointments.caption', { day: formatDate(day, t.locale) })}
              columns={columns}
              rows={data.appointments}
              rowKey={(row) => row.appointmentId}
            />
          )}
        </section>
      ) : null}
    </>
  );
}

/** A booked appointment's cancel form: a code and a required reason. */
function CancelForm({
  appointment,
  onDone,
}: {
  appointment: StaffAppointment;
  onDone: (notice: Notice) => Promise<void>;
}) {
  const t = useAdminT();
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('dealer_unavailable');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const id = `cancel-${appointment.appointmentId}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = reasonProblem(reason);
    if (problem) {
      setMessage(
        t.t(problem === 'required' ? 'actions.reasonRequired' : 'actions.reasonTooLong', { max: MAX_REASON }),
      );
      input.current?.focus();
      return;
    }
    setPending(true);
    try {
      await cancelAppointment(appointment.appointmentId, { code, reason: reason.trim() });
      await onDone({ ok: true, text: t.t('appointments.cancelled', { id: appointment.appointmentId }) });
    } catch (error) {
      const gone = error instanceof AdminApiError && (error.status === 409 || error.status === 404);
      await onDone({ ok: false, text: t.t(gone ? 'appointments.notBooked' : 'appointments.failed') });
    } finally {
      setPending(false);
    }
  };
  return (
    <details className="admin-appointment-cancel">
      <summary>{t.t('appointments.cancel')}</summary>
      <form
        noValidate
        onSubmit={submit}
        aria-label={t.t('appointments.cancelLabel', { id: appointment.appointmentId })}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-code`}>{t.t('appointments.code')}</label>
          <select id={`${id}-code`} name="code" value={code} onChange={(e) => setCode(e.target.value)}>
            {(['dealer_unavailable', 'customer_request', 'other'] as const).map((c) => (
              <option key={c} value={c}>
                {t.t(`appointments.cancelCodes.${c}` as AdminKey)}
              </option>
            ))}
          </select>
        </div>
        <ReasonField
          id={`${id}-reason`}
          value={reason}
          onChange={setReason}
          message={message}
          inputRef={input}
        />
        <button type="submit" className="admin-button" disabled={pending}>
          {t.t('appointments.cancel')}
        </button>
      </form>
    </details>
  );
}
