/**
 * `my_account_favorite`: the cars the visitor (by session) or customer marked as favorites, from
 * `GET /api/favorites`. The page is personal (pages.ts): the server renders it with the buyer's session,
 * so the list is there without JavaScript; an empty list or a failed call shows the empty state. "Remove
 * all" is a real form posting `delete-all-favorites` with its CSRF field (303 back). Status 200, kept
 * out of search results.
 */

import { useQuery } from '@tanstack/react-query';
import { apiOf } from '../api/createQueryClient.ts';
import { favoritesQuery } from '../api/queries.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { FavoriteButton } from '../components/FavoriteButton.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { listUrl } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

interface FavoritesPageProps {
  readonly csrfToken: string;
}

function FavoritesPage({ match, csrfToken }: PageProps<FavoritesPageProps>) {
  const t = useTranslator();
  const { locale } = match;
  // Left to the browser when the server's call failed (ui/README.md, "Reading data"): plain useQuery
  // shows it loading, and asks again once hydrated.
  const favorites = useQuery({ ...favoritesQuery(), retry: false });
  const cars = favorites.data?.cars ?? [];
  const loading = favorites.isPending;
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              { label: t.t('account.title'), href: urlFor('my_account_dashboard', locale) },
              { label: t.t('favorites.title') },
            ]}
          />
        }
        title={t.t('favorites.title')}
        text={t.t('favorites.intro')}
      >
        <p className="page-intro__count" aria-live="polite">
          {favorites.data ? t.plural('favorites.count', cars.length) : '\u00a0'}
        </p>
      </PageIntro>
      <section className="container section" aria-busy={loading}>
        {loading ? (
          <p className="loading-line" role="status">
            {t.t('favorites.loading')}
          </p>
        ) : cars.length === 0 ? (
          <div className="empty-state">
            <Icon name="car" size={40} />
            <h2>{t.t('favorites.empty')}</h2>
            <p>{t.t('favorites.emptyHint')}</p>
            <AppLink className="btn btn--primary" href={listUrl(locale, 'used')}>
              {t.t('favorites.browse')}
            </AppLink>
          </div>
        ) : (
          <>
            <form
              method="post"
              action={urlFor('ajax_delete_all_favorites', locale)}
              className="favorites__clear"
              aria-label={t.t('favorites.removeAllLabel')}
            >
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="_back" value={urlFor('my_account_favorite', locale)} />
              <button type="submit" className="btn btn--ghost">
                {t.t('favorites.removeAll')}
              </button>
            </form>
            <CarGrid cars={cars} headingLevel={2} action={(car) => <FavoriteButton carId={car.carId} />} />
          </>
        )}
      </section>
    </>
  );
}

export const favoritesPage = definePage<FavoritesPageProps>({
  async load({ match, t, queryClient, personal }) {
    const head = pageHead(match, t.t('favorites.title'), t.t('favorites.description'), { noindex: true });
    // Rendered with the list (the buyer's session); a failed call shows the empty state.
    await queryClient.prefetchQuery(favoritesQuery());
    const csrfToken =
      personal?.csrfToken ?? (await apiOf(queryClient).getJson<{ token: string }>('/api/csrf')).token;
    return { head, props: { csrfToken } };
  },
  Component: FavoritesPage,
});
