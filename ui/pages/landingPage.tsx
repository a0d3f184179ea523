/**
 * `landing_page` (slug): a landing page staff publish (content item `landing_page`, domain/content/README.md
 * "Landing pages"): its hero picture, title, intro and text, its brochure (PDF), its dealer, the brand's
 * cars in stock, and a lead form whose leads count for the page (to its dealer, else the nearest one).
 * An unknown slug is 404; `?preview=<id>` shows a content staff member the item's draft.
 */
import { notFound } from '@tanstack/react-router';
import { brandName } from '../../domain/catalogue/reference/brandNames.ts';
import type { ContentFields } from '../../domain/content/items/contentKinds.ts';
import { marketOf } from '../../domain/markets.ts';
import { contentQuery, dealerQuery, searchCarsQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { CarGrid } from '../components/CarCard.tsx';
import { CarPhotoPicture } from '../components/CarPhotoPicture.tsx';
import { DealerContact } from '../components/DealerContact.tsx';
import { Icon } from '../components/Icon.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { dealerUrl } from '../router/dealerUrl.ts';
import { listUrl } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { previewOf } from './contentPreview.ts';
import { LeadFormIsland, loadLeadForm } from './leads/LeadFormIsland.tsx';
import { leadBack } from './leads/leadLinks.ts';
import type { LeadMessages } from './leads/messages/index.ts';

type LandingFields = ContentFields<'landing_page'>;

interface LandingProps {
  readonly id: string;
  readonly fields: LandingFields;
  readonly leads: LeadMessages;
}

const carsOf = (brand: string) => ({ brand, sort: 'newest', page: 1, pageSize: 4 }) as const;

/** A file's size in the page's language (`1,2 Mo`, `1.2 MB`). */
const sizeOf = (bytes: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    Math.max(0.1, bytes / (1024 * 1024)),
  );

function LandingDealer({ dealerId }: { dealerId: string }) {
  const t = useTranslator();
  const dealer = useOptionalQuery(dealerQuery(dealerId)).data;
  if (!dealer) return null;
  const link = dealerUrl(dealer, t.locale);
  return (
    <section className="panel" aria-labelledby="landing-dealer">
      <h2 id="landing-dealer">{t.t('landing.dealer')}</h2>
      <p>
        <strong>{dealer.name}</strong>
      </p>
      <DealerContact contact={dealer} />
      {link ? (
        <AppLink className="more-link" href={link}>
          {t.t('landing.dealerLink')} <Icon name="arrow" size={16} />
        </AppLink>
      ) : null}
    </section>
  );
}

function LandingCars({ brand }: { brand: string }) {
  const t = useTranslator();
  const result = useOptionalQuery(searchCarsQuery(t.locale, carsOf(brand)));
  const name = brandName(brand);
  if (result.data && result.data.cars.length === 0) return null;
  return (
    <section className="container section" aria-labelledby="landing-cars">
      <div className="section__head">
        <h2 id="landing-cars">{t.t('landing.cars', { brand: name })}</h2>
        <AppLink className="more-link" href={listUrl(t.locale, 'used', { brand }, {})}>
          {t.t('landing.seeAll', { brand: name })} <Icon name="arrow" size={16} />
        </AppLink>
      </div>
      {result.isError ? <Notice>{t.t('error.unavailable')}</Notice> : null}
      {result.data ? <CarGrid cars={result.data.cars} /> : null}
    </section>
  );
}

function LandingPage({ match, id, fields, leads }: PageProps<LandingProps>) {
  const t = useTranslator();
  const { locale } = match;
  const page = urlFor('landing_page', locale, { slug: fields.slug });
  const leadAction = fields.dealerId
    ? urlFor('lead_dealer', locale, { id: fields.dealerId })
    : urlFor('lead_contact', locale);
  return (
    <>
      <PageIntro title={fields.title} text={fields.intro} />
      <div className="container section landing">
        {fields.heroImage ? (
          <CarPhotoPicture
            className="content-hero"
            photo={fields.heroImage}
            collection="content-images"
            alt=""
            sizes="(min-width: 1200px) 1140px, calc(100vw - 32px)"
            fetchPriority="high"
          />
        ) : null}
        <div className="landing__columns">
          <div className="landing__body">
            {fields.body
              .split(/\n\s*\n/)
              .map((paragraph) => paragraph.trim())
              .filter(Boolean)
              .map((paragraph) => (
                <p key={paragraph} className="landing__text">
                  {paragraph}
                </p>
              ))}
            {fields.pdf ? (
              <p>
                <a
                  className="btn btn--ghost landing__brochure"
                  href={`/media/content-files/${fields.pdf.fileId}.pdf`}
                  download={fields.pdf.name}
                >
                  <Icon name="download" size={16} /> {t.t('landing.brochure')}{' '}
                  <small>
                    (
                    {t.t('landing.brochureSize', {
                      size: sizeOf(fields.pdf.bytes, marketOf(locale).language),
                    })}
                    )
                  </small>
                </a>
              </p>
            ) : null}
          </div>
          {fields.dealerId ? <LandingDealer dealerId={fields.dealerId} /> : null}
        </div>
      </div>
      {fields.brand ? <LandingCars brand={fields.brand} /> : null}
      <div className="container section lead-section">
        <LeadFormIsland
          id="landing-lead"
          action={leadAction}
          title={t.t('landing.formTitle')}
          intro={t.t('landing.formIntro')}
          messages={leads}
          sourcePage={page}
          landingPage={id}
          back={leadBack(locale, leadAction, page)}
          postcode={!fields.dealerId}
        />
      </div>
    </>
  );
}

export const landingPage = definePage<LandingProps>({
  async load({ match, queryClient, search, origin }) {
    const { locale } = match;
    const slug = match.params.slug ?? '';
    const preview = previewOf(search);
    const items = await queryClient.ensureQueryData(
      contentQuery('landing_page', locale, preview ?? undefined),
    );
    // A preview shows the draft's slug (the API put the draft in the list in place of its published one).
    const item = items.find((candidate) => candidate.fields.slug === slug);
    if (!item) throw notFound();
    const fields = item.fields as LandingFields;
    await Promise.all([
      fields.dealerId ? queryClient.prefetchQuery(dealerQuery(fields.dealerId)) : undefined,
      fields.brand ? queryClient.prefetchQuery(searchCarsQuery(locale, carsOf(fields.brand))) : undefined,
    ]);
    const canonical = urlFor('landing_page', locale, { slug });
    return {
      head: {
        title: fields.title,
        description: fields.intro,
        canonical,
        // One page in one language: no alternates in other locales.
        alternates: { [locale]: canonical },
        ...(preview ? { noindex: true } : {}),
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: fields.title,
          description: fields.intro,
          url: `${origin}${canonical}`,
          inLanguage: marketOf(locale).language,
        },
      },
      props: { id: item.id, fields, leads: await loadLeadForm(locale) },
    };
  },
  Component: LandingPage,
});
