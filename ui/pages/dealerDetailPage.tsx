/**
 * `dealer_detail`: one dealer's address, contacts, opening hours, brands, map and cars in stock. A slug
 * that is not the dealer's, or a locale of another country, redirects (301) to the canonical URL in the
 * dealer's market; unknown dealers are 404. hreflang: the locales of the dealer's country only.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { brandName } from '../../domain/catalogue/reference/brandNames.ts';
import { isApiNotFound } from '../api/ApiError.ts';
import { dealerQuery, searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { DealerContact } from '../components/DealerContact.tsx';
import { DealerMap } from '../components/DealerMap.tsx';
import { Notice } from '../components/Notice.tsx';
import { OpeningHours } from '../components/OpeningHours.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { countryAlternates } from '../router/alternatePaths.ts';
import { dealerUrl, hubName, hubUrl } from '../router/dealerUrl.ts';
import { marketLocale } from '../router/marketLocales.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { dealerJsonLd } from './dealerJsonLd.ts';
import { LeadFormIsland, loadLeadForm } from './leads/LeadFormIsland.tsx';
import { leadBack } from './leads/leadLinks.ts';
import type { LeadMessages } from './leads/messages/index.ts';
import { pageHead } from './pageHead.ts';

interface DealerProps {
  readonly dealerId: string;
  /** The "write to this dealer" form's words (a dealer lead, domain/leads). */
  readonly leads: LeadMessages;
}

const stock = (dealerId: string) => ({ dealerId, sort: 'newest', page: 1, pageSize: 8 }) as const;

function DealerDetailPage({ match, dealerId, leads }: PageProps<DealerProps>) {
  const t = useTranslator();
  const { locale } = match;
  const { data: dealer } = useSuspenseQuery(dealerQuery(dealerId));
  // Optional: the loader prefetched it; a failure shows a notice (ui/README.md, "Reading data").
  const cars = useOptionalQuery(searchCarsQuery(locale, stock(dealerId)));
  const hub = hubUrl(dealer.hub, locale);
  const page = urlFor(match.route, locale, match.params);
  const leadAction = urlFor('lead_dealer', locale, { id: dealer.dealerId });
  const directions = `https://www.openstreetmap.org/directions?to=${dealer.lat}%2C${dealer.lng}`;
  let appointment: string | undefined;
  try {
    appointment = urlFor('dealer_appointment', locale, { slug: dealer.slug, idApi: dealer.dealerId });
  } catch {
    appointment = undefined;
  }
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              { label: t.t('nav.dealers'), href: urlFor('dealers_locator_index', locale) },
              ...(hub ? [{ label: hubName(dealer.hub), href: hub }] : []),
              { label: dealer.name },
            ]}
          />
        }
        title={dealer.name}
        text={`${dealer.street}, ${dealer.postcode} ${dealer.city}`}
      >
        <div className="page-intro__actions">
          {appointment ? (
            <a className="btn btn--accent" href={appointment}>
              {t.t('dealers.appointment')}
            </a>
          ) : null}
          <a className="btn btn--ghost-light" href={directions} rel="noopener" target="_blank">
            {t.t('dealers.directions')}
          </a>
        </div>
      </PageIntro>
      <div className="container section dealer-detail">
        <DealerMap dealers={[dealer]} label={dealer.name} />
        <div className="dealer-detail__info">
          <section className="panel">
            <h2>{t.t('dealers.address')}</h2>
            <DealerContact contact={dealer} />
            <h2 className="panel__spaced">{t.t('dealers.brands')}</h2>
            <p className="dealer-card__brands">
              {dealer.brands.map((brand) => (
                <span key={brand} className="tag">
                  {brandName(brand)}
                </span>
              ))}
            </p>
          </section>
          <section className="panel">
            <h2>{t.t('dealers.openingHours')}</h2>
            <OpeningHours hours={dealer.openingHours} />
          </section>
        </div>
      </div>
      <section className="container section" aria-labelledby="dealer-cars">
        <h2 id="dealer-cars">{t.t('dealers.cars')}</h2>
        {cars.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
        {cars.data ? <CarGrid cars={cars.data.cars} /> : null}
      </section>
      <div className="container section lead-section">
        <LeadFormIsland
          id="dealer-lead"
          action={leadAction}
          title={leads.titles.dealer}
          intro={dealer.name}
          messages={leads}
          sourcePage={page}
          back={leadBack(locale, leadAction, page)}
        />
      </div>
    </>
  );
}

export const dealerDetailPage = definePage<DealerProps>({
  async load({ match, queryClient, t, origin }) {
    const { locale } = match;
    const dealerId = match.params.idApi ?? '';
    const dealer = await queryClient.ensureQueryData(dealerQuery(dealerId)).catch((error: unknown) => {
      if (isApiNotFound(error)) throw notFound();
      throw error;
    });
    // A dealer is in one country: under another market's locale it moves (301) to its own market.
    const home = marketLocale(dealer.country, locale);
    const canonical = dealerUrl(dealer, home);
    if (!canonical) throw notFound();
    if (home !== locale || canonical !== urlFor(match.route, locale, match.params))
      throw redirect({ href: canonical, statusCode: 301 });
    await queryClient.prefetchQuery(searchCarsQuery(locale, stock(dealerId)));
    const head = pageHead(
      match,
      dealer.name,
      t.t('dealers.detailDescription', { name: dealer.name, city: dealer.city }),
      {
        alternates: countryAlternates(
          { ...match, params: { slug: dealer.slug, idApi: dealerId } },
          dealer.country,
        ),
        jsonLd: dealerJsonLd(dealer, `${origin}${canonical}`),
      },
    );
    return { head, props: { dealerId, leads: await loadLeadForm(match.locale) } };
  },
  Component: DealerDetailPage,
});
