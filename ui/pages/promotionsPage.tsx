/**
 * `page_promo_list`: the current offers, computed from the live stock of the page's market (no offer is
 * typed in by hand): the cheapest used cars, the cheapest new cars in stock, the cheapest used electric
 * cars and the cheapest nearly-new used cars. Each section links to the full list with the same sort and
 * filter. Price drops are not among them yet: the search read model does not keep a car's former price
 * (see ui/README.md, "Pending"). Above them, the promotions staff write and publish (content items of
 * kind `promo`, domain/content/README.md "Content items"), each until its `validUntil` day; `?preview=<id>`
 * shows a staff member a promotion's draft. Below them, the SEO promo text (kind `seo_promo`, one per
 * locale: domain/content/README.md "SEO content").
 */

import type { FacetFilters } from '../../domain/catalogue/facetSlugs.ts';
import type { SearchQueryInput } from '../../domain/catalogue/search.ts';
import type { Condition } from '../../domain/catalogue/vocabulary.ts';
import type { Locale } from '../../domain/markets.ts';
import { contentQuery, searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { BannerPicture } from '../components/CarPhotoPicture.tsx';
import { ContentText, contentTextQuery } from '../components/ContentText.tsx';
import { Icon } from '../components/Icon.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import type { Translator } from '../i18n/createTranslator.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { listUrl } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { previewOf } from './contentPreview.ts';
import { pageHead } from './pageHead.ts';

/** Nearly new: used cars under this mileage. */
const LOW_MILEAGE_KM = 25_000;
const SHOWN = 4;

interface Offer {
  readonly id: string;
  readonly title: (t: Translator) => string;
  readonly condition: Condition;
  readonly filters: FacetFilters;
  readonly extra: { readonly mileageMax?: number };
}

const OFFERS: readonly Offer[] = [
  { id: 'best-used', title: (t) => t.t('promotions.bestUsed'), condition: 'used', filters: {}, extra: {} },
  { id: 'best-new', title: (t) => t.t('promotions.bestNew'), condition: 'new', filters: {}, extra: {} },
  {
    id: 'electric',
    title: (t) => t.t('promotions.electric'),
    condition: 'used',
    filters: { fuel: 'electric' },
    extra: {},
  },
  {
    id: 'low-mileage',
    title: (t) => t.t('promotions.lowMileage', { mileage: t.mileage(LOW_MILEAGE_KM) }),
    condition: 'used',
    filters: {},
    extra: { mileageMax: LOW_MILEAGE_KM },
  },
];

function offerQuery(offer: Offer): Omit<SearchQueryInput, 'country'> {
  return {
    condition: offer.condition,
    ...(offer.filters.fuel ? { fuel: [offer.filters.fuel] } : {}),
    ...offer.extra,
    sort: 'price_asc',
    page: 1,
    pageSize: SHOWN,
  };
}

function OfferSection({ offer, locale }: { readonly offer: Offer; readonly locale: Locale }) {
  const t = useTranslator();
  const result = useOptionalQuery(searchCarsQuery(locale, offerQuery(offer)));
  const all = listUrl(locale, offer.condition, offer.filters, { ...offer.extra, sort: 'price_asc' });
  return (
    <section className="container section" aria-labelledby={`offer-${offer.id}`}>
      <div className="section__head">
        <h2 id={`offer-${offer.id}`}>{offer.title(t)}</h2>
        {result.data && result.data.total > 0 ? (
          <AppLink className="more-link" href={all}>
            {t.t('promotions.seeAll')} ({t.number(result.data.total)}) <Icon name="arrow" size={16} />
          </AppLink>
        ) : null}
      </div>
      {result.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
      {result.data && result.data.cars.length === 0 ? <Notice>{t.t('promotions.empty')}</Notice> : null}
      {result.data ? <CarGrid cars={result.data.cars} /> : null}
    </section>
  );
}

interface Props {
  readonly preview: string | null;
}

const promosQuery = (locale: Locale, preview: string | null) =>
  contentQuery('promo', locale, preview ?? undefined);

/** The staff's promotions (the API answers those still valid today). */
function StaffPromos({ locale, preview }: { readonly locale: Locale; readonly preview: string | null }) {
  const t = useTranslator();
  const promos = useOptionalQuery(promosQuery(locale, preview)).data ?? [];
  if (promos.length === 0) return null;
  return (
    <section className="container banners" aria-label={t.t('promotions.staffPromos')}>
      {promos.map(({ id, fields }) => (
        <article key={id} className="banner">
          <BannerPicture image={fields.image} />
          <h2>{fields.title}</h2>
          <p className="banner__text">{fields.text}</p>
          {fields.validUntil ? (
            <p className="banner__text">
              {t.t('promotions.validUntil', { date: t.date(fields.validUntil) })}
            </p>
          ) : null}
          {fields.linkUrl ? (
            <AppLink className="btn btn--primary" href={fields.linkUrl}>
              {fields.linkLabel}
            </AppLink>
          ) : null}
        </article>
      ))}
    </section>
  );
}

function PromotionsPage({ match, preview }: PageProps<Props>) {
  const t = useTranslator();
  return (
    <>
      <PageIntro title={t.t('promotions.title')} text={t.t('promotions.intro')} />
      <StaffPromos locale={match.locale} preview={preview} />
      {OFFERS.map((offer) => (
        <OfferSection key={offer.id} offer={offer} locale={match.locale} />
      ))}
      <ContentText kind="seo_promo" locale={match.locale} preview={preview} />
    </>
  );
}

export const promotionsPage = definePage<Props>({
  async load({ match, queryClient, t, search }) {
    const preview = previewOf(search);
    await Promise.all([
      queryClient.prefetchQuery(promosQuery(match.locale, preview)),
      queryClient.prefetchQuery(contentTextQuery('seo_promo', match.locale, preview)),
      ...OFFERS.map((offer) => queryClient.prefetchQuery(searchCarsQuery(match.locale, offerQuery(offer)))),
    ]);
    const head = pageHead(match, t.t('promotions.title'), t.t('promotions.description'), {
      ...(preview ? { noindex: true } : {}),
    });
    return { head, props: { preview } };
  },
  Component: PromotionsPage,
});
