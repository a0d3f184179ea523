/**
 * `language_switch_page` (id): the sites a visitor can choose from (Belgium's two languages, the German-
 * speaking markets, or every market), each in its own language, leading to that site's home page. The
 * pages are fixed in `domain/content/languageSwitchPages.ts` until the back office manages them; an
 * unknown id is 404. Kept out of search results: it only links to pages that are indexed themselves.
 */
import { notFound } from '@tanstack/react-router';
import { findLanguageSwitchPage } from '../../domain/content/languageSwitchPages.ts';
import { marketOf } from '../../domain/markets.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LOCALE_NAMES } from '../i18n/localeNames.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

interface SwitchProps {
  readonly id: string;
}

function LanguageSwitchPage({ match, id }: PageProps<SwitchProps>) {
  const t = useTranslator();
  const page = findLanguageSwitchPage(id);
  if (!page) return null;
  return (
    <>
      <PageIntro title={t.t('languageSwitch.title')} text={t.t('languageSwitch.intro')} />
      <section className="container section" aria-labelledby="switch-group">
        <h2 id="switch-group">{t.t(`languageSwitch.group.${page.group}`)}</h2>
        <ul className="site-choices">
          {page.locales.map((locale) => {
            const { language } = marketOf(locale);
            return (
              <li key={locale}>
                <AppLink
                  className="site-choice"
                  href={urlFor('front_pages_index', locale)}
                  hrefLang={language}
                  lang={language}
                  aria-current={locale === match.locale ? 'true' : undefined}
                >
                  <Icon name="globe" size={22} />
                  <span className="site-choice__country">{LOCALE_NAMES[locale].country}</span>
                  <span className="site-choice__language">{LOCALE_NAMES[locale].language}</span>
                  <Icon name="arrow" size={18} />
                </AppLink>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

export const languageSwitchPage = definePage<SwitchProps>({
  async load({ match, t }) {
    const id = match.params.id ?? '';
    if (!findLanguageSwitchPage(id)) throw notFound();
    const head = pageHead(match, t.t('languageSwitch.title'), t.t('languageSwitch.description'), {
      noindex: true,
    });
    return { head, props: { id } };
  },
  Component: LanguageSwitchPage,
});
