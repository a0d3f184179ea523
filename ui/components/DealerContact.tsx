/**
 * A dealer's (or the retailer's) address and contacts: street, phone and e-mail as links, each with its
 * icon and, for screen readers, its label. Used by the dealer card, the dealer page and the contact page.
 */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { Icon } from './Icon.tsx';

/** `tel:` target of a phone number as written (`+33 4 72 12 34 56` → `tel:+33472123456`). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function DealerContact(props: {
  readonly contact: {
    readonly street?: string;
    readonly postcode?: string;
    readonly city?: string;
    readonly phone: string;
    readonly email: string;
  };
}) {
  const t = useTranslator();
  const { street, postcode, city, phone, email } = props.contact;
  return (
    <address className="dealer-card__address">
      {street ? (
        <p>
          <Icon name="pin" size={16} />
          <span className="visually-hidden">{t.t('dealers.address')}: </span>
          <span>
            {street}, {postcode} {city}
          </span>
        </p>
      ) : null}
      <p>
        <Icon name="phone" size={16} />
        <span className="visually-hidden">{t.t('dealers.phone')}: </span>
        <a href={telHref(phone)}>{phone}</a>
      </p>
      <p>
        <Icon name="mail" size={16} />
        <span className="visually-hidden">{t.t('dealers.email')}: </span>
        <a href={`mailto:${email}`}>{email}</a>
      </p>
    </address>
  );
}
