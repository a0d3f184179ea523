/**
 * `page_recovery_index`: selling or trading in a car. The optional `brand` and `model` parameters are
 * kept in the canonical URL; the valuation form itself belongs to the trade-in funnel.
 */
import { AppLink } from '../components/AppLink.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

const STEPS = [
  ['recovery.step1Title', 'recovery.step1Text'],
  ['recovery.step2Title', 'recovery.step2Text'],
  ['recovery.step3Title', 'recovery.step3Text'],
] as const satisfies readonly (readonly [MessageKey, MessageKey])[];

function RecoveryPage({ match }: PageProps<object>) {
  const t = useTranslator();
  return (
    <>
      <PageIntro title={t.t('recovery.title')} text={t.t('recovery.intro')} />
      <section className="container section">
        <ol className="steps">
          {STEPS.map(([title, text], index) => (
            <li key={title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h2>{t.t(title)}</h2>
              <p>{t.t(text)}</p>
            </li>
          ))}
        </ol>
        <AppLink className="btn btn--primary" href={urlFor('dealers_locator_index', match.locale)}>
          {t.t('recovery.cta')}
        </AppLink>
      </section>
    </>
  );
}

export const recoveryPage = definePage<object>({
  async load({ match, t }) {
    return { head: pageHead(match, t.t('recovery.title'), t.t('recovery.description')), props: {} };
  },
  Component: RecoveryPage,
});
