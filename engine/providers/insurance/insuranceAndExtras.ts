/**
 * Insurance and optional extras port: the covers and extras offered with a car in its market (the SPEC's
 * `insurance` and `additional-optional` steps, `connect/ajax/insurance/{id}` and
 * `connect/ajax/additional-optional/{id}`), and the price of a buyer's selection. Stands for an
 * embedded-insurance partner (an insurer's or broker's quote API) and the retailer's extras catalogue
 * (warranty extensions from a warranty provider, service plans, accessories). See README.md beside this file.
 */
import type {
  CoverRequest,
  ExtraOffer,
  InsuranceOffer,
  PricedSelection,
  Selection,
} from '../../../domain/insurance/priceSelection.ts';

export type { CoverRequest, ExtraOffer, InsuranceOffer, PricedSelection, Selection };

export interface InsuranceAndExtras {
  /** What is offered for this car: covers cheapest first, extras in catalogue order. Bad input → ValidationError. */
  offers(request: CoverRequest): Promise<{ insurance: InsuranceOffer[]; extras: ExtraOffer[] }>;
  /**
   * The price of a selection (a cover or `null`, extras by id). An unknown id, an extra not offered in the
   * market or for the car's fuel or condition, or an id chosen twice → ValidationError per field
   * (`insuranceId`, `extraIds.N`).
   */
  price(selection: Selection): Promise<PricedSelection>;
}
