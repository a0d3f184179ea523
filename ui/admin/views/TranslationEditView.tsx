/**
 * One text's editor (`admin_translation_edit`, content role): the French reference and the shipped text
 * beside a form of the text shown, with the `{{parameters}}` it must keep; "save" names the version the
 * editor read (a change by someone else meanwhile is shown, theirs to read, and a second save replaces
 * it), "restore" goes back to the shipped text. The site shows a change at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  placeholdersOf,
  type TranslationDomain,
} from '../../../domain/content/translations/translationOverrides.ts';
import type { Locale } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import {
  restoreTranslation,
  saveTranslation,
  type TranslationEntry,
  translationEntryQuery,
} from '../translationsApi.ts';
import { ErrorNotice, Loading, NotFoundView, type Notice, NoticeRegions } from './StatusViews.tsx';

export function TranslationEditView(props: { locale: Locale; domain: TranslationDomain; textKey: string }) {
  const { locale, domain, textKey } = props;
  const t = useAdminT();
  const query = useQuery(translationEntryQuery(locale, domain, textKey));
  const back = generateUrl(`admin_translation_list.${t.locale}`, { local: locale, domain });
  if (query.isError && query.data === undefined) return <ErrorNotice onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loading />;
  if (!query.data || query.data.status === 'unused') return <NotFoundView />;
  return (
    <>
      <p>
        <AppLink href={`${back}?q=${encodeURIComponent(textKey)}`}>{t.t('translations.back')}</AppLink>
      </p>
      <h1>
        {t.t('translations.editTitle')} <code>{textKey}</code>
      </h1>
      <EditForm key={textKey} entry={query.data} locale={locale} domain={domain} />
    </>
  );
}

function EditForm(props: { entry: TranslationEntry; locale: Locale; domain: TranslationDomain }) {
  const { entry, locale, domain } = props;
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [text, setText] = useState(entry.text ?? entry.shipped ?? '');
  const [version, setVersion] = useState(entry.version);
  const [overridden, setOverridden] = useState(entry.text !== null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const parameters = placeholdersOf(entry.shipped ?? entry.reference ?? '');

  const act = async (run: () => Promise<TranslationEntry>, done: string) => {
    setPending(true);
    setFieldError(null);
    try {
      const answer = await run();
      setVersion(answer.version);
      setText(answer.text ?? answer.shipped ?? '');
      setOverridden(answer.text !== null);
      setNotice({ ok: true, text: done });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'translations', locale, domain] });
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409) {
        const theirs = error.body as { version?: number; text?: string };
        // Their version becomes the one the next save names: a second save replaces their text, knowingly.
        if (typeof theirs.version === 'number') setVersion(theirs.version);
        setNotice({
          ok: false,
          text: t.t('translations.conflict', {
            version: t.number(theirs.version ?? 0),
            text: theirs.text ?? '',
          }),
        });
      } else if (error instanceof AdminApiError && error.status === 400 && error.body.fields?.text) {
        setFieldError(error.body.fields.text.join(' '));
        setNotice(null);
      } else if (error instanceof AdminApiError && error.status === 404) {
        setNotice({ ok: false, text: t.t('translations.notFound') });
      } else {
        setNotice({ ok: false, text: t.t('translations.failed') });
      }
    } finally {
      setPending(false);
    }
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(() => saveTranslation(locale, domain, entry.key, text, version), t.t('translations.saved'));
  };

  return (
    <div className="admin-translation-edit">
      <dl className="admin-facts">
        <dt>{t.t('translations.reference')}</dt>
        <dd lang="fr">{entry.reference ?? '—'}</dd>
        <dt>{t.t('translations.shipped')}</dt>
        <dd lang={locale}>{entry.shipped ?? t.t('translations.missingText')}</dd>
        <dt>{t.t('translations.version')}</dt>
        <dd>{t.number(version)}</dd>
      </dl>
      <form onSubmit={save} noValidate aria-label={t.t('translations.editKey', { key: entry.key })}>
        <div className="admin-field">
          <label htmlFor={`${id}-text`}>
            {t.t('translations.newText', { language: localeName(locale) })}
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            rows={4}
            lang={locale}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-help${fieldError ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-help`} className="admin-field__help">
            {parameters.length > 0
              ? t.t('translations.parameters', { names: parameters.map((p) => `{{${p}}}`).join(', ') })
              : t.t('translations.noParameters')}
          </p>
          {fieldError ? (
            <p id={`${id}-error`} className="admin-field__error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
            {t.t('translations.save')}
          </button>
          {overridden ? (
            <button
              type="button"
              className="admin-button"
              disabled={pending}
              onClick={() =>
                void act(
                  () => restoreTranslation(locale, domain, entry.key, version),
                  t.t('translations.restored'),
                )
              }
            >
              {t.t('translations.restore')}
            </button>
          ) : null}
        </div>
      </form>
      <NoticeRegions notice={notice} />
    </div>
  );
}
