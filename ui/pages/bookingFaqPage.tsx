/** `car_booking_faq`: how free online booking works (SPEC: "book your car online for free"). */
import { AppLink } from '../components/AppLink.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { LeadFormSection } from './leads/LeadFormSection.tsx';
import { leadBack } from './leads/leadLinks.ts';
import { type LeadMessages, loadLeadMessages } from './leads/messages/index.ts';
import { pageHead } from './pageHead.ts';

const QUESTIONS = [
  ['faq.q1', 'faq.a1'],
  ['faq.q2', 'faq.a2'],
  ['faq.q3', 'faq.a3'],
  ['faq.q4', 'faq.a4'],
] as const satisfies readonly (readonly [MessageKey, MessageKey])[];

interface FaqProps {
  /** The "no answer found?" form's words (a faq lead, domain/leads). */
  readonly leads: LeadMessages;
}

function BookingFaqPage({ match, leads }: PageProps<FaqProps>) {
  const t = useTranslator();
  const page = urlFor(match.route, match.locale);
  const leadAction = urlFor('lead_faq', match.locale);
  return (
    <>
      <PageIntro title={t.t('faq.title')} text={t.t('faq.intro')} />
      <section className="container section faq">
        {QUESTIONS.map(([question, answer]) => (
          <details key={question} className="faq__item" open>
            <summary>{t.t(question)}</summary>
            <p>{t.t(answer)}</p>
          </details>
        ))}
        <AppLink className="btn btn--primary" href={urlFor('page_buy_index', match.locale)}>
          {t.t('faq.cta')}
        </AppLink>
      </section>
      <div className="container section lead-section">
        <LeadFormSection
          id="faq-lead"
          action={leadAction}
          title={leads.titles.faq}
          messages={leads}
          sourcePage={page}
          back={leadBack(match.locale, leadAction, page)}
          postcode
        />
      </div>
    </>
  );
}

export const bookingFaqPage = definePage<FaqProps>({
  async load({ match, t }) {
    const head = pageHead(match, t.t('faq.title'), t.t('faq.description'), {
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: QUESTIONS.map(([question, answer]) => ({
          '@type': 'Question',
          name: t.t(question),
          acceptedAnswer: { '@type': 'Answer', text: t.t(answer) },
        })),
      },
    });
    return { head, props: { leads: await loadLeadMessages(match.locale) } };
  },
  Component: BookingFaqPage,
});
