/**
 * `contact_form`: how to reach the retailer in the page's country (phone, e-mail, hours, dealers) and the
 * contact form. The form posts to this page's own route; its handler is a lead call that comes with the
 * leads issue, so until then it is shown disabled with a notice (see PendingForm and ui/README.md).
 */
import { CUSTOMER_SERVICE } from '../../domain/content/customerService.ts';
import { marketOf } from '../../domain/markets.ts';
import { CustomerServicePanel } from '../components/CustomerServicePanel.tsx';
import { FormField } from '../components/FormField.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { PendingForm } from '../components/PendingForm.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

const SUBJECTS = ['purchase', 'booking', 'tradeIn', 'aftersales', 'general'] as const;

function ContactPage({ match }: PageProps<object>) {
  const t = useTranslator();
  const service = CUSTOMER_SERVICE[marketOf(match.locale).country];
  return (
    <>
      <PageIntro title={t.t('contact.title')} text={t.t('contact.intro')} />
      <div className="container section contact-layout">
        <PendingForm
          id="contact-form"
          title={t.t('contact.formTitle')}
          action={urlFor('contact_form', match.locale)}
          submit={t.t('contact.send')}
          requiredNote={t.t('contact.required')}
          pending={t.t('contact.pending', { email: service.email })}
        >
          <FormField
            id="contact-first-name"
            name="firstName"
            label={t.t('contact.firstName')}
            required
            maxLength={80}
            autoComplete="given-name"
          />
          <FormField
            id="contact-last-name"
            name="lastName"
            label={t.t('contact.lastName')}
            required
            maxLength={80}
            autoComplete="family-name"
          />
          <FormField
            id="contact-email"
            name="email"
            type="email"
            label={t.t('contact.email')}
            required
            maxLength={254}
            autoComplete="email"
          />
          <FormField
            id="contact-phone"
            name="phone"
            type="tel"
            label={t.t('contact.phone')}
            maxLength={20}
            pattern="[+0-9 ().\-]{6,20}"
            autoComplete="tel"
          />
          <FormField
            as="select"
            id="contact-subject"
            name="subject"
            label={t.t('contact.subject')}
            required
            wide
            defaultValue=""
          >
            <option value="" disabled>
              {t.t('contact.chooseSubject')}
            </option>
            {SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t.t(`contact.subjects.${subject}`)}
              </option>
            ))}
          </FormField>
          <FormField
            as="textarea"
            id="contact-message"
            name="message"
            label={t.t('contact.message')}
            required
            wide
            minLength={10}
            maxLength={2000}
          />
          <div className="field field--wide field--check">
            <input id="contact-consent" name="consent" type="checkbox" value="yes" required />
            <label htmlFor="contact-consent">
              {t.t('contact.consent')}
              <span aria-hidden="true"> *</span>
            </label>
          </div>
        </PendingForm>
        <CustomerServicePanel service={service} title={t.t('footer.contact')} />
      </div>
    </>
  );
}

export const contactPage = definePage<object>({
  async load({ match, t }) {
    return { head: pageHead(match, t.t('contact.title'), t.t('contact.description')), props: {} };
  },
  Component: ContactPage,
});
