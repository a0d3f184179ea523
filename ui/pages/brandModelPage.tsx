/** `brand_model_detail`: one model's cars for sale (new and used), with links to the filtered lists. */

import { notFound } from '@tanstack/react-router';
import { brandNamed, modelNamed } from '../../domain/catalogue/reference/brandNames.ts';
import { searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { listUrl } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

interface ModelProps {
  readonly brand: string;
  readonly model: string;
  readonly brandName: string;
  readonly modelName: string;
}

const cars = (brand: string, model: string) =>
  ({ brand, model, sort: 'newest', page: 1, pageSize: 12 }) as const;

function BrandModelPage({ match, brand, model, brandName, modelName }: PageProps<ModelProps>) {
  const t = useTranslator();
  const { locale } = match;
  const result = useOptionalQuery(searchCarsQuery(locale, cars(brand, model)));
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              { label: t.t('nav.brands'), href: urlFor('brand_list', locale) },
              { label: brandName, href: urlFor('brand_item', locale, { brandName: brand }) },
              { label: modelName },
            ]}
          />
        }
        title={t.t('brands.modelTitle', { brand: brandName, model: modelName })}
        text={t.t('brands.modelDescription', { brand: brandName, model: modelName })}
      >
        <p className="page-intro__count">
          {result.data ? t.plural('list.results', result.data.total) : '\u00a0'}
        </p>
        <div className="page-intro__actions">
          <AppLink className="btn btn--primary" href={listUrl(locale, 'used', { brand, model })}>
            {t.t('nav.used')}
          </AppLink>
          <AppLink className="btn btn--ghost-light" href={listUrl(locale, 'new', { brand, model })}>
            {t.t('nav.new')}
          </AppLink>
        </div>
      </PageIntro>
      <section className="container section">
        {result.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
        {result.data && result.data.cars.length === 0 ? <Notice>{t.t('list.noResults')}</Notice> : null}
        {result.data ? <CarGrid cars={result.data.cars} headingLevel={2} /> : null}
      </section>
    </>
  );
}

export const brandModelPage = definePage<ModelProps>({
  async load({ match, queryClient, t }) {
    const brand = match.params.brand ?? '';
    const model = match.params.slug ?? '';
    const brandReference = brandNamed(brand);
    const modelReference = modelNamed(brand, model);
    if (!brandReference || !modelReference) throw notFound();
    await queryClient.prefetchQuery(searchCarsQuery(match.locale, cars(brand, model)));
    const names = { brand: brandReference.name, model: modelReference.name };
    const head = pageHead(match, t.t('brands.modelTitle', names), t.t('brands.modelDescription', names));
    return { head, props: { brand, model, brandName: names.brand, modelName: names.model } };
  },
  Component: BrandModelPage,
});
