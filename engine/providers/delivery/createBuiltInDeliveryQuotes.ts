/**
 * The built-in delivery provider: computes quotes in-process from the postcode-area table and each
 * market's tariff (domain/delivery), no network. A real adapter (Hiflow's API) implements the same port.
 */

import {
  deliveryDestinationRequestSchema,
  deliveryRequestSchema,
} from '../../../domain/delivery/deliverySchemas.ts';
import {
  DELIVERY_TARIFFS,
  DELIVERY_TYPES,
  type DeliveryTariff,
} from '../../../domain/delivery/deliveryTariffs.ts';
import { quoteDelivery } from '../../../domain/delivery/quoteDelivery.ts';
import type { Locale } from '../../../domain/markets.ts';
import { validate } from '../../../domain/validate.ts';
import type { DeliveryQuotes } from './deliveryQuotes.ts';

export interface BuiltInDeliveryQuotesOptions {
  /** Tariffs replacing the defaults of some markets (domain/delivery/deliveryTariffs.ts). */
  readonly tariffs?: Partial<Record<Locale, DeliveryTariff>>;
}

export function createBuiltInDeliveryQuotes(options: BuiltInDeliveryQuotesOptions = {}): DeliveryQuotes {
  const tariffs = { ...DELIVERY_TARIFFS, ...options.tariffs };
  return {
    async quote(request) {
      return quoteDelivery(validate(deliveryRequestSchema, request, 'delivery request'), tariffs);
    },
    async quoteAll(request) {
      const valid = validate(deliveryDestinationRequestSchema, request, 'delivery request');
      return DELIVERY_TYPES.map((type) => quoteDelivery({ ...valid, type }, tariffs));
    },
    async tariff(market) {
      return tariffs[market];
    },
  };
}
