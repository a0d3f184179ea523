/**
 * The country and language menu. Each entry leads to the same page in that locale (the page's
 * alternates: same route, same or translated parameters), or to that locale's home when the page has
 * no equivalent there. A `<details>` menu: it opens without JavaScript too.
 *
 * The toggle shows the current country (on wide screens) and locale code; its accessible name says what
 * it is and contains those words as shown ("Pays et langue : France FR (Français)"), so a voice-control
 * user can name it by what they see (WCAG 2.5.3, label in name).
 */
import { useRef } from 'react';
import { LOCALES, marketOf } from '../../domain/markets.ts';
import { LOCALE_NAMES } from '../i18n/localeNames.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';
import { useCurrentPage } from '../router/useCurrentPage.ts';
import { AppLink } from './AppLink.tsx';
import { Icon } from './Icon.tsx';

export function LanguageSwitcher() {
  const t = useTranslator();
  const page = useCurrentPage();
  const menu = useRef<HTMLDetailsElement>(null);
  const current = LOCALE_NAMES[t.locale];
  const code = t.locale.toUpperCase();
  return (
    <details className="lang-switcher" ref={menu}>
      <summary
        className="lang-switcher__toggle"
        aria-label={t.t('language.toggle', {
          current: `${current.country} ${code}`,
          language: current.language,
        })}
      >
        <Icon name="globe" />
        <span className="lang-switcher__current">
          {/* The words' separator (a margin would leave the text as "FranceFR"); gone when the country is hidden. */}
          <span className="lang-switcher__country">{current.country}</span>{' '}
          <span className="lang-switcher__code">{code}</span>
        </span>
      </summary>
      <ul className="lang-switcher__menu">
        {LOCALES.map((locale) => {
          const { language } = marketOf(locale);
          const href = page?.head.alternates[locale] ?? urlFor('front_pages_index', locale);
          return (
            <li key={locale}>
              <AppLink
                href={href}
                hrefLang={language}
                lang={language}
                aria-current={locale === t.locale ? 'true' : undefined}
                onClick={() => menu.current?.removeAttribute('open')}
              >
                <span>{LOCALE_NAMES[locale].country}</span>
                <span className="lang-switcher__language">{LOCALE_NAMES[locale].language}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
