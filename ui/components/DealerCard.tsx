/** A dealer's address, contacts and (optionally) opening hours, with a link to its page. */
import { brandName } from '../../domain/catalogue/reference/brandNames.ts';
import type { DealerSummary } from '../api/types.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { dealerUrl } from '../router/dealerUrl.ts';
import { AppLink } from './AppLink.tsx';
import { DealerContact } from './DealerContact.tsx';
import { Icon } from './Icon.tsx';
import { OpeningHours } from './OpeningHours.tsx';

export function DealerCard(props: {
  readonly dealer: DealerSummary;
  readonly showHours?: boolean;
  readonly showBrands?: boolean;
  readonly headingLevel?: 2 | 3;
}) {
  const t = useTranslator();
  const { dealer } = props;
  const href = dealerUrl(dealer, t.locale);
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="dealer-card">
      <Heading className="dealer-card__name">
        {href ? <AppLink href={href}>{dealer.name}</AppLink> : dealer.name}
      </Heading>
      <DealerContact contact={dealer} />
      {props.showBrands && dealer.brands.length > 0 ? (
        <p className="dealer-card__brands">
          <span className="visually-hidden">{t.t('dealers.brands')}: </span>
          {dealer.brands.map((brand) => (
            <span key={brand} className="tag">
              {brandName(brand)}
            </span>
          ))}
        </p>
      ) : null}
      {props.showHours ? (
        <div className="dealer-card__hours">
          <h4>
            <Icon name="clock" size={16} /> {t.t('dealers.openingHours')}
          </h4>
          <OpeningHours hours={dealer.openingHours} compact />
        </div>
      ) : null}
      {href ? (
        <AppLink className="more-link" href={href}>
          {t.t('dealers.details')} <Icon name="arrow" size={16} />
        </AppLink>
      ) : null}
    </article>
  );
}
