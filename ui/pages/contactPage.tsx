/**
 * `contact_form`: how to reach the retailer in the page's country (phone, e-mail, hours, dealers) and the
 * contact form. The form posts to this page's own route; its handler is a lead call that comes with the
 * leads issue, so until then it is shown disabled with a notice (see LeadForm, PendingForm and ui/README.md).
 */
import { CUSTOMER_SERVICE } from '../../domain/content/customerService.ts';
import { marketOf } from '../../domain/markets.ts';
import { ChoiceField, MessageField, PersonFields } from '../components/LeadFields.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
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
      <LeadForm
        id="contact-form"
        title={t.t('contact.formTitle')}
        action={urlFor('contact_form', match.locale)}
        service={service}
        panelTitle={t.t('footer.contact')}
      >
        <PersonFields idPrefix="contact" />
        <ChoiceField
          id="contact-subject"
          name="subject"
          label={t.t('contact.subject')}
          placeholder={t.t('contact.chooseSubject')}
          options={SUBJECTS.map((subject) => ({ value: subject, label: t.t(`contact.subjects.${subject}`) }))}
        />
        <MessageField id="contact-message" label={t.t('contact.message')} />
        <div className="field field--wide field--check">
          <input id="contact-consent" name="consent" type="checkbox" value="yes" required />
          <label htmlFor="contact-consent">
            {t.t('contact.consent')}
            <span aria-hidden="true"> *</span>
          </label>
        </div>
      </LeadForm>
    </>
  );
}

export const contactPage = definePage<object>({
  async load({ match, t }) {
    return { head: pageHead(match, t.t('contact.title'), t.t('contact.description')), props: {} };
  },
  Component: ContactPage,
});
