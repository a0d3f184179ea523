/**
 * The header of every page: logo, main navigation, the two calls to action and the language switcher;
 * it also carries the icons' sprite, which every icon of the page uses.
 */
import type { RouteBaseName } from '../../domain/routes/index.ts';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';
import { useCurrentPage } from '../router/useCurrentPage.ts';
import { AppLink } from './AppLink.tsx';
import { IconSprite } from './Icon.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

const NAV: readonly { route: RouteBaseName; label: MessageKey; also?: readonly RouteBaseName[] }[] = [
  { route: 'page_buy_index', label: 'nav.used', also: ['car_detail', 'car_detail_v1'] },
  { route: 'page_buy_vn', label: 'nav.new', also: ['car_detail_vn'] },
  { route: 'brand_list', label: 'nav.brands', also: ['brand_item', 'brand_model_detail'] },
  { route: 'dealers_locator_index', label: 'nav.dealers', also: ['dealer_detail', 'dealer_hub'] },
];

export function SiteHeader() {
  const t = useTranslator();
  const current = useCurrentPage()?.match.route;
  return (
    <header className="site-header">
      <IconSprite />
      <a className="skip-link" href="#main">
        {t.t('site.skipToContent')}
      </a>
      <div className="container site-header__bar">
        <Logo />
        <nav className="main-nav" aria-label={t.t('nav.label')}>
          <ul>
            {NAV.map((item) => {
              const active =
                current === item.route || (current !== undefined && item.also?.includes(current));
              return (
                <li key={item.route}>
                  <AppLink
                    href={urlFor(item.route, t.locale)}
                    aria-current={current === item.route ? 'page' : undefined}
                    className={active ? 'is-active' : undefined}
                  >
                    {t.t(item.label)}
                  </AppLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="site-header__actions">
          <AppLink className="header-link" href={urlFor('page_recovery_index', t.locale)}>
            {t.t('nav.sellCar')}
          </AppLink>
          <AppLink className="btn btn--accent btn--small" href={urlFor('car_booking_faq', t.locale)}>
            {t.t('nav.bookFree')}
          </AppLink>
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
