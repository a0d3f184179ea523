/**
 * `brand_model_detail`: one model's cars for sale (new and used), with links to the filtered lists; the
 * model's published range text when staff wrote one (kind `range`: its title and intro at the top, its
 * body below the cars; `?preview=<id>` a staff member's draft; domain/content/README.md "SEO content").
 */

import { notFound } from '@tanstack/react-router';
import { brandNamed, modelNamed } from '../../domain/catalogue/reference/brandNames.ts';
import type { Locale } from '../../domain/markets.ts';
import { contentQuery, searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { tidyText } from '../i18n/tidyText.ts';
import { listUrl } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { previewOf } from './contentPreview.ts';
import { pageHead } from './pageHead.ts';

interface ModelProps {
  readonly brand: string;
  readonly model: string;
  readonly brandName: string;
  readonly modelName: string;
  readonly preview: string | null;
}

/** The range text of a model (its unique key is `brand/slug`). */
const rangeQuery = (locale: Locale, brand: string, model: string, preview: string | null) =>
  contentQuery('range', locale, preview ?? undefined, `${brand}/${model}`);

/** Paragraphs of a text (blank lines part them). */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

const cars = (brand: string, model: string) =>
  ({ brand, model, sort: 'newest', page: 1, pageSize: 12 }) as const;

function BrandModelPage({ match, brand, model, brandName, modelName, preview }: PageProps<ModelProps>) {
  const t = useTranslator();
  const { locale } = match;
  const result = useOptionalQuery(searchCarsQuery(locale, cars(brand, model)));
  const range = useOptionalQuery(rangeQuery(locale, brand, model, preview)).data?.[0]?.fields;
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
        title={range?.title ?? t.t('brands.modelTitle', { brand: brandName, model: modelName })}
        text={range?.intro ?? t.t('brands.modelDescription', { brand: brandName, model: modelName })}
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
      {range ? (
        <section className="container section content-text" aria-labelledby="range-text">
          <h2 id="range-text">{t.t('seo.rangeBody', { name: `${brandName} ${modelName}` })}</h2>
          {paragraphs(range.body).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ) : null}
    </>
  );
}

export const brandModelPage = definePage<ModelProps>({
  async load({ match, queryClient, t, search }) {
    const brand = match.params.brand ?? '';
    const model = match.params.slug ?? '';
    const brandReference = brandNamed(brand);
    const modelReference = modelNamed(brand, model);
    if (!brandReference || !modelReference) throw notFound();
    const preview = previewOf(search);
    await Promise.all([
      queryClient.prefetchQuery(searchCarsQuery(match.locale, cars(brand, model))),
      queryClient.prefetchQuery(rangeQuery(match.locale, brand, model, preview)),
    ]);
    const range = queryClient.getQueryData(rangeQuery(match.locale, brand, model, preview).queryKey)?.[0];
    const names = { brand: brandReference.name, model: modelReference.name };
    const head = pageHead(
      match,
      range?.fields.title ?? t.t('brands.modelTitle', names),
      range ? tidyText(range.fields.intro, t.market.language) : t.t('brands.modelDescription', names),
      preview ? { noindex: true } : {},
    );
    return { head, props: { brand, model, brandName: names.brand, modelName: names.model, preview } };
  },
  Component: BrandModelPage,
});
