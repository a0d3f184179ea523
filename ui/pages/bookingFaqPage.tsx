/**
 * `car_booking_faq`: how free online booking works (SPEC: "book your car online for free"). The
 * questions are content items (FAQ, topic `booking`) staff edit and publish in the back office
 * (domain/content/README.md "Content items"); `?preview=<id>` shows a staff member an item's draft.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { CONTENT_ID } from '../../domain/content/items/contentItem.ts';
import type { Locale } from '../../domain/markets.ts';
import { contentQuery } from '../api/queries.ts';
import { AppLink } from '../components/AppLink.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

interface Props {
  readonly preview: string | null;
}

const faqQuery = (locale: Locale, preview: string | null) =>
  contentQuery('faq', locale, preview ?? undefined);
const bookingOnly = <T extends { fields: { topic: string } }>(items: readonly T[]) =>
  items.filter((item) => item.fields.topic === 'booking');

function BookingFaqPage({ match, preview }: PageProps<Props>) {
  const t = useTranslator();
  const questions = bookingOnly(useSuspenseQuery(faqQuery(match.locale, preview)).data);
  return (
    <>
      <PageIntro title={t.t('faq.title')} text={t.t('faq.intro')} />
      <section className="container section faq">
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
    </>
  );
}

export const bookingFaqPage = definePage<Props>({
  async load({ match, queryClient, t, search }) {
    const preview =
      typeof search.preview === 'string' && CONTENT_ID.test(search.preview) ? search.preview : null;
    const questions = bookingOnly(await queryClient.ensureQueryData(faqQuery(match.locale, preview)));
    const head = pageHead(match, t.t('faq.title'), t.t('faq.description'), {
      ...(preview ? { noindex: true } : {}),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: questions.map(({ fields }) => ({
          '@type': 'Question',
          name: fields.question,
          acceptedAnswer: { '@type': 'Answer', text: fields.answer },
        })),
      },
    });
    return { head, props: { preview } };
  },
  Component: BookingFaqPage,
});
