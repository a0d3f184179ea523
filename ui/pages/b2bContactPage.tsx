/**
 * `page_b2b_user_contact_detail`: what the retailer offers businesses and fleets, the business team's
 * contacts in the page's country, and the business contact form: a contact lead (`lead_contact`) whose
 * topic is the fleet size, routed to the dealer nearest the company's postcode. A personal page, like
 * the contact page (its refused plain post shows the messages here).
 */

import { CUSTOMER_SERVICE } from '../../domain/content/customerService.ts';
import { marketOf } from '../../domain/markets.ts';
import { apiOf } from '../api/createQueryClient.ts';
import { CustomerServicePanel } from '../components/CustomerServicePanel.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import type { FormFlash } from '../router/AppRouterContext.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { LeadFormSection } from './leads/LeadFormSection.tsx';
import { type LeadMessages, loadLeadMessages } from './leads/messages/index.ts';
import { pageHead } from './pageHead.ts';

const BENEFITS: readonly { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'tag', title: 'b2b.benefit1Title', text: 'b2b.benefit1Text' },
  { icon: 'phone', title: 'b2b.benefit2Title', text: 'b2b.benefit2Text' },
  { icon: 'car', title: 'b2b.benefit3Title', text: 'b2b.benefit3Text' },
];
const FLEET = ['small', 'medium', 'large', 'xlarge'] as const;

interface B2bProps {
  readonly leads: LeadMessages;
  readonly csrfToken: string | null;
  readonly flash: FormFlash | null;
}

function B2bContactPage({ match, leads, csrfToken, flash }: PageProps<B2bProps>) {
  const t = useTranslator();
  const service = CUSTOMER_SERVICE[marketOf(match.locale).country];
  const page = urlFor('page_b2b_user_contact_detail', match.locale);
  return (
    <>
      <PageIntro title={t.t('b2b.title')} text={t.t('b2b.intro')} />
      <section className="container section" aria-label={t.t('b2b.title')}>
        <ul className="feature-list">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="feature">
              <span className="promise__icon">
                <Icon name={benefit.icon} size={24} />
              </span>
              <h2>{t.t(benefit.title)}</h2>
              <p>{t.t(benefit.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="container section contact-layout">
        <LeadFormSection
          id="b2b-form"
          action={urlFor('lead_contact', match.locale)}
          title={t.t('b2b.formTitle')}
          messages={leads}
          sourcePage={page}
          back={page}
          company
          postcode
          topics={{
            label: t.t('b2b.fleetSize'),
            placeholder: t.t('b2b.chooseFleet'),
            options: FLEET.map((size) => ({ value: `fleet-${size}`, label: t.t(`b2b.fleet.${size}`) })),
          }}
          {...(csrfToken ? { csrfToken } : {})}
          flash={flash}
        />
        <CustomerServicePanel service={service} title={t.t('b2b.team')} email={service.businessEmail} />
      </div>
    </>
  );
}

export const b2bContactPage = definePage<B2bProps>({
  async load({ match, t, personal, queryClient }) {
    // Server-side the session's token; on a move in the browser, the session's token asked for.
    const csrfToken =
      personal?.csrfToken ??
      (await apiOf(queryClient)
        .getJson<{ token: string }>('/api/csrf')
        .then((answer) => answer.token)
        .catch(() => null));
    return {
      head: pageHead(match, t.t('b2b.title'), t.t('b2b.description')),
      props: {
        leads: await loadLeadMessages(match.locale),
        csrfToken,
        flash: personal?.flash ?? null,
      },
    };
  },
  Component: B2bContactPage,
});
