/**
 * `image_index` (id, slug): a car's pictures at full size, one per view, with a way back to the car. Like
 * the detail page, a wrong slug or another market's locale redirects (301) to the canonical URL and an
 * unknown car is 404. `image_index_bo` (id): the same pictures for staff, with the stock reference and the
 * dealer, kept out of search results.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { CAR_PICTURE_VIEWS } from '../../domain/catalogue/carPicture.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brandNames.ts';
import { isApiNotFound } from '../api/ApiError.ts';
import { carPictureUrl } from '../api/apiClient.ts';
import { carQuery } from '../api/queries.ts';
import type { CarDetail } from '../api/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { alternatePaths, countryAlternates } from '../router/alternatePaths.ts';
import { carUrl } from '../router/carUrl.ts';
import { listUrl } from '../router/listUrl.ts';
import { marketLocale } from '../router/marketLocales.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';

interface ImagesProps {
  readonly carId: string;
}

const nameOf = (car: CarDetail) =>
  `${brandName(car.brand)} ${modelName(car.brand, car.model)} ${car.version}`;

function ImageIndexPage({ match, carId }: PageProps<ImagesProps>) {
  const t = useTranslator();
  const { locale } = match;
  const { data: car } = useSuspenseQuery(carQuery(carId));
  const name = nameOf(car);
  const staff = match.route === 'image_index_bo';
  const back = carUrl(car, locale);
  return (
    <>
      <PageIntro
        eyebrow={
          staff ? undefined : (
            <Breadcrumbs
              items={[
                { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
                {
                  label: t.t(car.condition === 'new' ? 'nav.new' : 'nav.used'),
                  href: listUrl(locale, car.condition),
                },
                { label: name, ...(back ? { href: back } : {}) },
                { label: t.t('car.gallery') },
              ]}
            />
          )
        }
        title={staff ? t.t('images.staffTitle', { reference: car.reference }) : t.t('images.title', { name })}
        text={staff ? t.t('images.staffText', { name, dealer: car.dealer.name }) : undefined}
      >
        {back ? (
          <div className="page-intro__actions">
            <AppLink className="btn btn--ghost-light" href={back}>
              <Icon name="chevron" size={16} className="icon--flip" />
              {t.t('images.backToCar')}
            </AppLink>
          </div>
        ) : null}
      </PageIntro>
      <section className="container section" aria-label={t.t('car.gallery')}>
        <ul className="picture-list">
          {CAR_PICTURE_VIEWS.map((view, index) => {
            const src = carPictureUrl(car.carId, view);
            return (
              <li key={view}>
                <figure className="picture">
                  <img
                    src={src}
                    alt={`${name} – ${t.t(`images.view.${view}`)}`}
                    width="1280"
                    height="800"
                    loading={index === 0 ? 'eager' : 'lazy'}
                  />
                  <figcaption>
                    <span>{t.t(`images.view.${view}`)}</span>
                    <a href={src} target="_blank" rel="noopener">
                      {t.t('images.open')}
                    </a>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

export const imageIndexPage = definePage<ImagesProps>({
  async load({ match, queryClient, t, origin }) {
    const { locale } = match;
    const carId = match.params.id ?? '';
    const car = await queryClient.ensureQueryData(carQuery(carId)).catch((error: unknown) => {
      if (isApiNotFound(error)) throw notFound();
      throw error;
    });
    const name = nameOf(car);
    if (match.route === 'image_index_bo') {
      const head = {
        title: t.t('images.staffTitle', { reference: car.reference }),
        description: t.t('images.staffText', { name, dealer: car.dealer.name }),
        canonical: urlFor('image_index_bo', locale, { id: car.carId }),
        alternates: alternatePaths(match),
        noindex: true,
      };
      return { head, props: { carId: car.carId } };
    }
    const home = marketLocale(car.dealer.country, locale);
    const params = { id: car.carId, slug: car.slug };
    const canonical = urlFor('image_index', home, params);
    if (home !== locale || canonical !== urlFor(match.route, locale, match.params)) {
      throw redirect({ href: canonical, statusCode: 301 });
    }
    const head = {
      title: t.t('images.title', { name }),
      description: t.t('images.description', { name }),
      canonical,
      alternates: countryAlternates({ ...match, params }, car.dealer.country),
      noindex: car.status === 'sold' || car.status === 'withdrawn',
      image: `${origin}${carPictureUrl(car.carId)}`,
    };
    return { head, props: { carId: car.carId } };
  },
  Component: ImageIndexPage,
});
