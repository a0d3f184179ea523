/**
 * A content kind's list (`admin_faq_list`, `admin_homepage_banner_list`; content role): a GET form of the
 * language (in the URL), the items with their status and versions, each linking to its page, and a form
 * creating a new item's first draft (domain/content/README.md "Content items").
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import {
  CONTENT_KINDS,
  type ContentKind,
  SINGLETON_KINDS,
} from '../../../domain/content/items/contentKinds.ts';
import { LOCALES, type Locale } from '../../../domain/markets.ts';
import { generateUrl, type RouteBaseName } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { localeName } from '../../i18n/localeNames.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import {
  blogRatingsQuery,
  type ContentListItem,
  type ContentListSearch,
  contentListQuery,
  createContent,
  kindLabel,
} from '../contentApi.ts';
import { searchString } from '../listSearch.ts';
import { ContentFieldsForm, fieldsOf } from './ContentFieldsForm.tsx';
import { type Column, DataTable } from './DataTable.tsx';
import { FilterForm } from './FilterForm.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

export const LIST_ROUTES: Readonly<Record<ContentKind, RouteBaseName>> = {
  faq: 'admin_faq_list',
  homepage_banner: 'admin_homepage_banner_list',
  promo: 'admin_promo_list',
  homepage: 'admin_homepage',
  dealer_locator: 'admin_dealer_locator_edit',
  recovery_text: 'admin_recovery_text_edit',
  blog_category: 'admin_blog_category_list',
  blog_article: 'admin_blog_article_list',
  landing_page: 'admin_landing_page_list',
  language_switch_page: 'admin_language_switch_page_list',
  // The SEO kinds
  range: 'admin_range_list',
  facet: 'admin_facet_list',
  seo_promo: 'admin_seo_promo_edit',
  link_facet: 'admin_link_facet_edit',
};

export function ContentListView({ kind, search }: { kind: ContentKind; search: ContentListSearch }) {
  const t = useAdminT();
  const router = useRouter();
  const query = useQuery(contentListQuery(kind, search));
  // The blog's articles show their readers' rating.
  const ratings = useQuery({ ...blogRatingsQuery(), enabled: kind === 'blog_article' }).data?.ratings;
  const listPath = generateUrl(`${LIST_ROUTES[kind]}.${t.locale}`);
  const kindName = kindLabel(t, kind);

  const filter = (values: Readonly<Record<string, string>>) =>
    void router.navigate({ to: undefined, href: `${listPath}${searchString({ locale: values.locale })}` });

  const columns: Column<ContentListItem>[] = [
    {
      id: 'title',
      header: t.t('contentItems.title'),
      cell: (row) => (
        <AppLink href={generateUrl(`admin_content_item.${t.locale}`, { id: row.id })}>{row.title}</AppLink>
      ),
    },
    { id: 'locale', header: t.t('contentItems.language'), cell: (row) => localeName(row.locale) },
    {
      id: 'status',
      header: t.t('contentItems.status'),
      cell: (row) => t.t(`contentItems.statuses.${row.status}` as AdminKey),
    },
    {
      id: 'versions',
      header: t.t('contentItems.versions'),
      cell: (row) =>
        t.t('contentItems.versionsOf', {
          published:
            row.publishedVersion === null ? t.t('contentItems.none') : t.number(row.publishedVersion),
          latest: t.number(row.latestVersion),
        }),
    },
    ...(kind === 'blog_article'
      ? [
          {
            id: 'rating',
            header: t.t('blogAdmin.rating'),
            cell: (row: ContentListItem) => {
              const rating = ratings?.[row.id];
              return rating
                ? t.t('blogAdmin.ratingValue', {
                    average: t.number(rating.average),
                    count: t.number(rating.count),
                  })
                : t.t('blogAdmin.noRating');
            },
          },
        ]
      : []),
    {
      id: 'changed',
      header: t.t('contentItems.changed'),
      cell: (row) =>
        t.t('contentItems.changedBy', {
          date: t.moment(row.updatedAt),
          name: row.updatedBy ?? t.t('contentItems.none'),
        }),
    },
  ];

  const data = query.data;
  return (
    <>
      <h1>{t.t('contentItems.listTitle', { kind: kindName })}</h1>
      {/* Every kind's list, so staff find each from the content section. */}
      <nav className="admin-content-kinds" aria-label={t.t('nav.content')}>
        <ul>
          {CONTENT_KINDS.map((each) => (
            <li key={each}>
              <AppLink
                href={generateUrl(`${LIST_ROUTES[each]}.${t.locale}`)}
                aria-current={each === kind ? 'page' : undefined}
              >
                {kindLabel(t, each)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <FilterForm
        action={listPath}
        label={t.t('contentItems.filter')}
        submitLabel={t.t('contentItems.show')}
        resetKey={search.locale ?? 'all'}
        onFilter={filter}
      >
        <div className="admin-field">
          <label htmlFor="content-locale">{t.t('contentItems.language')}</label>
          <select id="content-locale" name="locale" defaultValue={search.locale ?? ''}>
            <option value="">{t.t('contentItems.allLanguages')}</option>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {localeName(l)}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {query.isError && !data ? <ErrorNotice onRetry={() => void query.refetch()} /> : null}
      {!data && query.isPending ? <Loading /> : null}
      {data ? (
        <section aria-busy={query.isFetching} className="admin-list">
          <div className="admin-list__bar">
            <p className="admin-list__total">{t.t('list.total', { count: t.number(data.items.length) })}</p>
          </div>
          {data.items.length === 0 ? (
            <p>{t.t('list.empty')}</p>
          ) : (
            <DataTable
              caption={t.t('contentItems.caption')}
              columns={columns}
              rows={data.items}
              rowKey={(r) => r.id}
            />
          )}
        </section>
      ) : null}
      <NewItem kind={kind} locale={search.locale ?? (t.locale as Locale)} />
    </>
  );
}

/** The new item's form: its language and fields; created as a draft, then its page. */
function NewItem({ kind, locale }: { kind: ContentKind; locale: Locale }) {
  const t = useAdminT();
  const router = useRouter();
  const id = useId();
  const [problems, setProblems] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const created = await createContent(
        kind,
        String(form.get('locale')) as Locale,
        fieldsOf(kind, form),
        key,
      );
      await router.navigate({
        to: undefined,
        href: generateUrl(`admin_content_item.${t.locale}`, { id: created.id }),
      });
    } catch (caught) {
      // An editor's kind: this language has its item already, open it (a taken slug is said by its field).
      const existing =
        caught instanceof AdminApiError && caught.status === 409 && SINGLETON_KINDS.has(kind)
          ? (caught.body as { id?: string }).id
          : undefined;
      if (existing) {
        await router.navigate({
          to: undefined,
          href: generateUrl(`admin_content_item.${t.locale}`, { id: existing }),
        });
        return;
      }
      const fields =
        caught instanceof AdminApiError && (caught.status === 400 || caught.status === 409)
          ? (caught.body.fields ?? null)
          : null;
      setProblems(fields ?? {});
      setError(t.t(fields ? 'contentItems.refused' : 'contentItems.failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.t('contentItems.newTitle')}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="admin-field">
          <label htmlFor={`${id}-locale`}>{t.t('contentItems.language')}</label>
          <select id={`${id}-locale`} name="locale" defaultValue={locale}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {localeName(l)}
              </option>
            ))}
          </select>
        </div>
        <ContentFieldsForm kind={kind} idPrefix={`${id}-new`} values={{}} problems={problems} />
        <div role="alert">{error ? <p className="admin-notice admin-notice--error">{error}</p> : null}</div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
            {t.t('contentItems.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
