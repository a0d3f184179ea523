/**
 * `language_switch_page` (id): the sites a visitor can choose from, each in its own language, leading to
 * that site's home page. Each page is a content item staff publish (`language_switch_page`, its `number`
 * the route's id; domain/content/README.md "Language-switch pages"): its heading and the sites in order.
 * An unknown id is 404; `?preview=<id>` shows a content staff member a draft. Kept out of search
 * results: it only links to pages that are indexed themselves.
 */
import { notFound } from '@tanstack/react-router';
import type { ContentFields } from '../../domain/content/items/contentKinds.ts';
import { marketOf } from '../../domain/markets.ts';
import { contentQuery } from '../api/queries.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LOCALE_NAMES } from '../i18n/localeNames.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { previewOf } from './contentPreview.ts';
import { pageHead } from './pageHead.ts';

interface SwitchProps {
  readonly fields: ContentFields<'language_switch_page'>;
}

function LanguageSwitchPage({ match, fields }: PageProps<SwitchProps>) {
  const t = useTranslator();
  return (
    <>
      <PageIntro title={t.t('languageSwitch.title')} text={t.t('languageSwitch.intro')} />
      <section className="container section" aria-labelledby="switch-group">
        <h2 id="switch-group">{fields.title}</h2>
        <ul className="site-choices">
          {fields.locales.map((locale) => {
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
  async load({ match, t, queryClient, search }) {
    const number = Number(match.params.id ?? '');
    const preview = previewOf(search);
    const items = await queryClient.ensureQueryData(
      contentQuery('language_switch_page', match.locale, preview ?? undefined),
    );
    const item = items.find((candidate) => Number(candidate.fields.number) === number);
    if (!item) throw notFound();
    const head = pageHead(match, t.t('languageSwitch.title'), t.t('languageSwitch.description'), {
      noindex: true,
    });
    return { head, props: { fields: item.fields as ContentFields<'language_switch_page'> } };
  },
  Component: LanguageSwitchPage,
});
