/** The logo: a mark and the retailer's name, linking home. */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';
import { AppLink } from './AppLink.tsx';
import { SITE_NAME } from './siteName.ts';

export function Logo() {
  const t = useTranslator();
  return (
    <AppLink
      className="logo"
      href={urlFor('front_pages_index', t.locale)}
      aria-label={`${SITE_NAME} – ${t.t('site.homeLink')}`}
    >
      <svg
        className="logo__mark"
        width="34"
        height="34"
        viewBox="0 0 34 34"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="34" height="34" rx="9" fill="currentColor" />
        <path
          d="M8 22.5 13.5 11h2.2l5.5 11.5M10.3 18h8.4"
          stroke="#fff"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="25" cy="21" r="2.6" fill="#ffb020" />
      </svg>
      <span className="logo__text">
        Auto<strong>Nova</strong>
      </span>
    </AppLink>
  );
}
