/**
 * The events of a valuation made outside a purchase ("sell your car", `page_recovery_index`): one stream
 * per valuation, `valuation-<valuationId>`. They carry ids and the car's facts, never personal data.
 */
import type { Money } from '../catalogue/car.ts';
import type { Locale } from '../markets.ts';
import type { TradeInVehicle } from './valueTradeIn.ts';

export const VALUATION_STREAM_PREFIX = 'valuation-';

/** The stream of one saved valuation. */
export const valuationStream = (valuationId: string): string => `${VALUATION_STREAM_PREFIX}${valuationId}`;

/** A saved valuation's id: `sv_` and 32 hex digits (derived from the form's key, so a retry is the same one). */
export const SAVED_VALUATION_ID = /^sv_[a-f0-9]{32}$/;

export type SavedValuationEvent =
  | {
      type: 'CarValued';
      data: {
        valuationId: string;
        market: Locale;
        vehicle: TradeInVehicle;
        offer: Money;
        valuedAt: string;
        /** `valuedAt` + 7 days (OFFER_VALIDITY_DAYS). */
        validUntil: string;
        /** The signed-in customer who asked; null for a visitor (their session keeps the id). */
        customerId: string | null;
      };
    }
  /** A visitor's valuation joins the account they signed in or up to. */
  | { type: 'ValuationJoinedAccount'; data: { valuationId: string; customerId: string } }
  /** The offer became the trade-in offer of a purchase (its recovery step), at the same amount. */
  | { type: 'ValuationUsedInPurchase'; data: { valuationId: string; purchaseId: string; at: string } };

export type SavedValuationEventType = SavedValuationEvent['type'];

export const SAVED_VALUATION_EVENT_TYPES = [
  'CarValued',
  'ValuationJoinedAccount',
  'ValuationUsedInPurchase',
] as const satisfies readonly SavedValuationEventType[];
