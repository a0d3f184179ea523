/** `dealers_locator_index`: every dealer of the market on a map (browser only) and as a list, by hub. */

import { dealersQuery } from '../api/queries.ts';
import type { DealerSummary } from '../api/types.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { ContentText, contentTextQuery } from '../components/ContentText.tsx';
import { DealerCard } from '../components/DealerCard.tsx';
import { DealerMap } from '../components/DealerMap.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { hubName, hubUrl } from '../router/dealerUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { previewOf } from './contentPreview.ts';
import { pageHead } from './pageHead.ts';

const EMPTY: readonly DealerSummary[] = [];

function byHub(dealers: readonly DealerSummary[]): [string, DealerSummary[]][] {
  const hubs = new Map<string, DealerSummary[]>();
  for (const dealer of dealers) hubs.set(dealer.hub, [...(hubs.get(dealer.hub) ?? []), dealer]);
  return [...hubs].sort(([a], [b]) => a.localeCompare(b));
}

function DealersLocatorPage({ match, preview }: PageProps<{ preview: string | null }>) {
  const t = useTranslator();
  const dealers = useOptionalQuery(dealersQuery(match.locale));
  const list = dealers.data ?? EMPTY;
  return (
    <>
      <PageIntro title={t.t('dealers.title')} text={t.t('dealers.intro')}>
        {dealers.data ? <p className="page-intro__count">{t.plural('dealers.count', list.length)}</p> : null}
      </PageIntro>
      <div className="container section dealers-layout">
        <DealerMap dealers={list} label={t.t('dealers.map')} />
        <div className="dealers-layout__list">
          {dealers.isError ? <Notice tone="warning">{t.t('error.unavailable')}</Notice> : null}
          {byHub(list).map(([hub, members]) => {
            const href = hubUrl(hub, match.locale);
            return (
              <section key={hub} className="hub" aria-labelledby={`hub-${hub}`}>
                <h2 id={`hub-${hub}`}>
                  {href ? <AppLink href={href}>{hubName(hub)}</AppLink> : hubName(hub)}
                </h2>
                <ul className="dealer-list">
                  {members.map((dealer) => (
                    <li key={dealer.dealerId}>
                      <DealerCard dealer={dealer} showBrands headingLevel={3} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      </div>
      <ContentText kind="dealer_locator" locale={match.locale} preview={preview} />
    </>
  );
}

export const dealersLocatorPage = definePage<{ preview: string | null }>({
  async load({ match, queryClient, t, search }) {
    const preview = previewOf(search);
    await Promise.all([
      queryClient.prefetchQuery(dealersQuery(match.locale)),
      queryClient.prefetchQuery(contentTextQuery('dealer_locator', match.locale, preview)),
    ]);
    const head = pageHead(match, t.t('dealers.title'), t.t('dealers.description'), {
      ...(preview ? { noindex: true } : {}),
    });
    return { head, props: { preview } };
  },
  Component: DealersLocatorPage,
});
