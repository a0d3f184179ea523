/**
 * `page_recovery_offer`: the offer of a valuation made on the "sell your car" page (recoveryPage.tsx):
 * the amount in the market's currency and until when it holds, the way to a dealer's inspection
 * (`dealer_appointment` with `?purpose=trade-in-inspection&valuation=<id>`) and, for a visitor, the
 * way to keep it in an account. The buyer's own only (http/routes/valuationCalls.ts): another's is a 404.
 */

import type { Money } from '../../../domain/catalogue/car.ts';
import { carModelName as carName } from '../../../domain/catalogue/reference/brandNames.ts';
import type { TradeInVehicle } from '../../../domain/valuation/valueTradeIn.ts';
import { apiOf } from '../../api/createQueryClient.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { PageIntro } from '../../components/PageIntro.tsx';
import { formatDate, formatNumber, formatPrice } from '../../i18n/format.ts';
import { definePage, type PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import { getOr404 } from '../funnel/funnelLoad.ts';
import { pageHead } from '../pageHead.ts';
import { loadValuationMessages, type ValuationMessages } from './messages/index.ts';

/** A valuation as `GET /api/valuations/{id}` answers it. */
export interface ValuationJson {
  readonly valuationId: string;
  readonly vehicle: TradeInVehicle;
  readonly offer: Money;
  readonly valuedAt: string;
  readonly validUntil: string;
  readonly valid: boolean;
  /** Where it is kept: the buyer's account, or (a visitor's) this browser's session. */
  readonly kept: 'account' | 'browser';
}

interface OfferPageProps {
  readonly valuation: ValuationJson;
  readonly messages: ValuationMessages;
}

/** The car's name as the offer says it (`Peugeot 308`). */
/** The dealer appointment page (the dealer choice) for the inspection of this valuation's car. */
export const inspectionUrl = (locale: Parameters<typeof urlFor>[1], valuationId: string) =>
  `${urlFor('dealer_appointment', locale)}?${new URLSearchParams({ purpose: 'trade-in-inspection', valuation: valuationId })}`;

function OfferPage({ valuation: v, messages: m, match }: PageProps<OfferPageProps>) {
  const { locale } = match;
  const offerPath = urlFor('page_recovery_offer', locale, { valuationId: v.valuationId });
  return (
    <>
      <PageIntro title={m.offerTitle} text={fill(m.offerFor, { car: carName(v.vehicle) })} />
      <section className="container section valuation-offer" aria-labelledby="step-title">
        <div className="panel">
          {/* Focused when the form's answer brings the buyer here in place (funnel/funnelForm.tsx). */}
          <p id="step-title" tabIndex={-1} className="valuation-offer__amount" data-testid="offer-amount">
            {formatPrice(v.offer, locale)}
          </p>
          <p>
            {fill(m.facts, {
              year: v.vehicle.year,
              mileage: formatNumber(v.vehicle.mileageKm, locale),
              condition: m.conditions[v.vehicle.condition].toLowerCase(),
            })}
          </p>
          {v.valid ? (
            <p>{fill(m.validUntil, { date: formatDate(v.validUntil, locale, 'long') })}</p>
          ) : (
            <p className="notice notice--warning">
              {fill(m.expired, { date: formatDate(v.validUntil, locale, 'long') })}
            </p>
          )}
          {v.kept === 'account' ? (
            <p>
              {m.keptAccount} <AppLink href={urlFor('my_account_dashboard', locale)}>{m.toAccount}</AppLink>
            </p>
          ) : (
            <p>
              {m.keptBrowser}{' '}
              <AppLink
                href={`${urlFor('my_account_dashboard', locale)}?${new URLSearchParams({ next: offerPath })}`}
              >
                {m.signIn}
              </AppLink>
            </p>
          )}
        </div>
        {v.valid ? (
          <div className="panel">
            <h2>{m.inspectionTitle}</h2>
            <p>{m.inspectionText}</p>
            <AppLink className="btn btn--accent" href={inspectionUrl(locale, v.valuationId)}>
              {m.inspection}
            </AppLink>
          </div>
        ) : null}
        <p>
          <AppLink className="btn btn--ghost" href={urlFor('page_recovery_index', locale)}>
            {m.again}
          </AppLink>
        </p>
      </section>
    </>
  );
}

export const valuationOfferPage = definePage<OfferPageProps>({
  async load({ match, queryClient }) {
    const api = apiOf(queryClient);
    const { locale } = match;
    const valuationId = match.params.valuationId ?? '';
    const [messages, answer] = await Promise.all([
      loadValuationMessages(locale),
      getOr404(() => api.getJson<{ valuation: ValuationJson }>(`/api/valuations/${valuationId}`)),
    ]);
    const head = pageHead(match, messages.offerTitle, messages.formIntro, { noindex: true });
    return { head, props: { valuation: answer.valuation, messages } };
  },
  Component: OfferPage,
});
