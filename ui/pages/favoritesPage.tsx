/**
 * `my_account_favorite`: the cars the visitor (by session) or customer marked as favorites, from
 * `GET /api/favorites`. The list is personal, so the server renders the page without it (a loading
 * state) and the browser fetches it; an empty list or a failed call shows the empty state. Status 200,
 * kept out of search results.
 */
import { useQuery } from '@tanstack/react-query';
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

// Only in the browser: the server's in-process calls carry no session cookie.
const inBrowser = typeof window !== 'undefined';

function FavoritesPage({ match }: PageProps<object>) {
  const t = useTranslator();
  const { locale } = match;
  const favorites = useQuery({ ...favoritesQuery(), enabled: inBrowser, retry: false });
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
          <CarGrid cars={cars} headingLevel={2} action={(car) => <FavoriteButton carId={car.carId} />} />
        )}
      </section>
    </>
  );
}

export const favoritesPage = definePage<object>({
  async load({ match, t }) {
    const head = pageHead(match, t.t('favorites.title'), t.t('favorites.description'), { noindex: true });
    return { head, props: {} };
  },
  Component: FavoritesPage,
});
