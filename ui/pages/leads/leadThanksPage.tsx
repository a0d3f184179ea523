/**
 * `lead_thanks`: where a lead form posted without JavaScript lands. Sent: the thanks. Refused, from a
 * page kept in the page cache (which cannot show one visitor's messages): the same form again with the
 * messages by field and the values typed (`?to=` the form's lead call, `?from=` its page). A personal
 * page (its form carries the session's CSRF token), kept out of search results.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { ROUTING_OF } from '../../../domain/leads/routing.ts';
import type { LeadKind } from '../../../domain/leads/schemas.ts';
import type { Locale } from '../../../domain/markets.ts';
import { matchUrl } from '../../../domain/routes/index.ts';
import { dealersQuery } from '../../api/queries.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { PageIntro } from '../../components/PageIntro.tsx';
import type { FormFlash } from '../../router/AppRouterContext.ts';
import { definePage, type PageProps } from '../../router/PageModule.ts';
import { text } from '../../router/searchReaders.ts';
import { urlFor } from '../../router/urlFor.ts';
import { pageHead } from '../pageHead.ts';
import { LeadFormSection } from './LeadFormSection.tsx';
import { type LeadMessages, loadLeadMessages } from './messages/index.ts';

/** The query's `to` and `from` (both left out if either is not text of at most 300 characters). */
function readThanksSearch(search: Readonly<Record<string, unknown>>): { to?: string; from?: string } {
  const to = text(search.to, 300);
  const from = text(search.from, 300);
  const fine = (value: unknown, read: string | undefined) => value === undefined || read !== undefined;
  return fine(search.to, to) && fine(search.from, from)
    ? { ...(to ? { to } : {}), ...(from ? { from } : {}) }
    : {};
}

/** The lead call a form posted to, if `to` is one. */
function leadOf(to: string | undefined, locale: Locale) {
  const match = to ? matchUrl(to) : null;
  if (!match || match.locale !== locale || !match.route.startsWith('lead_') || match.route === 'lead_thanks')
    return undefined;
  return { action: to!, kind: match.route.slice('lead_'.length) as LeadKind, params: match.params };
}

interface ThanksProps {
  readonly leads: LeadMessages;
  readonly csrfToken: string | null;
  readonly flash: FormFlash | null;
  /** A refused post's form to show again. */
  readonly retry: {
    readonly action: string;
    readonly kind: LeadKind;
    readonly from: string;
    readonly hub: string | null;
  } | null;
}

function HubDealers(props: {
  readonly locale: Locale;
  readonly hub: string;
  readonly children: (d: { value: string; label: string }[]) => React.ReactNode;
}) {
  const { data } = useSuspenseQuery({
    ...dealersQuery(props.locale),
    select: (all) =>
      all
        .filter((d) => d.hub === props.hub)
        .map((d) => ({ value: d.dealerId, label: `${d.name}, ${d.city}` })),
  });
  return <>{props.children(data)}</>;
}

function LeadThanksPage({ match, leads, csrfToken, flash, retry }: PageProps<ThanksProps>) {
  const { locale } = match;
  if (retry) {
    const form = (dealers?: { value: string; label: string }[]) => (
      <LeadFormSection
        id="lead-retry"
        action={retry.action}
        title={leads.titles[retry.kind]}
        messages={leads}
        sourcePage={retry.from}
        // A landing page's form refused: the retry still counts for the page (domain/content/README.md).
        {...(flash?.values.landingPage ? { landingPage: flash.values.landingPage } : {})}
        back={`${urlFor('lead_thanks', locale)}?${new URLSearchParams({ to: retry.action, from: retry.from })}`}
        postcode={ROUTING_OF[retry.kind] === 'nearest'}
        {...(dealers ? { dealers } : {})}
        {...(csrfToken ? { csrfToken } : {})}
        flash={flash}
      />
    );
    return (
      <>
        <PageIntro title={leads.thanks.fix} />
        <div className="container section lead-section">
          {retry.hub ? (
            <HubDealers locale={locale} hub={retry.hub}>
              {(dealers) => form(dealers)}
            </HubDealers>
          ) : (
            form()
          )}
        </div>
      </>
    );
  }
  return (
    <>
      <PageIntro title={leads.thanks.title} text={leads.thanks.text} />
      <div className="container section">
        <AppLink className="btn btn--primary" href={urlFor('front_pages_index', locale)}>
          {leads.thanks.home}
        </AppLink>
      </div>
    </>
  );
}

export const leadThanksPage = definePage<ThanksProps>({
  async load({ match, search, personal, queryClient }) {
    const leads = await loadLeadMessages(match.locale);
    const asked = readThanksSearch(search);
    const flash = personal?.flash ?? null;
    const refused = flash !== null && Object.keys(flash.fields).length > 0;
    const lead = refused ? leadOf(asked.to, match.locale) : undefined;
    const from = asked.from && matchUrl(asked.from) ? asked.from : urlFor('front_pages_index', match.locale);
    const hub = lead?.kind === 'hub' ? (lead.params.nameHub ?? null) : null;
    if (hub) await queryClient.ensureQueryData(dealersQuery(match.locale));
    return {
      head: pageHead(match, lead ? leads.thanks.fix : leads.thanks.title, leads.thanks.text, {
        noindex: true,
      }),
      props: {
        leads,
        csrfToken: personal?.csrfToken ?? null,
        flash,
        retry: lead ? { action: lead.action, kind: lead.kind, from, hub } : null,
      },
    };
  },
  Component: LeadThanksPage,
});
