/**
 * The stock imports page (SPEC `admin_import_list`, one month): the month's imports (when, who, file,
 * rows imported and rejected) each with its report of rejected lines to unfold (line, car, field,
 * problem; the dealer named through the dealer lookup); the upload form, a real multipart form posting
 * to this page (303 back to the import's month without JavaScript, http/routes/adminImportApi.ts), sent
 * with XMLHttpRequest and a progress bar with JavaScript; the feed template and the dealers' export.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, useRef, useState } from 'react';
import { LOCALES, type Locale, marketOf } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import type { StaffRole } from '../../../domain/staff/staffRoles.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import {
  AdminApiError,
  dealerQuery,
  type ImportReport,
  type ImportSummary,
  importListQuery,
  importQuery,
  uploadFeed,
} from '../adminApi.ts';
import type { AdminTranslator } from '../adminTranslator.ts';
import { type AdminBoot, bootData } from '../boot.ts';
import { mayOpen } from '../sections.ts';
import { shiftMonth } from '../yearMonth.ts';
import { FeedPhotoWarnings } from './FeedPhotoWarnings.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

/** What the form posted without JavaScript left for this page (shown once per page load). */
let bootFlashTaken = false;
function takeBootFlash(): AdminBoot['flash'] {
  if (bootFlashTaken) return undefined;
  bootFlashTaken = true;
  return bootData().flash;
}

const monthHref = (locale: Locale, yearMonth: string) =>
  generateUrl(`admin_import_list.${locale}`, { yearMonth });

function monthName(locale: Locale, yearMonth: string): string {
  return new Intl.DateTimeFormat(marketOf(locale).language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${yearMonth}-01T00:00:00Z`));
}

/** A market as staff name it: its country, and the language too where a country has two (Belgium). */
function marketName(staffLocale: Locale, locale: Locale): string {
  const language = marketOf(staffLocale).language;
  const { country, language: marketLanguage } = marketOf(locale);
  const countryName = new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
  const shared = LOCALES.filter((l) => marketOf(l).country === country).length > 1;
  if (!shared) return countryName;
  const languageName = new Intl.DisplayNames([language], { type: 'language' }).of(
    marketLanguage.split('-')[0] ?? marketLanguage,
  );
  return `${countryName} (${languageName})`;
}

/** A refusal's reason in words: the size limit by name, else the server's message for the file. */
function refusalOf(t: AdminTranslator, fields: Readonly<Record<string, readonly string[]>>): string {
  const entries = Object.entries(fields);
  if (entries.some(([, messages]) => messages.includes('too_large'))) return t.t('imports.tooLarge');
  const reason = entries.map(([field, messages]) => `${field}: ${messages.join('; ')}`).join(' · ');
  return t.t('imports.failed', { reason });
}

export function ImportListView({
  yearMonth,
  current,
  roles,
}: {
  yearMonth: string;
  current: string;
  roles: readonly StaffRole[];
}) {
  const t = useAdminT();
  const [flash] = useState(takeBootFlash);
  const [open, setOpen] = useState<string | undefined>(flash?.values.importId);
  const [justDone, setJustDone] = useState<string | undefined>(flash?.values.importId);
  // The month's log is a read model: an import just done may reach it a moment after its report, so the
  // current month's list is asked again each second until it shows it.
  const imports = useQuery({
    ...importListQuery(yearMonth),
    refetchInterval: (query) =>
      justDone && yearMonth === current && !query.state.data?.some((i) => i.importId === justDone)
        ? 1_000
        : false,
  });
  const month = monthName(t.locale, yearMonth);
  return (
    <>
      <h1>{t.t('imports.title')}</h1>
      <p>{t.t('imports.intro')}</p>
      {justDone ? <DoneNotice importId={justDone} /> : null}
      {flash && Object.keys(flash.fields).length > 0 ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {refusalOf(t, flash.fields)}
        </p>
      ) : null}

      <div className="admin-detail">
        <UploadPanel
          action={generateUrl(`admin_import_list.${t.locale}`, { yearMonth })}
          onDone={(report) => {
            setJustDone(report.importId);
            setOpen(report.importId);
          }}
        />
        <section className="admin-card" aria-labelledby="imports-template">
          <h2 id="imports-template">{t.t('imports.template')}</h2>
          <p>{t.t('imports.templateHelp')}</p>
          <form method="get" action="/admin/api/imports/template.csv">
            <div className="admin-field">
              <label htmlFor="imports-template-dealer">{t.t('imports.templateDealer')}</label>
              <input
                id="imports-template-dealer"
                name="dealerId"
                inputMode="numeric"
                pattern="\d{1,12}"
                maxLength={12}
                aria-describedby="imports-template-dealer-help"
              />
              <p className="admin-field__help" id="imports-template-dealer-help">
                {t.t('imports.templateDealerHelp')}
              </p>
            </div>
            <p className="admin-links">
              <button type="submit" className="admin-button" formAction="/admin/api/imports/template.csv">
                {t.t('imports.templateCsv')}
              </button>
              <button type="submit" className="admin-button" formAction="/admin/api/imports/template.xlsx">
                {t.t('imports.templateXlsx')}
              </button>
            </p>
          </form>
          {mayOpen(roles, 'admin_dealers_export_excel') ? (
            <>
              <h2 id="imports-dealers">{t.t('imports.dealersExport')}</h2>
              <ul className="admin-export-list" aria-labelledby="imports-dealers">
                {LOCALES.map((locale) => (
                  <li key={locale}>
                    <a href={generateUrl(`admin_dealers_export_excel.${locale}`)} download>
                      {t.t('imports.dealersExportLink', { market: marketName(t.locale, locale) })}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="imports-month">
        <h2 id="imports-month">{t.t('imports.month', { month })}</h2>
        <nav className="admin-month-nav" aria-label={t.t('imports.monthNav')}>
          <AppLink href={monthHref(t.locale, shiftMonth(yearMonth, -1))} rel="prev">
            ← {t.t('imports.previous')}
          </AppLink>
          {yearMonth === current ? null : (
            <AppLink href={monthHref(t.locale, current)}>{t.t('imports.current')}</AppLink>
          )}
          {yearMonth < current ? (
            <AppLink href={monthHref(t.locale, shiftMonth(yearMonth, 1))} rel="next">
              {t.t('imports.next')} →
            </AppLink>
          ) : null}
        </nav>
        {imports.isError ? (
          <ErrorNotice onRetry={() => void imports.refetch()} />
        ) : !imports.data ? (
          <Loading />
        ) : imports.data.length === 0 ? (
          <p>{t.t('imports.none')}</p>
        ) : (
          <ImportTable
            imports={imports.data}
            open={open}
            onToggle={(id) => setOpen((was) => (was === id ? undefined : id))}
          />
        )}
      </section>
    </>
  );
}

function DoneNotice({ importId }: { importId: string }) {
  const t = useAdminT();
  const report = useQuery(importQuery(importId));
  if (!report.data) return null;
  const { fileName, counts } = report.data;
  return (
    <p className="admin-notice" role="status">
      {t.t('imports.done', {
        file: fileName,
        ok: t.number(counts.rows - counts.rejected),
        rejected: t.number(counts.rejected),
      })}
    </p>
  );
}

/** The upload: a real multipart form; with JavaScript sent by XMLHttpRequest with a progress bar. */
function UploadPanel({ action, onDone }: { action: string; onDone: (report: ImportReport) => void }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    setProblem(undefined);
    if (!file) {
      setProblem(t.t('imports.fileMissing'));
      fileInput.current?.focus();
      return;
    }
    setSent(0);
    try {
      const report = await uploadFeed(file, setSent);
      queryClient.setQueryData(importQuery(report.importId).queryKey, report);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'imports', 'list'] });
      if (fileInput.current) fileInput.current.value = '';
      onDone(report);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 413) setProblem(t.t('imports.tooLarge'));
      else if (error instanceof AdminApiError && error.status === 400)
        setProblem(refusalOf(t, error.body.fields ?? { file: [error.message] }));
      else setProblem(t.t('imports.failedUnknown'));
    } finally {
      setSent(undefined);
    }
  };

  const percent = sent === undefined ? undefined : Math.round(sent * 100);
  return (
    <section className="admin-card" aria-labelledby="imports-upload">
      <h2 id="imports-upload">{t.t('imports.upload')}</h2>
      <p id="imports-upload-help">{t.t('imports.uploadHelp')}</p>
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        {/* Before the file: the server checks it once it has read the fields ahead of the file. */}
        <input type="hidden" name="_csrf" value={bootData().csrfToken} />
        <div className="admin-field">
          <label htmlFor="imports-file">{t.t('imports.fileLabel')}</label>
          <input
            ref={fileInput}
            id="imports-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            aria-describedby={problem ? 'imports-upload-help imports-file-error' : 'imports-upload-help'}
            aria-invalid={problem ? true : undefined}
          />
          {problem ? (
            <p className="admin-field__error" id="imports-file-error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        {percent === undefined ? null : (
          <div className="admin-progress" role="status">
            <label htmlFor="imports-progress">
              {percent < 100
                ? t.t('imports.uploading', { percent: t.number(percent) })
                : t.t('imports.processing')}
            </label>
            <progress id="imports-progress" max={100} value={percent} aria-label={t.t('imports.progress')} />
          </div>
        )}
        <p>
          <button
            type="submit"
            className="admin-button admin-button--primary"
            disabled={percent !== undefined}
          >
            {t.t('imports.submit')}
          </button>
        </p>
      </form>
    </section>
  );
}

function ImportTable({
  imports,
  open,
  onToggle,
}: {
  imports: readonly ImportSummary[];
  open: string | undefined;
  onToggle: (importId: string) => void;
}) {
  const t = useAdminT();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--imports">
        <thead>
          <tr>
            <th scope="col">{t.t('imports.when')}</th>
            <th scope="col">{t.t('imports.who')}</th>
            <th scope="col">{t.t('imports.file')}</th>
            <th scope="col">{t.t('imports.dealers')}</th>
            <th scope="col" className="admin-num">
              {t.t('imports.ok')}
            </th>
            <th scope="col" className="admin-num">
              {t.t('imports.rejected')}
            </th>
            <th scope="col">
              <span className="admin-visually-hidden">{t.t('imports.reportColumn')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.map((item) => {
            const expanded = open === item.importId;
            const reportId = `import-report-${item.importId}`;
            return (
              <Fragment key={item.importId}>
                <tr data-import={item.importId}>
                  <td data-label={t.t('imports.when')}>{t.moment(item.at)}</td>
                  <td data-label={t.t('imports.who')}>{item.by?.name ?? t.t('imports.commandLine')}</td>
                  <td data-label={t.t('imports.file')}>{item.fileName}</td>
                  <td data-label={t.t('imports.dealers')}>{item.dealers.join(', ') || '—'}</td>
                  <td data-label={t.t('imports.ok')} className="admin-num">
                    {t.number(item.counts.rows - item.counts.rejected)}
                  </td>
                  <td data-label={t.t('imports.rejected')} className="admin-num">
                    {t.number(item.counts.rejected)}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="admin-button admin-button--small"
                      aria-expanded={expanded}
                      aria-controls={reportId}
                      onClick={() => onToggle(item.importId)}
                    >
                      {t.t('imports.report', { file: item.fileName })}
                    </button>
                  </td>
                </tr>
                {expanded ? (
                  <tr className="admin-import-report" id={reportId}>
                    <td colSpan={7}>
                      <ImportReportView summary={item} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ImportReportView({ summary }: { summary: ImportSummary }) {
  const t = useAdminT();
  const report = useQuery(importQuery(summary.importId));
  const { counts } = summary;
  return (
    <div className="admin-import-report__body">
      <p>
        {t.t('imports.changes', {
          listed: t.number(counts.listed),
          updated: t.number(counts.updated),
          repriced: t.number(counts.repriced),
          withdrawn: t.number(counts.withdrawn),
          unchanged: t.number(counts.unchanged),
        })}
      </p>
      {report.isError ? (
        <ErrorNotice onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <Loading />
      ) : report.data.rejections.length === 0 ? (
        <p>{t.t('imports.noRejections')}</p>
      ) : (
        <>
          <table className="admin-table admin-table--rejections">
            <caption>{t.t('imports.showReport', { file: summary.fileName })}</caption>
            <thead>
              <tr>
                <th scope="col" className="admin-num">
                  {t.t('imports.line')}
                </th>
                <th scope="col">{t.t('imports.car')}</th>
                <th scope="col">{t.t('imports.field')}</th>
                <th scope="col">{t.t('imports.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {report.data.rejections.map((r) => (
                <tr key={`${r.line}-${r.field}-${r.message}`}>
                  <td data-label={t.t('imports.line')} className="admin-num">
                    {r.line}
                  </td>
                  <td data-label={t.t('imports.car')}>
                    <span>
                      {r.reference ?? t.t('imports.unknownCar')}
                      {r.dealerId ? (
                        <>
                          {' · '}
                          <DealerName dealerId={r.dealerId} />
                        </>
                      ) : null}
                    </span>
                  </td>
                  <td data-label={t.t('imports.field')}>
                    <code>{r.field}</code>
                  </td>
                  <td data-label={t.t('imports.problem')}>{r.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.data.rejectionsTruncated ? <p>{t.t('imports.truncated')}</p> : null}
        </>
      )}
      {report.data ? <FeedPhotoWarnings report={report.data} /> : null}
    </div>
  );
}

/** A dealer by name and id through the dealer lookup (its id alone when unknown). */
function DealerName({ dealerId }: { dealerId: string }) {
  const t = useAdminT();
  const dealer = useQuery(dealerQuery(dealerId));
  return (
    <span className="admin-dealer">
      {dealer.data ? `${dealer.data.name} (${dealerId})` : t.t('imports.dealerUnknown', { id: dealerId })}
    </span>
  );
}
