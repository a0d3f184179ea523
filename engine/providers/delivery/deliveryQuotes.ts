/**
 * Delivery quotes port: what it costs and how long it takes to bring a car from its dealer to the buyer,
 * by delivery type. Stands for a vehicle delivery / convoy provider such as Hiflow (the SPEC's
 * `get-price-edit-hiflow/{idApi}/{arrival}`, `view/{idOriginApi}/{idDistanceApi}/{type}`,
 * `all/{idOriginApi}`, `calculation`, `checkDealerDistance/{id}`). See README.md beside this file.
 */
import type { DeliveryTariff, DeliveryType } from '../../../domain/delivery/deliveryTariffs.ts';
import type { DeliveryQuote, DeliveryRequest } from '../../../domain/delivery/quoteDelivery.ts';
import type { Locale } from '../../../domain/markets.ts';

export type { DeliveryQuote, DeliveryRequest, DeliveryTariff, DeliveryType };

export interface DeliveryQuotes {
  /**
   * The quote of one delivery type. Bad input (unknown market, malformed postcode, a postcode in no
   * delivery area, a bad date) → ValidationError with the field; a delivery that cannot be made (too far,
   * across the sea, a new car by driver) → a quote with `deliverable: false` and its reason.
   */
  quote(request: DeliveryRequest): Promise<DeliveryQuote>;
  /** The quotes of every delivery type for one destination, in {@link DELIVERY_TYPES} order. */
  quoteAll(request: Omit<DeliveryRequest, 'type'>): Promise<DeliveryQuote[]>;
  /**
   * How `market`'s home deliveries are priced, when the provider prices by distance (base + rate per road
   * km, as the built-in tariff does); undefined for a provider that quotes each run on its own.
   */
  tariff(market: Locale): Promise<DeliveryTariff | undefined>;
}
