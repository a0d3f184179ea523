/**
 * `image_index` (id, slug): a car's pictures at full size, one per view, with a way back to the car. Like
 * the detail page, a wrong slug or another market's locale redirects (301) to the canonical URL and an
 * unknown car is 404. `image_index_bo` (id): the same pictures for staff, with the stock reference and the
 * dealer, kept out of search results.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { photoSources } from '../../domain/catalogue/carPhotos.ts';
import { CAR_PICTURE_VIEWS } from '../../domain/catalogue/carPicture.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brandNames.ts';
import { isApiNotFound } from '../api/ApiError.ts';
import { carPictureUrl, carShareImageUrl } from '../api/apiClient.ts';
import { carQuery } from '../api/queries.ts';
import type { CarDetail } from '../api/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarPhotoPicture } from '../components/CarPhotoPicture.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { alternatePaths, countryAlternates } from '../router/alternatePaths.ts';
import { carUrl } from '../router/carUrl.ts';
import { listUrl } from '../router/listUrl.ts';
import { marketLocale } from '../router/marketLocales.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';

/** The list's slots (ui/styles: one column, then two with the first across both, at most 1080 px). */
const FIRST_SIZES = '(max-width: 1111px) calc(100vw - 32px), 1080px';
const OTHER_SIZES = '(max-width: 799px) calc(100vw - 32px), (max-width: 1111px) 50vw, 528px';

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
  const photos = car.photos ?? [];
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
        {photos.length > 0 ? (
          <ul className="picture-list">
            {photos.map((photo, index) => {
              const label = t.t('car.photo', { n: index + 1, total: photos.length });
              const largest = photoSources(photo)
                .find((s) => s.format === 'jpeg')
                ?.files.at(-1)?.url;
              return (
                <li key={photo.photoId}>
                  <figure className="picture">
                    <CarPhotoPicture
                      photo={photo}
                      alt={`${name} – ${label}`}
                      sizes={index === 0 ? FIRST_SIZES : OTHER_SIZES}
                      loading={index === 0 ? 'eager' : 'lazy'}
                    />
                    <figcaption>
                      <span>{label}</span>
                      {largest ? (
                        <a href={largest} target="_blank" rel="noopener">
                          {t.t('images.open')}
                        </a>
                      ) : null}
                    </figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        ) : (
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
        )}
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
      image: `${origin}${carShareImageUrl(car)}`,
    };
    return { head, props: { carId: car.carId } };
  },
  Component: ImageIndexPage,
});
