/**
 * `finance_page`, `warranty_page`, `electric_page`: a short text on the topic in the page's language and
 * its lead form (finance, warranty, electric leads to the dealer nearest the buyer's postcode); the
 * electric page also offers the CEE bonus form (a cee lead).
 */
import { PageIntro } from '../../components/PageIntro.tsx';
import { definePage, type PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { pageHead } from '../pageHead.ts';
import { LeadFormIsland, loadLeadForm } from './LeadFormIsland.tsx';
import { leadBack } from './leadLinks.ts';
import type { LeadMessages } from './messages/index.ts';

type Topic = 'finance' | 'warranty' | 'electric';

const TOPIC_OF: Readonly<Record<string, Topic>> = {
  finance_page: 'finance',
  warranty_page: 'warranty',
  electric_page: 'electric',
};

interface TopicProps {
  readonly topic: Topic;
  readonly leads: LeadMessages;
}

function TopicPage({ match, topic, leads }: PageProps<TopicProps>) {
  const { locale } = match;
  const text = leads.pages[topic];
  const page = urlFor(match.route, locale);
  const action = urlFor(`lead_${topic}`, locale);
  const cee = urlFor('lead_cee', locale);
  return (
    <>
      <PageIntro title={text.title} text={text.description} />
      <section className="container section" aria-labelledby="topic-points">
        <h2 id="topic-points" className="visually-hidden">
          {text.title}
        </h2>
        <ul className="topic-points">
          {text.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
      <div className="container section lead-section">
        <LeadFormIsland
          id={`${topic}-lead`}
          action={action}
          title={leads.titles[topic]}
          messages={leads}
          sourcePage={page}
          back={leadBack(locale, action, page)}
          postcode
        />
      </div>
      {topic === 'electric' ? (
        <div className="container section lead-section">
          <LeadFormIsland
            id="cee-lead"
            action={cee}
            title={leads.titles.cee}
            intro={`${leads.pages.electric.ceeTitle}: ${leads.pages.electric.ceeText}`}
            messages={leads}
            sourcePage={page}
            back={leadBack(locale, cee, page)}
            postcode
          />
        </div>
      ) : null}
    </>
  );
}

export const topicPage = definePage<TopicProps>({
  async load({ match }) {
    const topic = TOPIC_OF[match.route] ?? 'finance';
    const leads = await loadLeadForm(match.locale);
    const text = leads.pages[topic];
    return { head: pageHead(match, text.title, text.description), props: { topic, leads } };
  },
  Component: TopicPage,
});
