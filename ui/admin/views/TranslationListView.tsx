/**
 * The translations editor's list (`admin_translation_list`, content role): a GET form choosing the
 * language, the dictionary, a status and words (in the URL); the counts; the texts with the French
 * reference beside, each linking to its editor; export for translators (JSON, XLIFF) and import of a
 * translated file (all or nothing, its refusals listed by key).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  TRANSLATION_DOMAINS,
  type TranslationDomain,
} from '../../../domain/content/translations/translationOverrides.ts';
import { LOCALES, type Locale } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import { searchString } from '../listSearch.ts';
import {
  exportTranslationsUrl,
  importTranslations,
  TRANSLATION_STATUS_VALUES,
  type TranslationEntry,
  type TranslationSearch,
  translationListQuery,
} from '../translationsApi.ts';
import { type Column, DataTable } from './DataTable.tsx';
import { FilterForm } from './FilterForm.tsx';
import { type Notice as BaseNotice, ErrorNotice, Loading, NoticeRegions } from './StatusViews.tsx';

type Notice = BaseNotice & { readonly lines?: readonly string[] };

export function TranslationListView(props: {
  locale: Locale;
  domain: TranslationDomain;
  search: TranslationSearch;
}) {
  const { locale, domain, search } = props;
  const t = useAdminT();
  const router = useRouter();
  const query = useQuery(translationListQuery(locale, domain, search));
  const listPath = (l: Locale, d: TranslationDomain) =>
    generateUrl(`admin_translation_list.${t.locale}`, { local: l, domain: d });

  const choose = (values: Readonly<Record<string, string>>) => {
    const nextLocale = (values.local ?? locale) as Locale;
    const nextDomain = (values.domain ?? domain) as TranslationDomain;
    void router.navigate({
      to: undefined,
      href: `${listPath(nextLocale, nextDomain)}${searchString({ status: values.status, q: values.q })}`,
    });
  };

  const columns: Column<TranslationEntry>[] = [
    {
      id: 'key',
      header: t.t('translations.key'),
      cell: (row) =>
        row.status === 'unused' ? (
          <code>{row.key}</code>
        ) : (
          <AppLink
            href={generateUrl(`admin_translation_edit.${t.locale}`, { local: locale, domain, key: row.key })}
            aria-label={t.t('translations.editKey', { key: row.key })}
          >
            <code>{row.key}</code>
          </AppLink>
        ),
    },
    { id: 'reference', header: t.t('translations.reference'), cell: (row) => row.reference ?? '—' },
    {
      id: 'text',
      header: t.t('translations.text'),
      cell: (row) => (
        <>
          <span lang={locale}>{row.text ?? row.shipped ?? ''}</span>
          {row.status === 'overridden' ? (
            <>
              {' '}
              <span className="admin-badge">{t.t('translations.overridden')}</span>
            </>
          ) : null}
          {row.status === 'missing' ? <em>{t.t('translations.missingText')}</em> : null}
        </>
      ),
    },
    {
      id: 'changed',
      header: t.t('translations.changed'),
      cell: (row) =>
        row.updatedAt
          ? t.t('translations.changedBy', { date: t.moment(row.updatedAt), name: row.updatedBy ?? '—' })
          : '—',
    },
    {
      id: 'version',
      header: t.t('translations.version'),
      numeric: true,
      cell: (row) => t.number(row.version),
    },
  ];

  const data = query.data;
  return (
    <>
      <h1>{t.t('translations.title')}</h1>
      <p>{t.t('translations.intro')}</p>
      <FilterForm
        action={listPath(locale, domain)}
        label={t.t('translations.choose')}
        submitLabel={t.t('translations.show')}
        resetKey={`${locale}/${domain}/${search.status ?? ''}/${search.q ?? ''}`}
        onFilter={choose}
      >
        <div className="admin-field">
          <label htmlFor="translation-locale">{t.t('translations.language')}</label>
          <select id="translation-locale" name="local" defaultValue={locale}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {localeName(l)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="translation-domain">{t.t('translations.dictionary')}</label>
          <select id="translation-domain" name="domain" defaultValue={domain}>
            {TRANSLATION_DOMAINS.map((d) => (
              <option key={d} value={d}>
                {t.t(`translations.dictionaries.${d}` as AdminKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="translation-status">{t.t('translations.status')}</label>
          <select id="translation-status" name="status" defaultValue={search.status ?? ''}>
            <option value="">{t.t('translations.statuses.all')}</option>
            {TRANSLATION_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {t.t(`translations.statuses.${status}` as AdminKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="translation-q">{t.t('translations.search')}</label>
          <input id="translation-q" name="q" type="search" defaultValue={search.q ?? ''} maxLength={200} />
        </div>
      </FilterForm>
      <TranslationFiles locale={locale} domain={domain} />
      {query.isError && !data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section aria-busy={query.isFetching} className="admin-list">
          <div className="admin-list__bar">
            <p className="admin-list__total">
              {t.t('translations.counts', {
                keys: t.number(data.counts.keys),
                overridden: t.number(data.counts.overridden),
                missing: t.number(data.counts.missing),
                unused: t.number(data.counts.unused),
              })}
            </p>
          </div>
          {data.entries.length === 0 ? (
            <p>{t.t('list.empty')}</p>
          ) : (
            <DataTable
              caption={t.t('translations.caption')}
              columns={columns}
              rows={data.entries}
              rowKey={(row) => row.key}
            />
          )}
        </section>
      ) : null}
    </>
  );
}

/** Export links and the import form of the chosen language and dictionary. */
function TranslationFiles({ locale, domain }: { locale: Locale; domain: TranslationDomain }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return;
    setPending(true);
    try {
      const content = await file.text();
      const format = content.trimStart().startsWith('<') ? 'xliff' : 'json';
      const result = await importTranslations(locale, domain, format, content);
      setNotice({
        ok: true,
        text: t.t('translations.imported', {
          changed: t.number(result.changed.length),
          unchanged: t.number(result.unchanged),
        }),
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'translations', locale, domain] });
    } catch (error) {
      const fields = error instanceof AdminApiError ? (error.body.fields ?? {}) : {};
      const lines = Object.entries(fields).map(([key, problems]) => `${key}: ${problems.join(' ')}`);
      setNotice(
        lines.length > 0
          ? { ok: false, text: t.t('translations.importRefused'), lines }
          : { ok: false, text: t.t('translations.failed') },
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="admin-translation-files">
      <p>
        {t.t('translations.export')}:{' '}
        <a href={exportTranslationsUrl(locale, domain, 'json')} download>
          {t.t('translations.exportJson')}
        </a>
        {' · '}
        <a href={exportTranslationsUrl(locale, domain, 'xliff')} download>
          {t.t('translations.exportXliff')}
        </a>
      </p>
      <form
        className="admin-filters"
        onSubmit={(e) => void upload(e)}
        aria-label={t.t('translations.import')}
      >
        <div className="admin-field">
          <label htmlFor="translation-file">{t.t('translations.file')}</label>
          <input
            id="translation-file"
            name="file"
            type="file"
            accept=".json,.xlf,.xliff,application/json"
            required
          />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button" disabled={pending}>
            {t.t('translations.importButton')}
          </button>
        </div>
      </form>
      <NoticeRegions
        notice={notice}
        extra={
          notice?.lines ? (
            <ul>
              {notice.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : undefined
        }
      />
    </div>
  );
}
