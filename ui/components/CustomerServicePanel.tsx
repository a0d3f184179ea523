/** How to reach the retailer in the page's country: phone, e-mail, the service's hours, the dealers. */
import type { CustomerService } from '../../domain/content/customerService.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';
import { AppLink } from './AppLink.tsx';
import { telHref } from './DealerContact.tsx';
import { Icon } from './Icon.tsx';
import { OpeningHours } from './OpeningHours.tsx';

export function CustomerServicePanel(props: {
  readonly service: CustomerService;
  readonly title: string;
  /** The mailbox to show (the business team's on the B2B page). */
  readonly email?: string;
}) {
  const t = useTranslator();
  const { service } = props;
  const email = props.email ?? service.email;
  return (
    <aside className="panel contact-panel" aria-labelledby="contact-panel-title">
      <h2 id="contact-panel-title">{props.title}</h2>
      <div className="contact-panel__ways">
        <div>
          <h3>{t.t('contact.byPhone')}</h3>
          <p className="contact-panel__big">
            <Icon name="phone" size={18} />
            <a href={telHref(service.phone)}>{service.phone}</a>
          </p>
          <p className="contact-panel__hint">{t.t('contact.phoneHint')}</p>
        </div>
        <div>
          <h3>{t.t('contact.byEmail')}</h3>
          <p className="contact-panel__big contact-panel__big--mail">
            <Icon name="mail" size={18} />
            <a href={`mailto:${email}`}>{email}</a>
          </p>
          <p className="contact-panel__hint">{t.t('contact.emailHint')}</p>
        </div>
      </div>
      <h3>{t.t('contact.hours')}</h3>
      <OpeningHours hours={service.hours} compact />
      <h3>{t.t('contact.inDealer')}</h3>
      <p>{t.t('contact.inDealerText')}</p>
      <AppLink className="more-link" href={urlFor('dealers_locator_index', t.locale)}>
        {t.t('contact.findDealer')} <Icon name="arrow" size={16} />
      </AppLink>
    </aside>
  );
}
