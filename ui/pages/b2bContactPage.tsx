/**
 * `page_b2b_user_contact_detail`: what the retailer offers businesses and fleets, the business team's
 * contacts in the page's country, and the business contact form (shown disabled until the leads issue
 * serves its POST: see LeadForm, PendingForm and ui/README.md).
 */
import { CUSTOMER_SERVICE } from '../../domain/content/customerService.ts';
import { marketOf } from '../../domain/markets.ts';
import { FormField } from '../components/FormField.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { ChoiceField, MessageField, PersonFields } from '../components/LeadFields.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

const BENEFITS: readonly { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'tag', title: 'b2b.benefit1Title', text: 'b2b.benefit1Text' },
  { icon: 'phone', title: 'b2b.benefit2Title', text: 'b2b.benefit2Text' },
  { icon: 'car', title: 'b2b.benefit3Title', text: 'b2b.benefit3Text' },
];
const FLEET = ['small', 'medium', 'large', 'xlarge'] as const;

function B2bContactPage({ match }: PageProps<object>) {
  const t = useTranslator();
  const service = CUSTOMER_SERVICE[marketOf(match.locale).country];
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
      <LeadForm
        id="b2b-form"
        title={t.t('b2b.formTitle')}
        action={urlFor('page_b2b_user_contact_detail', match.locale)}
        service={service}
        panelTitle={t.t('b2b.team')}
        email={service.businessEmail}
      >
        <FormField
          id="b2b-company"
          name="company"
          label={t.t('b2b.company')}
          required
          maxLength={120}
          autoComplete="organization"
        />
        <FormField
          id="b2b-vat"
          name="vatNumber"
          label={t.t('b2b.vatNumber')}
          maxLength={20}
          pattern="[A-Za-z0-9 .\-]{4,20}"
        />
        <PersonFields idPrefix="b2b" work phoneRequired />
        <ChoiceField
          id="b2b-fleet"
          name="fleetSize"
          label={t.t('b2b.fleetSize')}
          placeholder={t.t('b2b.chooseFleet')}
          options={FLEET.map((size) => ({ value: size, label: t.t(`b2b.fleet.${size}`) }))}
        />
        <MessageField id="b2b-message" label={t.t('b2b.message')} />
      </LeadForm>
    </>
  );
}

export const b2bContactPage = definePage<object>({
  async load({ match, t }) {
    return { head: pageHead(match, t.t('b2b.title'), t.t('b2b.description')), props: {} };
  },
  Component: B2bContactPage,
});
