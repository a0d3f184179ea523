/**
 * `dealer_hub`: the dealers of one hub (a region or city group) of the locale's country, on a map and as a
 * list. Unknown hubs, and hubs of another country, are 404; hreflang: the country's locales only.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { marketOf } from '../../domain/markets.ts';
import { dealersQuery } from '../api/queries.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { DealerCard } from '../components/DealerCard.tsx';
import { DealerMap } from '../components/DealerMap.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { countryAlternates } from '../router/alternatePaths.ts';
import { hubName } from '../router/dealerUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { LeadFormIsland, loadLeadForm } from './leads/LeadFormIsland.tsx';
import { leadBack } from './leads/leadLinks.ts';
import type { LeadMessages } from './leads/messages/index.ts';
import { pageHead } from './pageHead.ts';

interface HubProps {
  readonly hub: string;
  /** The hub's form (a hub lead, domain/leads): the buyer picks one of its dealers. */
  readonly leads: LeadMessages;
}

function DealerHubPage({ match, hub, leads }: PageProps<HubProps>) {
  const t = useTranslator();
  const { locale } = match;
  const { data: list } = useSuspenseQuery({
    ...dealersQuery(locale),
    select: (all) => all.filter((d) => d.hub === hub),
  });
  const page = urlFor(match.route, locale, match.params);
  const leadAction = urlFor('lead_hub', locale, { nameHub: hub });
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              { label: t.t('nav.dealers'), href: urlFor('dealers_locator_index', locale) },
              { label: hubName(hub) },
            ]}
          />
        }
        title={t.t('dealers.hubTitle', { hub: hubName(hub) })}
        text={t.t('dealers.intro')}
      >
        <p className="page-intro__count">{t.plural('dealers.count', list.length)}</p>
      </PageIntro>
      <div className="container section dealers-layout">
        <DealerMap dealers={list} label={t.t('dealers.map')} />
        <ul className="dealer-list dealers-layout__list">
          {list.map((dealer) => (
            <li key={dealer.dealerId}>
              <DealerCard dealer={dealer} showBrands showHours headingLevel={2} />
              <p className="dealer-list__appointment">
                <a
                  className="btn btn--ghost"
                  href={urlFor('dealer_appointment', locale, { slug: dealer.slug, idApi: dealer.dealerId })}
                >
                  {t.t('dealers.appointment')}
                  <span className="visually-hidden"> – {dealer.name}</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      </div>
      <div className="container section lead-section">
        <LeadFormIsland
          id="hub-lead"
          action={leadAction}
          title={leads.titles.hub}
          messages={leads}
          sourcePage={page}
          back={leadBack(locale, leadAction, page)}
          dealers={list.map((d) => ({ value: d.dealerId, label: `${d.name}, ${d.city}` }))}
        />
      </div>
    </>
  );
}

export const dealerHubPage = definePage<HubProps>({
  async load({ match, queryClient, t }) {
    const hub = match.params.nameHub ?? '';
    const dealers = await queryClient.ensureQueryData(dealersQuery(match.locale));
    if (!dealers.some((dealer) => dealer.hub === hub)) throw notFound();
    const name = hubName(hub);
    // A hub groups dealers of one country: its alternates are that country's locales only.
    const head = pageHead(
      match,
      t.t('dealers.hubTitle', { hub: name }),
      t.t('dealers.hubDescription', { hub: name }),
      { alternates: countryAlternates(match, marketOf(match.locale).country) },
    );
    return { head, props: { hub, leads: await loadLeadForm(match.locale) } };
  },
  Component: DealerHubPage,
});
