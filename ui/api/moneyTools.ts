/**
 * The car page's money tools (SPEC §7 `get-car-financement`, `get-price-edit-hiflow/{idApi}/{arrival}`;
 * shapes in http/routes/FUNNELS.md). The page's loader reads both with GET through the query client's API
 * (the server renders them in-process); in the browser a new finance choice goes through the SPEC's POST.
 * Both answer for the locale's market: call them under the car's own locale.
 */
import { queryOptions } from '@tanstack/react-query';
import type { DeliveryType } from '../../domain/delivery/deliveryTariffs.ts';
import type { DeliveryQuote } from '../../domain/delivery/quoteDelivery.ts';
import type { FinanceChoices } from '../../domain/finance/financeChoices.ts';
import type { FinanceQuote } from '../../domain/finance/quoteFinance.ts';
import type { Locale } from '../../domain/markets.ts';
import { urlFor, withQuery } from '../router/urlFor.ts';
import { ApiError } from './ApiError.ts';
import { apiOf } from './createQueryClient.ts';

/** A finance choice: the duration and the down payment in minor units (undefined: the car page's first). */
export interface FinanceChoice {
  readonly durationMonths?: number | undefined;
  readonly downPayment?: number | undefined;
}

export interface CarFinance {
  readonly idApi: string;
  readonly choices: FinanceChoices;
  readonly quote: FinanceQuote;
  readonly lender: { readonly name: string };
  /** The offer's PDF. */
  readonly pdfUrl: string;
}

/** A delivery type's quote, or why it cannot be made (`area_not_served`: a postcode in no area served). */
export type DeliveryQuoteView =
  | DeliveryQuote
  | { readonly type: DeliveryType; readonly deliverable: false; readonly reason: 'area_not_served' };

export interface CarDelivery {
  readonly arrival: string;
  readonly origin: { readonly city: string };
  readonly destination: { readonly areaName: string } | null;
  readonly quotes: readonly DeliveryQuoteView[];
}

const financeKey = (locale: Locale, carId: string, choice: FinanceChoice) =>
  ['money', 'finance', locale, carId, choice.durationMonths ?? null, choice.downPayment ?? null] as const;

/** The quote for a car and a choice, read with GET (the loader, on the server and in the browser). */
export function carFinanceQuery(locale: Locale, carId: string, choice: FinanceChoice) {
  return queryOptions({
    queryKey: financeKey(locale, carId, choice),
    queryFn: ({ client, signal }) =>
      apiOf(client).getJson<CarFinance>(
        withQuery(urlFor('ajax_get_car_financement', locale), { idApi: carId, ...choice }),
        signal,
      ),
    staleTime: 5 * 60_000,
    retry: false,
    // A refusal the server rendered (a bad choice or postcode in the URL) is shown, not asked again.
    retryOnMount: false,
  });
}

/** The same quote through the SPEC's POST (the widget in the browser); a refusal is an ApiError. */
export function postCarFinanceQuery(locale: Locale, carId: string, choice: FinanceChoice) {
  return queryOptions({
    ...carFinanceQuery(locale, carId, choice),
    queryFn: async ({ signal }) => {
      const path = urlFor('ajax_get_car_financement', locale);
      const response = await fetch(path, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ idApi: carId, ...choice }),
        signal,
      });
      if (!response.ok) throw new ApiError(response.status, path, `POST ${path} answered ${response.status}`);
      return (await response.json()) as CarFinance;
    },
  });
}

/** The car's delivery quotes to a postcode (spaces dropped: the route's postcodes have none). */
export function carDeliveryQuery(locale: Locale, carId: string, postcode: string) {
  const arrival = postcode.replace(/\s+/g, '');
  return queryOptions({
    queryKey: ['money', 'delivery', locale, carId, arrival] as const,
    queryFn: ({ client, signal }) =>
      apiOf(client).getJson<CarDelivery>(
        urlFor('ajax_get_price_edit_hiflow', locale, { idApi: carId, arrival }),
        signal,
      ),
    staleTime: 5 * 60_000,
    retry: false,
    // A refusal the server rendered (a bad choice or postcode in the URL) is shown, not asked again.
    retryOnMount: false,
  });
}
