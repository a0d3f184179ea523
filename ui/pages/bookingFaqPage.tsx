/**
 * `car_booking_faq`: how free online booking works (SPEC: "book your car online for free"). The
 * questions are content items (FAQ, topic `booking`) staff edit and publish in the back office
 * (domain/content/README.md "Content items"); `?preview=<id>` shows a staff member an item's draft. Below
 * them, the "no answer found?" form (a faq lead, domain/leads).
 */
import type { Locale } from '../../domain/markets.ts';
import { contentQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { previewOf } from './contentPreview.ts';
import { LeadFormIsland, loadLeadForm } from './leads/LeadFormIsland.tsx';
import { leadBack } from './leads/leadLinks.ts';
import type { LeadMessages } from './leads/messages/index.ts';
import { pageHead } from './pageHead.ts';

interface Props {
  readonly preview: string | null;
  /** The "no answer found?" form's words. */
  readonly leads: LeadMessages;
}

const faqQuery = (locale: Locale, preview: string | null) =>
  contentQuery('faq', locale, preview ?? undefined);
const bookingOnly = <T extends { fields: { topic: string } }>(items: readonly T[]) =>
  items.filter((item) => item.fields.topic === 'booking');

function BookingFaqPage({ match, preview, leads }: PageProps<Props>) {
  const t = useTranslator();
  // Read as an optional section: the page (its lead form too) still renders if the content is unavailable.
  const faq = useOptionalQuery(faqQuery(match.locale, preview));
  const questions = bookingOnly(faq.data ?? []);
  const page = urlFor(match.route, match.locale);
  const leadAction = urlFor('lead_faq', match.locale);
  return (
    <>
      <PageIntro title={t.t('faq.title')} text={t.t('faq.intro')} />
      <section className="container section faq">
        {faq.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
        {questions.map(({ id, fields }) => (
          <details key={id} className="faq__item" open>
            <summary>{fields.question}</summary>
            <p>{fields.answer}</p>
          </details>
        ))}
        <AppLink className="btn btn--primary" href={urlFor('page_buy_index', match.locale)}>
          {t.t('faq.cta')}
        </AppLink>
      </section>
      <div className="container section lead-section">
        <LeadFormIsland
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

export const bookingFaqPage = definePage<Props>({
  async load({ match, queryClient, t, search }) {
    const preview = previewOf(search);
    const [, leads] = await Promise.all([
      queryClient.prefetchQuery(faqQuery(match.locale, preview)),
      loadLeadForm(match.locale),
    ]);
    const questions = bookingOnly(queryClient.getQueryData(faqQuery(match.locale, preview).queryKey) ?? []);
    const head = pageHead(match, t.t('faq.title'), t.t('faq.description'), {
      ...(preview ? { noindex: true } : {}),
      ...(questions.length === 0
        ? {}
        : {
            jsonLd: {
              '@context': 'https://schema.org',
              '@type': 'FAQPage',
              mainEntity: questions.map(({ fields }) => ({
                '@type': 'Question',
                name: fields.question,
                acceptedAnswer: { '@type': 'Answer', text: fields.answer },
              })),
            },
          }),
    });
    return { head, props: { preview, leads } };
  },
  Component: BookingFaqPage,
});
