/** The footer of every page: what the retailer does, the main links and the nine markets. */
import { LOCALES, marketOf } from '../../domain/markets.ts';
import { LOCALE_NAMES } from '../i18n/localeNames.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';
import { AppLink } from './AppLink.tsx';
import { Logo } from './Logo.tsx';
import { SITE_NAME } from './siteName.ts';

/** The year is fixed at build time of the page, on server and browser alike (no hydration mismatch at New Year). */
const YEAR = new Date().getUTCFullYear();

export function SiteFooter() {
  const t = useTranslator();
  const { locale } = t;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Logo />
          <p>{t.t('footer.about')}</p>
        </div>
        <nav aria-label={t.t('footer.buy')}>
          <h2>{t.t('footer.buy')}</h2>
          <ul>
            <li>
              <AppLink href={urlFor('page_buy_index', locale)}>{t.t('nav.used')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('page_buy_vn', locale)}>{t.t('nav.new')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('brand_list', locale)}>{t.t('nav.brands')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('page_promo_list', locale)}>{t.t('footer.promotions')}</AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-label={t.t('footer.services')}>
          <h2>{t.t('footer.services')}</h2>
          <ul>
            <li>
              <AppLink href={urlFor('car_booking_faq', locale)}>{t.t('footer.faq')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('page_recovery_index', locale)}>{t.t('nav.sellCar')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('dealers_locator_index', locale)}>{t.t('nav.dealers')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('aftersales_index', locale)}>{t.t('footer.aftersales')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('page_b2b_user_contact_detail', locale)}>{t.t('footer.b2b')}</AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-label={t.t('footer.help')}>
          <h2>{t.t('footer.help')}</h2>
          <ul>
            <li>
              <AppLink href={urlFor('contact_form', locale)}>{t.t('footer.contact')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('blog_list', locale)}>{t.t('footer.blog')}</AppLink>
            </li>
            <li>
              <AppLink href={urlFor('my_account_dashboard', locale)}>{t.t('footer.account')}</AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-label={t.t('footer.countries')}>
          <h2>{t.t('footer.countries')}</h2>
          <ul className="site-footer__countries">
            {LOCALES.map((other) => (
              <li key={other}>
                <a
                  href={urlFor('front_pages_index', other)}
                  hrefLang={marketOf(other).language}
                  lang={marketOf(other).language}
                >
                  {LOCALE_NAMES[other].country} · {LOCALE_NAMES[other].language}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>{t.t('footer.rights', { year: YEAR, site: SITE_NAME })}</p>
        <p>{t.t('footer.prices')}</p>
      </div>
    </footer>
  );
}
