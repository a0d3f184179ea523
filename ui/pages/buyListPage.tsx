/**
 * `page_buy_index` (used cars) and `page_buy_vn` (new cars), with up to four facet path segments:
 * `/de/kaufen/bmw/x3/diesel`. Segments are read with `parseFacetSegments` (unknown → 404) and a page
 * reached in another order than the canonical one redirects to it; sort, page and ranges are query
 * parameters. Hreflang alternates translate the facet words into each locale. A facet page staff wrote
 * (kind `facet`, keyed by its path) takes its title, description, robots, h1 and intro from the published
 * item; the footer's SEO links (kind `link_facet`) close the page (domain/content/README.md "SEO content").
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { type FacetFilters, facetSegments, parseFacetSegments } from '../../domain/catalogue/facetSlugs.ts';
import type { Condition } from '../../domain/catalogue/vocabulary.ts';
import type { Locale } from '../../domain/markets.ts';
import { contentQuery, searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { ActiveFilters } from '../components/ActiveFilters.tsx';
import { AppLink } from '../components/AppLink.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { FacetSidebar } from '../components/FacetSidebar.tsx';
import { Icon } from '../components/Icon.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { footerLinksQuery, SeoFooterLinks } from '../components/SeoFooterLinks.tsx';
import { SortForm } from '../components/SortForm.tsx';
import type { Translator } from '../i18n/createTranslator.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { tidyText } from '../i18n/tidyText.ts';
import { carUrl } from '../router/carUrl.ts';
import { listUrl, REFERENCE_CATALOGUE } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { previewOf } from './contentPreview.ts';
import { activeFilters, facetGroups, facetLabel, type ListContext } from './facetGroups.ts';
import { FACET_PARAMS, type ListSearch, listQuery, listSearchQuery, readListSearch } from './listState.ts';

interface ListProps {
  readonly condition: Condition;
  readonly filters: FacetFilters;
  readonly search: ListSearch;
  readonly preview: string | null;
}

/** The facet page's text staff wrote (its unique key is the page's path). */
const facetTextQuery = (
  locale: Locale,
  condition: Condition,
  filters: FacetFilters,
  preview: string | null,
) => contentQuery('facet', locale, preview ?? undefined, listUrl(locale, condition, filters));

/** "BMW X3 Diesel": the path filters in words. */
function filtersText(t: Translator, filters: FacetFilters): string {
  const parts: string[] = [];
  for (const facet of ['brand', 'model', 'fuel', 'body', 'gearbox', 'colour'] as const) {
    const value = filters[facet];
    if (value !== undefined && (facet !== 'model' || filters.brand))
      parts.push(facetLabel(t, facet, value, filters));
  }
  return parts.join(' ');
}

function BuyListPage({ match, condition, filters, search, preview }: PageProps<ListProps>) {
  const t = useTranslator();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { locale } = match;
  const query = listSearchQuery(condition, filters, search);
  // The loader ensured it (the list is the page): here at once, on the server and when hydrating.
  const result = useSuspenseQuery(searchCarsQuery(locale, query));
  const data = result.data;
  const context: ListContext = { t, condition, filters, search };
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const kept = listQuery(search);
  const base = t.t(condition === 'new' ? 'list.titleNew' : 'list.titleUsed');
  const described = filtersText(t, filters);
  const active = activeFilters(context);
  const facetText = useOptionalQuery(facetTextQuery(locale, condition, filters, preview)).data?.[0]?.fields;
  return (
    <>
      <PageIntro
        title={facetText?.h1 ?? (described ? `${base} ${described}` : base)}
        {...(facetText && data.page === 1 ? { text: facetText.intro } : {})}
      >
        <div className="page-intro__row">
          <p className="page-intro__count" aria-live="polite">
            {t.plural('list.results', data.total)}
          </p>
          <nav className="tabs" aria-label={t.t('facets.condition')}>
            {(['used', 'new'] as const).map((value) => (
              <AppLink
                key={value}
                className={value === condition ? 'tabs__tab is-active' : 'tabs__tab'}
                aria-current={value === condition ? 'page' : undefined}
                href={listUrl(locale, value, filters)}
              >
                {t.t(value === 'new' ? 'nav.new' : 'nav.used')}
              </AppLink>
            ))}
          </nav>
        </div>
      </PageIntro>
      <div className="container list-layout">
        <button
          type="button"
          className="btn btn--ghost filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="list-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <Icon name="search" size={18} />
          {t.t('list.filters')}
          {active.length > 0 ? <span className="filters-toggle__count">{active.length}</span> : null}
        </button>
        <noscript>
          <style>{'.list-layout__filters{display:block!important}.filters-toggle{display:none}'}</style>
        </noscript>
        <aside
          id="list-filters"
          className={filtersOpen ? 'list-layout__filters is-open' : 'list-layout__filters'}
          aria-labelledby="filters-title"
        >
          <FacetSidebar groups={facetGroups(context, data.facets)} />
        </aside>
        <section className="list-layout__results" aria-label={base}>
          <div className="results-bar">
            <ActiveFilters filters={active} clearHref={listUrl(locale, condition)} />
            <SortForm
              action={listUrl(locale, condition, filters)}
              sort={search.sort ?? 'newest'}
              keep={kept}
              hrefOf={(sort) =>
                listUrl(
                  locale,
                  condition,
                  filters,
                  listQuery(search, { sort: sort === 'newest' ? undefined : sort, page: undefined }),
                )
              }
            />
          </div>
          {/* A refetch that failed keeps the list shown, with a warning. */}
          {result.isError ? <Notice tone="warning">{t.t('error.unavailable')}</Notice> : null}
          {data.cars.length === 0 ? (
            <Notice>
              <strong>{t.t('list.noResults')}</strong> {t.t('list.noResultsHint')}
            </Notice>
          ) : null}
          <CarGrid cars={data.cars} headingLevel={2} />
          <Pagination
            page={data.page}
            pages={pages}
            hrefOf={(page) =>
              listUrl(locale, condition, filters, listQuery(search, { page: page > 1 ? page : undefined }))
            }
          />
        </section>
      </div>
      <SeoFooterLinks locale={locale} />
    </>
  );
}

function alternates(
  condition: Condition,
  filters: FacetFilters,
  page: number,
): Partial<Record<Locale, string>> {
  const query = page > 1 ? { page } : {};
  const paths: Partial<Record<Locale, string>> = {};
  for (const locale of ['at', 'de', 'es', 'fr', 'fr-BE', 'it', 'nl-BE', 'pl', 'pt'] as const) {
    paths[locale] = listUrl(locale, condition, filters, query);
  }
  return paths;
}

export const buyListPage = definePage<ListProps>({
  async load({ match, search: rawSearch, queryClient, t, origin }) {
    const { locale } = match;
    const condition: Condition = match.route === 'page_buy_vn' ? 'new' : 'used';
    const search = readListSearch(rawSearch);
    const segments = FACET_PARAMS.map((key) => match.params[key]).filter((v): v is string => v !== undefined);
    const filters = segments.length === 0 ? {} : parseFacetSegments(locale, segments, REFERENCE_CATALOGUE);
    if (filters === null) throw notFound();

    // The home page's quick search sent without JavaScript: go to the facet URL it means.
    if (search.brand !== undefined || search.model !== undefined || search.condition !== undefined) {
      const brand = search.brand && REFERENCE_CATALOGUE.isBrand(search.brand) ? search.brand : filters.brand;
      const model =
        brand && search.model && REFERENCE_CATALOGUE.isModel(brand, search.model) ? search.model : undefined;
      const next: FacetFilters = { ...filters, ...(brand ? { brand } : {}), ...(model ? { model } : {}) };
      throw redirect({
        href: listUrl(locale, search.condition ?? condition, next, listQuery(search)),
        statusCode: 302,
      });
    }
    if (facetSegments(locale, filters).join('/') !== segments.join('/')) {
      throw redirect({ href: listUrl(locale, condition, filters, listQuery(search)), statusCode: 301 });
    }

    const query = listSearchQuery(condition, filters, search);
    const preview = previewOf(rawSearch);
    const [result] = await Promise.all([
      queryClient.ensureQueryData(searchCarsQuery(locale, query)),
      queryClient.prefetchQuery(facetTextQuery(locale, condition, filters, preview)),
      queryClient.prefetchQuery(footerLinksQuery(locale)),
    ]);
    if (query.page > 1 && result.cars.length === 0) throw notFound();
    const facetText = queryClient.getQueryData(
      facetTextQuery(locale, condition, filters, preview).queryKey,
    )?.[0]?.fields;

    const base = t.t(condition === 'new' ? 'list.titleNew' : 'list.titleUsed');
    const described = filtersText(t, filters);
    const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
    const title = [
      facetText?.title ?? (described ? `${base} ${described}` : base),
      query.page > 1 ? t.t('list.pageOf', { page: query.page, pages }) : '',
    ]
      .filter(Boolean)
      .join(' – ');
    const description = tidyText(
      facetText?.description ??
        t.t(condition === 'new' ? 'list.descriptionNew' : 'list.descriptionUsed', { filters: described }),
      t.market.language,
    );
    const links = alternates(condition, filters, query.page);
    const head = {
      title,
      description,
      canonical: links[locale] ?? listUrl(locale, condition, filters),
      alternates: links,
      ...(facetText?.indexable === 'no' || preview ? { noindex: true } : {}),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: title,
        numberOfItems: result.total,
        itemListElement: result.cars.map((car, index) => ({
          '@type': 'ListItem',
          position: (query.page - 1) * query.pageSize + index + 1,
          url: `${origin}${carUrl(car, locale) ?? ''}`,
        })),
      },
    };
    return { head, props: { condition, filters, search, preview } };
  },
  Component: BuyListPage,
});
