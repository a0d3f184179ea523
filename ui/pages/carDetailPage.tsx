/**
 * `car_detail` (used), `car_detail_vn` (new) and `car_detail_v1` (the former URL with the stock
 * reference): pictures, price and the calls to book (on the market's terms: free or a deposit) or buy
 * (for a booked car, its booker), specifications, equipment, price history, the dealer, the lead form
 * and the money tools (monthly payment, the offer's PDF, the delivery price: CarMoneyTools.tsx; their
 * forms reload this page with `durationMonths`, `downPayment` and `postcode` in the query, which the
 * loader reads). The price history, the dealer, the lead form and the money tools are
 * islands (carDetailIslands.tsx, LazyCarMoneyTools.tsx: their code loads when the visitor comes near
 * them). A wrong slug or the wrong condition's route redirects (301) to the canonical URL; the legacy
 * route renders with that canonical URL. Unknown cars are 404. A car opened under a locale of another
 * country redirects (301) to its own market (see ui/README.md, "Markets and hreflang").
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { bookingTerms } from '../../domain/booking/bookingPolicy.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brandNames.ts';
import type { Locale } from '../../domain/markets.ts';
import { isApiNotFound } from '../api/ApiError.ts';
import { carShareImageUrl } from '../api/apiClient.ts';
import { carQuery } from '../api/queries.ts';
import type { CarDetail } from '../api/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarGallery } from '../components/CarGallery.tsx';
import type { CarMoneyToolsProps } from '../components/CarMoneyTools.tsx';
import { FavoriteButton } from '../components/FavoriteButton.tsx';
import { Icon } from '../components/Icon.tsx';
import { CarMoneyToolsIsland, loadCarMoneyTools } from '../components/LazyCarMoneyTools.tsx';
import { Notice } from '../components/Notice.tsx';
import type { Translator } from '../i18n/createTranslator.ts';
import { formatDuration, horsepower } from '../i18n/format.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { carUrl } from '../router/carUrl.ts';
import { listUrl } from '../router/listUrl.ts';
import { localesOf, marketLocale } from '../router/marketLocales.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { DealerCardIsland, loadCarDetailIslands, PriceHistoryIsland } from './carDetailIslands.tsx';
import { LeadFormIsland } from './leads/LeadFormIsland.tsx';
import { leadBack } from './leads/leadLinks.ts';
import { type LeadMessages, loadLeadMessages } from './leads/messages/index.ts';

interface CarProps {
  readonly carId: string;
  /** The money tools of a car that can be bought (not sold, not withdrawn). */
  readonly money?: Omit<CarMoneyToolsProps, 'carId'>;
  /** The "contact the dealer about this car" form's words (a car lead, domain/leads). */
  readonly leads: LeadMessages;
}

const nameOf = (car: CarDetail) => `${brandName(car.brand)} ${modelName(car.brand, car.model)}`;

function specs(car: CarDetail, t: Translator): [string, string][] {
  const rows: [string, string | undefined][] = [
    [t.t('car.spec.condition'), t.label('condition', car.condition)],
    [t.t('car.spec.year'), String(car.year)],
    [t.t('car.spec.firstRegistration'), car.firstRegistration ? t.month(car.firstRegistration) : undefined],
    [t.t('car.spec.mileage'), t.mileage(car.mileageKm)],
    [t.t('car.spec.fuel'), t.label('fuel', car.fuel)],
    [t.t('car.spec.gearbox'), t.label('gearbox', car.gearbox)],
    [t.t('car.spec.power'), t.t('car.powerValue', { kw: car.powerKw, hp: horsepower(car.powerKw) })],
    [t.t('car.spec.body'), t.label('body', car.body)],
    [t.t('car.spec.colour'), t.label('colour', car.colour)],
    [t.t('car.spec.doors'), String(car.doors)],
    [t.t('car.spec.seats'), String(car.seats)],
    [t.t('car.spec.co2'), t.t('car.co2Value', { value: car.co2 })],
    [t.t('car.spec.reference'), car.reference],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

function CarDetailPage({ match, carId, money, leads }: PageProps<CarProps>) {
  const t = useTranslator();
  const { locale } = match;
  const page = urlFor(match.route, locale, match.params);
  const leadAction = urlFor('lead_car', locale, { id: carId, bookingId: '0' });
  const { data: car } = useSuspenseQuery(carQuery(carId));
  const name = nameOf(car);
  const available = car.status === 'available';
  const first = car.priceHistory[0]?.price.amount;
  const dropped = first !== undefined && car.price.amount < first;
  const buyRoute = car.condition === 'new' ? 'car_purchase_form_vn' : 'car_purchase_form';
  const params = { id: car.carId, slug: car.slug };
  // The market's booking terms: free, or a refundable deposit (domain/booking/bookingPolicy.ts).
  const terms = bookingTerms(locale);
  const hours = formatDuration(terms.holdHours, 'hour', locale);
  return (
    <div className="container car-detail">
      <Breadcrumbs
        items={[
          { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
          {
            label: t.t(car.condition === 'new' ? 'nav.new' : 'nav.used'),
            href: listUrl(locale, car.condition),
          },
          { label: brandName(car.brand), href: listUrl(locale, car.condition, { brand: car.brand }) },
          {
            label: modelName(car.brand, car.model),
            href: listUrl(locale, car.condition, { brand: car.brand, model: car.model }),
          },
          { label: car.version },
        ]}
      />
      <div className="car-detail__layout">
        <div className="car-detail__main">
          <div className="car-detail__gallery">
            <CarGallery carId={car.carId} name={`${name} ${car.version}`} photos={car.photos} />
            <AppLink className="more-link gallery__all" href={urlFor('image_index', locale, params)}>
              {t.t('images.allPhotos')} <Icon name="arrow" size={16} />
            </AppLink>
          </div>

          {money && car.status !== 'sold' && car.status !== 'withdrawn' ? (
            <CarMoneyToolsIsland carId={car.carId} {...money} />
          ) : null}

          <section className="panel car-detail__specs" aria-labelledby="car-specs">
            <h2 id="car-specs">{t.t('car.specs')}</h2>
            <dl className="specs">
              {specs(car, t).map(([label, value]) => (
                <div key={label} className="specs__row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section className="panel car-detail__equipment" aria-labelledby="car-equipment">
            <h2 id="car-equipment">{t.t('car.equipment')}</h2>
            {car.equipment.length === 0 ? (
              <p>{t.t('car.noEquipment')}</p>
            ) : (
              <ul className="equipment">
                {car.equipment.map((item) => (
                  <li key={item}>
                    <Icon name="check" size={16} />
                    {t.label('equipment', item)}
                  </li>
                ))}
              </ul>
            )}
          </section>

          {car.priceHistory.length > 0 ? (
            <section className="panel car-detail__prices" aria-labelledby="car-prices">
              <h2 id="car-prices">{t.t('car.priceHistory')}</h2>
              <PriceHistoryIsland history={car.priceHistory} />
            </section>
          ) : null}
        </div>

        <div className="car-detail__aside">
          <div className="buy-box">
            <p className={`status status--${car.status}`}>{t.t(`car.status.${car.status}`)}</p>
            <h1 className="buy-box__title">
              {name}
              <span className="buy-box__version">{car.version}</span>
            </h1>
            <ul className="buy-box__facts">
              <li>{car.year}</li>
              <li>{t.mileage(car.mileageKm)}</li>
              <li>{t.label('fuel', car.fuel)}</li>
              <li>{t.label('gearbox', car.gearbox)}</li>
            </ul>
            <p className="buy-box__price">
              {t.price(car.price)}
              <span className="buy-box__vat">{t.t('car.vatIncluded')}</span>
            </p>
            {dropped ? <p className="badge badge--drop">{t.t('car.priceDropped')}</p> : null}
            <FavoriteButton carId={car.carId} className="buy-box__favorite" />
            {available ? (
              <div className="buy-box__actions">
                <a className="btn btn--accent btn--block" href={urlFor('car_booking_form', locale, params)}>
                  {terms.deposit ? t.t('car.bookWithDeposit') : t.t('car.book')}
                </a>
                <a className="btn btn--primary btn--block" href={urlFor(buyRoute, locale, params)}>
                  {t.t('car.buy')}
                </a>
                <p className="buy-box__hint">
                  {terms.deposit
                    ? t.t('car.bookDepositHint', { hours, deposit: t.price(terms.deposit) })
                    : t.t('car.bookHint', { hours })}
                </p>
              </div>
            ) : (
              <>
                <Notice tone="warning">{t.t('car.notAvailable')}</Notice>
                {car.status === 'reserved' ? (
                  // Its booker buys it on the purchase form, which takes the booking over.
                  <p className="buy-box__hint">
                    <a href={urlFor(buyRoute, locale, params)}>{t.t('car.bookedBuy')}</a>
                  </p>
                ) : null}
              </>
            )}
          </div>
          <section className="panel car-detail__dealer" aria-labelledby="car-dealer">
            <h2 id="car-dealer">{t.t('car.dealer')}</h2>
            <DealerCardIsland dealer={car.dealer} />
          </section>
        </div>
      </div>
      <div className="section lead-section">
        <LeadFormIsland
          id="car-lead"
          action={leadAction}
          title={leads.titles.car}
          intro={car.dealer.name}
          messages={leads}
          sourcePage={page}
          back={leadBack(locale, leadAction, page)}
        />
      </div>
    </div>
  );
}

export const carDetailPage = definePage<CarProps>({
  async load({ match, search, queryClient, t, origin }) {
    const { locale } = match;
    const carId = match.params.id ?? '';
    const car = await queryClient.ensureQueryData(carQuery(carId)).catch((error: unknown) => {
      if (isApiNotFound(error)) throw notFound();
      throw error;
    });
    // A car is sold in one country: under another market's locale it moves (301) to its own market.
    const country = car.dealer.country;
    const home = marketLocale(country, locale);
    const canonical = carUrl(car, home);
    if (!canonical) throw notFound();
    const legacy = match.route === 'car_detail_v1';
    if (home !== locale || (!legacy && canonical !== urlFor(match.route, locale, match.params))) {
      throw redirect({ href: canonical, statusCode: 301 });
    }
    // hreflang: only the locales where the car is for sale.
    const alternates: Partial<Record<Locale, string>> = {};
    for (const other of localesOf(country)) alternates[other] = carUrl(car, other);
    const name = `${nameOf(car)} ${car.version}`;
    // The structured data is the head's alone: its code loads with it, not with the page.
    const { carJsonLd } = await import('./carJsonLd.ts');
    const head = {
      title: t.t(car.condition === 'new' ? 'car.metaTitleNew' : 'car.metaTitleUsed', {
        name,
        year: car.year,
        city: car.city,
      }),
      description: t.t('car.metaDescription', {
        name,
        year: car.year,
        mileage: t.mileage(car.mileageKm),
        fuel: t.label('fuel', car.fuel),
        // German writes its nouns capitalised; the other languages use the label mid-sentence.
        gearbox: t.market.language.startsWith('de')
          ? t.label('gearbox', car.gearbox)
          : t.label('gearbox', car.gearbox).toLowerCase(),
        price: t.price(car.price),
        dealer: car.dealer.name,
      }),
      canonical,
      alternates,
      // Sold and withdrawn cars stay reachable for old links, out of search results.
      noindex: car.status === 'sold' || car.status === 'withdrawn',
      image: `${origin}${carShareImageUrl(car)}`,
      jsonLd: carJsonLd(car, t, `${origin}${canonical}`, origin),
    };
    // A car that can still be bought (a reservation may end): its money tools, for the URL's choices.
    let money: CarProps['money'];
    if (car.status === 'available' || car.status === 'reserved') {
      const tools = await loadCarMoneyTools();
      const asked = await tools.prefetchMoneyTools(queryClient, locale, car.carId, search);
      money = { pageUrl: canonical, ...asked };
    }
    // The page's islands (their code loads in the browser when the visitor comes near them) and the
    // lead form's words.
    const [leads] = await Promise.all([loadLeadMessages(locale), loadCarDetailIslands()]);
    return { head, props: { carId: car.carId, leads, ...(money ? { money } : {}) } };
  },
  Component: CarDetailPage,
});
