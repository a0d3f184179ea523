/**
 * `aftersales_index`: the workshops' services (maintenance, warranty, tyres, body and glass), what the
 * warranty covers, the market's roadworthiness test, and how to book: through the dealer locator (each
 * dealer's page has its hours and the appointment link) or the customer service line.
 */
import { CUSTOMER_SERVICE } from '../../domain/content/customerService.ts';
import { marketOf } from '../../domain/markets.ts';
import { AppLink } from '../components/AppLink.tsx';
import { telHref } from '../components/DealerContact.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor, withQuery } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

const SERVICES: readonly { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'gear', title: 'aftersales.service1Title', text: 'aftersales.service1Text' },
  { icon: 'shield', title: 'aftersales.service2Title', text: 'aftersales.service2Text' },
  { icon: 'gauge', title: 'aftersales.service3Title', text: 'aftersales.service3Text' },
  { icon: 'car', title: 'aftersales.service4Title', text: 'aftersales.service4Text' },
];

function AftersalesPage({ match }: PageProps<object>) {
  const t = useTranslator();
  const { locale } = match;
  const service = CUSTOMER_SERVICE[marketOf(locale).country];
  const dealers = urlFor('dealers_locator_index', locale);
  return (
    <>
      <PageIntro title={t.t('aftersales.title')} text={t.t('aftersales.intro')}>
        <div className="page-intro__actions">
          <AppLink className="btn btn--accent" href={dealers}>
            {t.t('aftersales.cta')}
          </AppLink>
          {/* The workshop's appointment: the dealer is chosen on the appointment page. */}
          <a
            className="btn btn--ghost"
            href={withQuery(urlFor('dealer_appointment', locale), { purpose: 'after-sales' })}
          >
            {t.t('dealers.appointment')}
          </a>
        </div>
      </PageIntro>
      <section className="container section" aria-label={t.t('footer.aftersales')}>
        <ul className="feature-list feature-list--four">
          {SERVICES.map((item) => (
            <li key={item.title} className="feature">
              <span className="promise__icon">
                <Icon name={item.icon} size={24} />
              </span>
              <h2>{t.t(item.title)}</h2>
              <p>{t.t(item.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="container section two-panels">
        <section className="panel" aria-labelledby="aftersales-warranty">
          <h2 id="aftersales-warranty">{t.t('aftersales.warrantyTitle')}</h2>
          <p>{t.t('aftersales.warrantyText')}</p>
        </section>
        <section className="panel" aria-labelledby="aftersales-inspection">
          <h2 id="aftersales-inspection">{t.t('aftersales.inspectionTitle')}</h2>
          <p>{t.t('aftersales.inspectionText')}</p>
        </section>
      </div>
      <section className="container section" aria-labelledby="aftersales-cta">
        <div className="cta-band">
          <div>
            <h2 id="aftersales-cta">{t.t('aftersales.ctaTitle')}</h2>
            <p>{t.t('aftersales.ctaText')}</p>
          </div>
          <div className="cta-band__actions">
            <AppLink className="btn btn--accent" href={dealers}>
              {t.t('aftersales.cta')}
            </AppLink>
            <p>
              <Icon name="phone" size={16} />{' '}
              <a href={telHref(service.phone)}>{t.t('aftersales.callUs', { phone: service.phone })}</a>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export const aftersalesPage = definePage<object>({
  async load({ match, t }) {
    return { head: pageHead(match, t.t('aftersales.title'), t.t('aftersales.description')), props: {} };
  },
  Component: AftersalesPage,
});
