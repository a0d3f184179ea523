/**
 * Trade-in valuations port: an offer for the buyer's current car, valid 7 days, and re-valuations (at
 * inspection, on a corrected mileage, after expiry) that record the difference and the reason. Stands for
 * a remarketing valuation service (the SPEC's `recovery/redirect/ead` partner; price guides and buyers such
 * as Autovista/Eurotax, DAT, Argus, Autorola, BCA). See README.md beside this file.
 */
import type {
  RevaluationChange,
  TradeInOffer,
  TradeInRevaluation,
  ValuationRequest,
} from '../../../domain/valuation/valueTradeIn.ts';

export type { RevaluationChange, TradeInOffer, TradeInRevaluation, ValuationRequest };

export interface TradeInValuations {
  /**
   * Values a car. Bad input (unknown brand or model, year after the valuation, bad mileage) →
   * ValidationError with the field. Same request (same `valuationId` and facts) → same offer.
   */
  value(request: ValuationRequest): Promise<TradeInOffer>;
  /** Values the car of `previous` again with what changed; the answer carries the difference and the reason. */
  revalue(previous: TradeInOffer, change: RevaluationChange): Promise<TradeInRevaluation>;
}
