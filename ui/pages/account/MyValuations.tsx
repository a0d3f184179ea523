/**
 * The account's valuations ("sell your car", SPEC `my_account_dashboard`): each with its car, amount and
 * until when it holds (or when it ended), a link to its offer, and a link to value another car.
 */
import type { Money } from '../../../domain/catalogue/car.ts';
import { carModelName as carName } from '../../../domain/catalogue/reference/brandNames.ts';
import type { TradeInVehicle } from '../../../domain/valuation/valueTradeIn.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { formatDate, formatNumber, formatPrice } from '../../i18n/format.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import type { ValuationMessages } from '../valuation/messages/index.ts';

/** One of `GET /api/account/valuations`'s. */
export interface AccountValuation {
  readonly valuationId: string;
  readonly market: string;
  readonly vehicle: TradeInVehicle;
  readonly offer: Money;
  readonly valuedAt: string;
  readonly validUntil: string;
  readonly valid: boolean;
  readonly usedIn: readonly string[];
}

export interface AccountValuations {
  readonly items: readonly AccountValuation[];
  readonly messages: ValuationMessages;
}

export function MyValuations({ valuations, match }: PageProps<{ valuations: AccountValuations }>) {
  const { locale } = match;
  const m = valuations.messages;
  return (
    <section className="account__section" id="valuations" aria-labelledby="valuations-title">
      <h2 id="valuations-title">{m.list.title}</h2>
      {valuations.items.length === 0 ? <p className="account__empty">{m.list.empty}</p> : null}
      <ul className="my-valuations">
        {valuations.items.map((v) => (
          <li key={v.valuationId} className="panel">
            <p>
              <strong>{formatPrice(v.offer, locale)}</strong> · {carName(v.vehicle)}
            </p>
            <p>
              {fill(m.facts, {
                year: v.vehicle.year,
                mileage: formatNumber(v.vehicle.mileageKm, locale),
                condition: m.conditions[v.vehicle.condition].toLowerCase(),
              })}
            </p>
            <p>
              {v.valid
                ? fill(m.list.valid, { date: formatDate(v.validUntil, locale, 'long') })
                : fill(m.list.expired, { date: formatDate(v.validUntil, locale, 'long') })}
              {v.usedIn.length > 0 ? ` · ${m.list.used}` : ''}
            </p>
            <AppLink href={urlFor('page_recovery_offer', locale, { valuationId: v.valuationId })}>
              {fill(m.list.view, { car: carName(v.vehicle) })}
            </AppLink>
          </li>
        ))}
      </ul>
      <p>
        <AppLink className="btn btn--ghost" href={urlFor('page_recovery_index', locale)}>
          {m.list.valuate}
        </AppLink>
      </p>
    </section>
  );
}
