/**
 * One content item (`admin_content_item`, content role): its status, a link previewing the draft on the
 * storefront's page, the latest version's fields to save as a new version (naming the version read: a
 * save by someone else meanwhile is said), publication (a version, now or from a later time), unpublish,
 * delete, and the history: every version with its author, two of them compared field by field, and a way
 * back to any of them (a new version with its fields).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import {
  CONTENT_FORMS,
  type ContentDetail,
  contentCommand,
  contentItemQuery,
  fieldLabel,
  kindLabel,
  landingLeadsQuery,
  previewUrl,
  removeLandingPdf,
} from '../contentApi.ts';
import { ContentFieldsForm, fieldsOf, optionLabel } from './ContentFieldsForm.tsx';
import { LIST_ROUTES } from './ContentListView.tsx';
import { SeoPageCheck } from './SeoPageCheck.tsx';
import { ErrorNotice, Loading, NotFoundView, type Notice, NoticeRegions } from './StatusViews.tsx';

export function ContentItemView({ id }: { id: string }) {
  const t = useAdminT();
  const query = useQuery(contentItemQuery(id));
  if (query.isError && !(query.error instanceof AdminApiError && query.error.status === 404))
    return <ErrorNotice onRetry={() => void query.refetch()} />;
  if (query.isError) return <NotFoundView />;
  if (query.isPending) return <Loading />;
  return <ItemPage item={query.data} t={t} />;
}

function ItemPage({ item, t }: { item: ContentDetail; t: ReturnType<typeof useAdminT> }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const id = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [problems, setProblems] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [pending, setPending] = useState(false);
  const [compare, setCompare] = useState<[number, number]>([
    item.latestVersion,
    Math.max(1, item.latestVersion - 1),
  ]);
  const latest = item.versions[0]!;
  const kindName = kindLabel(t, item.kind);
  const listHref = generateUrl(`${LIST_ROUTES[item.kind]}.${t.locale}`);

  const run = async (
    action: Parameters<typeof contentCommand>[1],
    body: Record<string, unknown>,
    done: (d: ContentDetail) => string,
  ) => {
    setPending(true);
    setProblems({});
    try {
      const answer = await contentCommand(item.id, action, body);
      setNotice({ ok: true, text: done(answer) });
      if (action === 'delete') {
        await queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
        await router.navigate({ to: undefined, href: listHref });
        return;
      }
      queryClient.setQueryData(contentItemQuery(item.id).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'content', item.kind] });
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 400) {
        setProblems(error.body.fields ?? {});
        setNotice({ ok: false, text: t.t('contentItems.refused') });
      } else if (error instanceof AdminApiError && error.status === 409 && error.body.fields) {
        // A unique key (a slug) another item holds: said by its field.
        setProblems(error.body.fields);
        setNotice({ ok: false, text: t.t('contentItems.refused') });
      } else if (error instanceof AdminApiError && error.status === 409) {
        const version = (error.body as { version?: number }).version;
        setNotice({
          ok: false,
          text:
            typeof version === 'number'
              ? t.t('contentItems.conflict', { version: t.number(version) })
              : t.t('contentItems.notAllowed'),
        });
      } else {
        setNotice({ ok: false, text: t.t('contentItems.failed') });
      }
    } finally {
      setPending(false);
    }
  };

  /** A landing page's brochure removed: a new version without it (SPEC "pdf removal"). */
  const removePdf = async () => {
    setPending(true);
    try {
      const { latestVersion } = await removeLandingPdf(item.id, item.latestVersion);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
      setNotice({ ok: true, text: t.t('landing.pdfRemoved', { version: t.number(latestVersion) }) });
    } catch (error) {
      const version =
        error instanceof AdminApiError ? (error.body as { version?: number }).version : undefined;
      setNotice({
        ok: false,
        text:
          typeof version === 'number'
            ? t.t('contentItems.conflict', { version: t.number(version) })
            : t.t('contentItems.failed'),
      });
    } finally {
      setPending(false);
    }
  };

  const published = item.published
    ? t.t(
        Date.parse(item.published.from) > Date.now()
          ? 'contentItems.publishedLater'
          : 'contentItems.publishedFrom',
        {
          version: t.number(item.published.version),
          date: t.moment(item.published.from),
        },
      )
    : t.t('contentItems.notPublished');

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = fieldsOf(item.kind, new FormData(event.currentTarget));
    void run('save', { fields, expectedVersion: item.latestVersion }, (d) =>
      d.latestVersion === item.latestVersion
        ? t.t('contentItems.unchanged')
        : t.t('contentItems.saved', { version: t.number(d.latestVersion) }),
    );
  };
  const publish = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const version = Number(form.get('version'));
    const local = String(form.get('from') ?? '');
    const from = local ? new Date(local).toISOString() : undefined;
    void run('publish', { version, ...(from ? { from } : {}) }, () =>
      t.t('contentItems.publishedNow', { version: t.number(version) }),
    );
  };
  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run('delete', {}, () => t.t('contentItems.deleted'));
  };

  const [a, b] = compare;
  const versionA = item.versions.find((v) => v.version === a);
  const versionB = item.versions.find((v) => v.version === b);

  return (
    <>
      <p>
        <AppLink href={listHref}>{t.t('contentItems.back')}</AppLink>
      </p>
      <h1>{t.t('contentItems.itemTitle', { kind: kindName, locale: localeName(item.locale) })}</h1>
      <p>
        {t.t('contentItems.statusLine', { latest: t.number(item.latestVersion), published })}{' '}
        <a href={previewUrl(item.kind, item.locale, item.id, latest.fields)} target="_blank" rel="noopener">
          {t.t('contentItems.preview')}
        </a>
      </p>
      <NoticeRegions notice={notice} />

      <section className="admin-panel" aria-labelledby={`${id}-edit`}>
        <h2 id={`${id}-edit`}>{t.t('contentItems.edit')}</h2>
        <form onSubmit={save} noValidate key={item.latestVersion}>
          <ContentFieldsForm
            kind={item.kind}
            idPrefix={`${id}-field`}
            values={latest.fields}
            problems={problems}
            locale={item.locale}
            itemId={item.id}
          />
          <div className="admin-filters__actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
              {t.t('contentItems.save')}
            </button>
          </div>
        </form>
      </section>

      {item.kind === 'landing_page' ? (
        <LandingPanel item={item} pending={pending} onRemovePdf={() => void removePdf()} />
      ) : null}
      {item.kind === 'range' || item.kind === 'facet' ? (
        <SeoPageCheck kind={item.kind} locale={item.locale} fields={latest.fields} />
      ) : null}

      <section className="admin-panel" aria-labelledby={`${id}-publish`}>
        <h2 id={`${id}-publish`}>{t.t('contentItems.publishTitle')}</h2>
        <form className="admin-filters" onSubmit={publish} key={`p${item.latestVersion}`}>
          <div className="admin-field">
            <label htmlFor={`${id}-version`}>{t.t('contentItems.publishVersion')}</label>
            <select id={`${id}-version`} name="version" defaultValue={String(item.latestVersion)}>
              {item.versions.map((v) => (
                <option key={v.version} value={v.version}>
                  {t.number(v.version)}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-from`}>{t.t('contentItems.publishFrom')}</label>
            <input id={`${id}-from`} name="from" type="datetime-local" />
          </div>
          <div className="admin-filters__actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
              {t.t('contentItems.publish')}
            </button>
            {item.allowed.includes('unpublish') ? (
              <button
                type="button"
                className="admin-button"
                disabled={pending}
                onClick={() => void run('unpublish', {}, () => t.t('contentItems.unpublished'))}
              >
                {t.t('contentItems.unpublish')}
              </button>
            ) : null}
          </div>
        </form>
      </section>

      <section className="admin-panel" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>{t.t('contentItems.history')}</h2>
        <table className="admin-table">
          <caption>{t.t('contentItems.historyCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t.t('contentItems.version')}</th>
              <th scope="col">{t.t('contentItems.savedAt')}</th>
              <th scope="col">{t.t('contentItems.compareA')}</th>
              <th scope="col">{t.t('contentItems.compareB')}</th>
              <th scope="col">{t.t('contentItems.revert')}</th>
            </tr>
          </thead>
          <tbody>
            {item.versions.map((v) => (
              <tr key={v.version}>
                <td data-label={t.t('contentItems.version')}>
                  {t.number(v.version)}
                  {item.published?.version === v.version ? ` · ${t.t('contentItems.published')}` : ''}
                  {v.revertedFrom ? (
                    <>
                      <br />
                      <small>{t.t('contentItems.revertedFrom', { version: t.number(v.revertedFrom) })}</small>
                    </>
                  ) : null}
                </td>
                <td data-label={t.t('contentItems.savedAt')}>
                  {v.savedAt
                    ? t.t('contentItems.changedBy', { date: t.moment(v.savedAt), name: v.savedBy ?? '—' })
                    : '—'}
                </td>
                <td data-label={t.t('contentItems.compareA')}>
                  <input
                    type="radio"
                    name={`${id}-a`}
                    checked={a === v.version}
                    onChange={() => setCompare([v.version, b])}
                    aria-label={t.t('contentItems.compareLabelA', { version: t.number(v.version) })}
                  />
                </td>
                <td data-label={t.t('contentItems.compareB')}>
                  <input
                    type="radio"
                    name={`${id}-b`}
                    checked={b === v.version}
                    onChange={() => setCompare([a, v.version])}
                    aria-label={t.t('contentItems.compareLabelB', { version: t.number(v.version) })}
                  />
                </td>
                <td data-label={t.t('contentItems.revert')}>
                  {v.version !== item.latestVersion ? (
                    <button
                      type="button"
                      className="admin-button"
                      disabled={pending}
                      onClick={() =>
                        void run(
                          'revert',
                          { toVersion: v.version, expectedVersion: item.latestVersion },
                          (d) =>
                            t.t('contentItems.reverted', {
                              version: t.number(d.latestVersion),
                              from: t.number(v.version),
                            }),
                        )
                      }
                    >
                      {t.t('contentItems.revertLabel', { version: t.number(v.version) })}
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {versionA && versionB ? (
          <>
            <h3>{t.t('contentItems.compareTitle', { a: t.number(a), b: t.number(b) })}</h3>
            <table className="admin-table admin-compare">
              <caption>{t.t('contentItems.compareCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.t('contentItems.field')}</th>
                  <th scope="col">A · {t.number(a)}</th>
                  <th scope="col">B · {t.number(b)}</th>
                </tr>
              </thead>
              <tbody>
                {CONTENT_FORMS[item.kind].map((field) => {
                  const shown = (value: unknown) =>
                    field.input === 'select'
                      ? t.t(optionLabel(field, String(value)))
                      : Array.isArray(value)
                        ? value.join(', ')
                        : value && typeof value === 'object'
                          ? String(
                              (value as { name?: string; photoId?: string }).name ??
                                (value as { photoId?: string }).photoId,
                            )
                          : String(value ?? '');
                  const left = shown(versionA.fields[field.name]);
                  const right = shown(versionB.fields[field.name]);
                  const differs = left !== right;
                  return (
                    <tr key={field.name} className={differs ? 'admin-compare__changed' : undefined}>
                      <th scope="row">
                        {fieldLabel(t, field)}
                        {differs ? <small> · {t.t('contentItems.different')}</small> : null}
                      </th>
                      <td data-label={`A · ${t.number(a)}`}>{left}</td>
                      <td data-label={`B · ${t.number(b)}`}>{right}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        ) : null}
      </section>

      <section className="admin-panel" aria-labelledby={`${id}-delete`}>
        <h2 id={`${id}-delete`}>{t.t('contentItems.deleteTitle')}</h2>
        <form onSubmit={remove}>
          <div className="admin-check">
            <input id={`${id}-confirm`} type="checkbox" name="confirm" required />
            <label htmlFor={`${id}-confirm`}>{t.t('contentItems.deleteConfirm')}</label>
          </div>
          <button type="submit" className="admin-button" disabled={pending}>
            {t.t('contentItems.delete')}
          </button>
        </form>
      </section>
    </>
  );
}

/** A landing page's leads (how many were sent from it) and its brochure's removal. */
function LandingPanel(props: { item: ContentDetail; pending: boolean; onRemovePdf: () => void }) {
  const t = useAdminT();
  const id = useId();
  const leads = useQuery(landingLeadsQuery(props.item.id));
  const pdf = props.item.versions[0]?.fields.pdf as { name?: string } | '' | undefined;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-leads`}>
      <h2 id={`${id}-leads`}>{t.t('landing.leadsTitle')}</h2>
      <p data-testid="landing-lead-count">
        {leads.data ? t.t('landing.leadsCount', { count: t.number(leads.data.count) }) : t.t('app.loading')}
      </p>
      {pdf ? (
        <p>
          {t.t('landing.current', { name: pdf.name ?? '' })}{' '}
          <button type="button" className="admin-button" disabled={props.pending} onClick={props.onRemovePdf}>
            {t.t('landing.removePdf')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
