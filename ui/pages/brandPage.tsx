/** `brand_item`: a brand's models with cars for sale, its latest cars, links to its lists. Unknown brands are 404. */

import { notFound } from '@tanstack/react-router';
import { brandNamed } from '../../domain/catalogue/reference/brandNames.ts';
import { modelsQuery, searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { Icon } from '../components/Icon.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { listUrl } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { LeadFormIsland, loadLeadForm } from './leads/LeadFormIsland.tsx';
import { leadBack } from './leads/leadLinks.ts';
import type { LeadMessages } from './leads/messages/index.ts';
import { pageHead } from './pageHead.ts';

interface BrandProps {
  readonly brand: string;
  readonly name: string;
  /** The brand's form (a brand lead to the nearest dealer selling it, domain/leads). */
  readonly leads: LeadMessages;
}

const latest = (brand: string) => ({ brand, sort: 'newest', page: 1, pageSize: 8 }) as const;

function BrandPage({ match, brand, name, leads }: PageProps<BrandProps>) {
  const page = urlFor(match.route, match.locale, match.params);
  const leadAction = urlFor('lead_brand', match.locale, { brandName: brand });
  const t = useTranslator();
  const { locale } = match;
  const models = useOptionalQuery(modelsQuery(locale, brand));
  const cars = useOptionalQuery(searchCarsQuery(locale, latest(brand)));
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              { label: t.t('nav.brands'), href: urlFor('brand_list', locale) },
              { label: name },
            ]}
          />
        }
        title={t.t('brands.brandTitle', { brand: name })}
        text={t.t('brands.brandDescription', { brand: name })}
      >
        <div className="page-intro__actions">
          <AppLink className="btn btn--primary" href={listUrl(locale, 'used', { brand })}>
            {t.t('nav.used')}
          </AppLink>
          <AppLink className="btn btn--ghost-light" href={listUrl(locale, 'new', { brand })}>
            {t.t('nav.new')}
          </AppLink>
        </div>
      </PageIntro>
      <section className="container section" aria-labelledby="brand-models">
        <h2 id="brand-models">{t.t('brands.models', { brand: name })}</h2>
        {models.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
        <ul className="model-tiles">
          {(models.data ?? []).map((model) => (
            <li key={model.model}>
              <AppLink
                className="model-tile"
                href={urlFor('brand_model_detail', locale, { brand, slug: model.model })}
              >
                <span className="model-tile__name">{model.name}</span>
                <span className="model-tile__count">{t.plural('brands.cars', model.count)}</span>
                <Icon name="arrow" size={16} />
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="container section" aria-labelledby="brand-latest">
        <div className="section__head">
          <h2 id="brand-latest">{t.t('brands.latest', { brand: name })}</h2>
          <AppLink className="more-link" href={listUrl(locale, 'used', { brand })}>
            {t.t('brands.seeAll')} <Icon name="arrow" size={16} />
          </AppLink>
        </div>
        {cars.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
        {cars.data ? <CarGrid cars={cars.data.cars} /> : null}
      </section>
      <div className="container section lead-section">
        <LeadFormIsland
          id="brand-lead"
          action={leadAction}
          title={leads.titles.brand.replace('{{brand}}', name)}
          messages={leads}
          sourcePage={page}
          back={leadBack(match.locale, leadAction, page)}
          postcode
        />
      </div>
    </>
  );
}

export const brandPage = definePage<BrandProps>({
  async load({ match, queryClient, t }) {
    const brand = match.params.brandName ?? '';
    const reference = brandNamed(brand);
    if (!reference) throw notFound();
    await Promise.all([
      queryClient.prefetchQuery(modelsQuery(match.locale, brand)),
      queryClient.prefetchQuery(searchCarsQuery(match.locale, latest(brand))),
    ]);
    const name = reference.name;
    const head = pageHead(
      match,
      t.t('brands.brandTitle', { brand: name }),
      t.t('brands.brandDescription', { brand: name }),
      { jsonLd: { '@context': 'https://schema.org', '@type': 'Brand', name } },
    );
    return { head, props: { brand, name, leads: await loadLeadForm(match.locale) } };
  },
  Component: BrandPage,
});
