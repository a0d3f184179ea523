/**
 * `contact_form`: how to reach the retailer in the page's country (phone, e-mail, hours, dealers) and the
 * contact form, a lead (`lead_contact`, domain/leads) routed to the dealer nearest the buyer's postcode.
 * A personal page (pages.ts): its form carries the session's CSRF token and, after a refused plain post,
 * the messages by field, here on the same page.
 */

import { CUSTOMER_SERVICE } from '../../domain/content/customerService.ts';
import { marketOf } from '../../domain/markets.ts';
import { apiOf } from '../api/createQueryClient.ts';
import { CustomerServicePanel } from '../components/CustomerServicePanel.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import type { FormFlash } from '../router/AppRouterContext.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { LeadFormSection } from './leads/LeadFormSection.tsx';
import { type LeadMessages, loadLeadMessages } from './leads/messages/index.ts';
import { pageHead } from './pageHead.ts';

const SUBJECTS = ['purchase', 'booking', 'tradeIn', 'aftersales', 'general'] as const;

interface ContactProps {
  readonly leads: LeadMessages;
  readonly csrfToken: string | null;
  readonly flash: FormFlash | null;
}

function ContactPage({ match, leads, csrfToken, flash }: PageProps<ContactProps>) {
  const t = useTranslator();
  const service = CUSTOMER_SERVICE[marketOf(match.locale).country];
  const page = urlFor('contact_form', match.locale);
  return (
    <>
      <PageIntro title={t.t('contact.title')} text={t.t('contact.intro')} />
      <div className="container section contact-layout">
        <LeadFormSection
          id="contact-form"
          action={urlFor('lead_contact', match.locale)}
          title={t.t('contact.formTitle')}
          messages={leads}
          sourcePage={page}
          back={page}
          postcode
          topics={{
            label: t.t('contact.subject'),
            placeholder: t.t('contact.chooseSubject'),
            options: SUBJECTS.map((subject) => ({
              value: subject,
              label: t.t(`contact.subjects.${subject}`),
            })),
          }}
          {...(csrfToken ? { csrfToken } : {})}
          flash={flash}
        />
        <CustomerServicePanel service={service} title={t.t('footer.contact')} />
      </div>
    </>
  );
}

export const contactPage = definePage<ContactProps>({
  async load({ match, t, personal, queryClient }) {
    // Server-side the session's token; on a move in the browser, the session's token asked for.
    const csrfToken =
      personal?.csrfToken ??
      (await apiOf(queryClient)
        .getJson<{ token: string }>('/api/csrf')
        .then((answer) => answer.token)
        .catch(() => null));
    return {
      head: pageHead(match, t.t('contact.title'), t.t('contact.description')),
      props: {
        leads: await loadLeadMessages(match.locale),
        csrfToken,
        flash: personal?.flash ?? null,
      },
    };
  },
  Component: ContactPage,
});
