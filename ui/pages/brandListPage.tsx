/** `brand_list`: every brand with cars for sale in the market, with counts. */

import { brandsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { BrandTiles } from '../components/BrandTiles.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { pageHead } from './pageHead.ts';

function BrandListPage({ match }: PageProps<object>) {
  const t = useTranslator();
  const brands = useOptionalQuery(brandsQuery(match.locale));
  const sorted = [...(brands.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, t.market.language));
  return (
    <>
      <PageIntro title={t.t('brands.title')} text={t.t('brands.intro')} />
      <section className="container section">
        {brands.isError ? <Notice tone="warning">{t.t('error.unavailable')}</Notice> : null}
        {brands.isSuccess && sorted.length === 0 ? <Notice>{t.t('brands.empty')}</Notice> : null}
        <BrandTiles brands={sorted} locale={match.locale} className="brand-tiles brand-tiles--all" />
      </section>
    </>
  );
}

export const brandListPage = definePage<object>({
  async load({ match, queryClient, t }) {
    // The page's frame (title, hreflang, navigation) renders even when the brands cannot be read.
    await queryClient.prefetchQuery(brandsQuery(match.locale));
    return { head: pageHead(match, t.t('brands.title'), t.t('brands.description')), props: {} };
  },
  Component: BrandListPage,
});
