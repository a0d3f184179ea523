/**
 * `front_pages_index`: hero with the quick search, the promises, the banners staff publish (content items,
 * domain/content/README.md; `?preview=<id>` shows a staff member a banner's draft), popular brands, latest
 * cars.
 */

import type { Locale } from '../../domain/markets.ts';
import { brandsQuery, contentQuery, searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { BrandTiles } from '../components/BrandTiles.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { BannerPicture } from '../components/CarPhotoPicture.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { Notice } from '../components/Notice.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { SITE_NAME } from '../components/siteName.ts';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { previewOf } from './contentPreview.ts';
import { pageHead } from './pageHead.ts';

const LATEST = { sort: 'newest', page: 1, pageSize: 8 } as const;
const TOP_BRANDS = 12;

const PROMISES: readonly { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'tag', title: 'home.usp1Title', text: 'home.usp1Text' },
  { icon: 'shield', title: 'home.usp2Title', text: 'home.usp2Text' },
  { icon: 'truck', title: 'home.usp3Title', text: 'home.usp3Text' },
];

interface Props {
  readonly preview: string | null;
}

const bannersQuery = (locale: Locale, preview: string | null) =>
  contentQuery('homepage_banner', locale, preview ?? undefined);
/** The hero's words staff edit (admin_homepage); without a published one, the shipped words. */
const heroQuery = (locale: Locale, preview: string | null) =>
  contentQuery('homepage', locale, preview ?? undefined);

function HomePage({ match, preview }: PageProps<Props>) {
  const t = useTranslator();
  // Optional as the other sections: without them the page still renders.
  const banners = useOptionalQuery(bannersQuery(match.locale, preview)).data ?? [];
  const hero = useOptionalQuery(heroQuery(match.locale, preview)).data?.[0]?.fields;
  const brands = useOptionalQuery(brandsQuery(match.locale));
  const latest = useOptionalQuery(searchCarsQuery(match.locale, LATEST));
  const topBrands = [...(brands.data ?? [])].sort((a, b) => b.count - a.count).slice(0, TOP_BRANDS);
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1>{hero?.heroTitle ?? t.t('home.heroTitle')}</h1>
            <p>{hero?.heroText ?? t.t('home.heroText')}</p>
          </div>
          <SearchBox />
        </div>
      </section>

      <section className="container promises" aria-label={t.t('site.tagline')}>
        {PROMISES.map((promise) => (
          <div className="promise" key={promise.title}>
            <span className="promise__icon">
              <Icon name={promise.icon} size={26} />
            </span>
            <div>
              <h2>{t.t(promise.title)}</h2>
              <p>{t.t(promise.text)}</p>
            </div>
          </div>
        ))}
      </section>

      {banners.length > 0 ? (
        <section className="container banners" aria-label={t.t('home.bannersLabel')}>
          {banners.map(({ id, fields }) => (
            <article key={id} className="banner">
              <BannerPicture image={fields.image} />
              <h2>{fields.title}</h2>
              <p className="banner__text">{fields.text}</p>
              <AppLink className="btn btn--primary" href={fields.linkUrl}>
                {fields.linkLabel}
              </AppLink>
            </article>
          ))}
        </section>
      ) : null}

      <section className="container section" aria-labelledby="home-brands">
        <div className="section__head">
          <h2 id="home-brands">{t.t('home.brandsTitle')}</h2>
          <AppLink className="more-link" href={urlFor('brand_list', match.locale)}>
            {t.t('home.allBrands')} <Icon name="arrow" size={16} />
          </AppLink>
        </div>
        {brands.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
        <BrandTiles brands={topBrands} locale={match.locale} />
      </section>

      <section className="container section" aria-labelledby="home-latest">
        <div className="section__head">
          <h2 id="home-latest">{t.t('home.latestTitle')}</h2>
          <AppLink className="more-link" href={urlFor('page_buy_index', match.locale)}>
            {t.t('home.allCars')} <Icon name="arrow" size={16} />
          </AppLink>
        </div>
        {latest.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
        {latest.data ? <CarGrid cars={latest.data.cars} /> : null}
      </section>
    </>
  );
}

export const homePage = definePage<Props>({
  async load({ match, queryClient, t, search }) {
    const preview = previewOf(search);
    // No section is essential: a failure shows a notice (or, for the banners, none), the page still renders
    // (and the browser retries).
    await Promise.all([
      queryClient.prefetchQuery(bannersQuery(match.locale, preview)),
      queryClient.prefetchQuery(heroQuery(match.locale, preview)),
      queryClient.prefetchQuery(brandsQuery(match.locale)),
      queryClient.prefetchQuery(searchCarsQuery(match.locale, LATEST)),
    ]);
    const head = pageHead(match, t.t('home.title'), t.t('home.description'), {
      ...(preview ? { noindex: true } : {}),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'AutoDealer',
        name: SITE_NAME,
        description: t.t('home.description'),
        areaServed: t.market.country,
        currenciesAccepted: t.market.currency,
      },
    });
    return { head, props: { preview } };
  },
  Component: HomePage,
});
