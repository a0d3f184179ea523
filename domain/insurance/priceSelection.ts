/**
 * What the insurance and extras steps offer for one car, and what a buyer's selection costs. Unknown or
 * unavailable ids are ValidationErrors on the field (`insuranceId`, `extraIds.N`).
 */
import type { z } from 'zod';
import type { Money } from '../catalogue/car.ts';
import { ValidationError } from '../errors.ts';
import { MARKETS } from '../markets.ts';
import {
  EXCLUSIVE_MESSAGE,
  EXTRAS,
  type Extra,
  type ExtraGroup,
  type ExtraId,
  exclusiveConflict,
} from './extras.ts';
import {
  BAND_EUR_TO_PLN,
  BAND_FACTORS,
  BASE_MONTHLY_PREMIUM,
  INSURANCE_LABELS,
  INSURANCE_PRODUCT_IDS,
  type InsuranceProductId,
  PRICE_BANDS_EUR,
} from './insuranceProducts.ts';
import type { coverRequestSchema, selectionSchema } from './insuranceSchemas.ts';

export type CoverRequest = z.output<typeof coverRequestSchema>;
export type Selection = z.output<typeof selectionSchema>;

export interface InsuranceOffer {
  readonly id: InsuranceProductId;
  readonly label: string;
  readonly monthlyPremium: Money;
}

export interface ExtraOffer {
  readonly id: ExtraId;
  readonly label: string;
  readonly price: Money;
  /** Its exclusive group: the screen offers a group's extras as one choice. */
  readonly group?: ExtraGroup;
}

export interface PricedSelection {
  readonly insurance: InsuranceOffer | null;
  readonly extras: readonly ExtraOffer[];
  /** One-off: the sum of the extras, added to the purchase price. */
  readonly extrasTotal: Money;
  /** Monthly: the insurance premium (0 without cover). */
  readonly monthlyTotal: Money;
}

const BY_ID: ReadonlyMap<string, Extra> = new Map(EXTRAS.map((e) => [e.id, e]));

function checkCurrency(request: CoverRequest): void {
  const currency = MARKETS[request.market].currency;
  if (request.carPrice.currency !== currency) {
    throw ValidationError.field('carPrice.currency', `must be ${currency} in market ${request.market}`);
  }
}

/** The price band (0–4) of a car price. */
export function priceBand(carPrice: Money): number {
  const eur = carPrice.amount / 100 / (carPrice.currency === 'PLN' ? BAND_EUR_TO_PLN : 1);
  const band = PRICE_BANDS_EUR.findIndex((limit) => eur < limit);
  return band === -1 ? PRICE_BANDS_EUR.length : band;
}

/** The covers offered for a car, cheapest first. */
export function insuranceOffersFor(request: CoverRequest): InsuranceOffer[] {
  checkCurrency(request);
  const band = priceBand(request.carPrice);
  const currency = request.carPrice.currency;
  return INSURANCE_PRODUCT_IDS.map((id) => ({
    id,
    label: INSURANCE_LABELS[id],
    monthlyPremium: {
      amount: Math.round(BASE_MONTHLY_PREMIUM[request.market][id] * BAND_FACTORS[id][band]!),
      currency,
    },
  }));
}

/** Why an extra cannot be had with this car in this market, or undefined when it can. */
function unavailable(extra: Extra, request: CoverRequest): string | undefined {
  if (extra.prices[request.market] === undefined) return `is not offered in market ${request.market}`;
  if (extra.fuels && !extra.fuels.includes(request.fuel)) return `is only for ${extra.fuels.join(', ')} cars`;
  if (extra.conditions && !extra.conditions.includes(request.carCondition)) {
    return `is only for ${extra.conditions.join(', ')} cars`;
  }
  return undefined;
}

const offerOf = (extra: Extra, request: CoverRequest): ExtraOffer => ({
  id: extra.id,
  label: extra.label,
  price: { amount: extra.prices[request.market]!, currency: request.carPrice.currency },
  ...(extra.group ? { group: extra.group } : {}),
});

/** The extras offered for a car in its market, in catalogue order. */
export function extrasFor(request: CoverRequest): ExtraOffer[] {
  checkCurrency(request);
  return EXTRAS.filter((e) => unavailable(e, request) === undefined).map((e) => offerOf(e, request));
}

/** Whether an id is an insurance cover. */
export function isInsuranceProductId(id: string): id is InsuranceProductId {
  return (INSURANCE_PRODUCT_IDS as readonly string[]).includes(id);
}

/** Prices a selection; every problem with the ids is reported at once, per field. */
export function priceSelection(selection: Selection): PricedSelection {
  checkCurrency(selection);
  const fields: Record<string, string[]> = {};
  let insurance: InsuranceOffer | null = null;
  if (selection.insuranceId !== null) {
    if (isInsuranceProductId(selection.insuranceId)) {
      insurance = insuranceOffersFor(selection).find((o) => o.id === selection.insuranceId)!;
    } else {
      fields.insuranceId = ['is not an insurance cover'];
    }
  }
  const seen = new Set<string>();
  const extras: ExtraOffer[] = [];
  selection.extraIds.forEach((id, index) => {
    const extra = BY_ID.get(id);
    const problem = seen.has(id)
      ? 'is chosen twice'
      : extra
        ? unavailable(extra, selection)
        : 'is not an extra';
    seen.add(id);
    if (problem) fields[`extraIds.${index}`] = [problem];
    else if (extra) extras.push(offerOf(extra, selection));
  });
  const conflict = exclusiveConflict(selection.extraIds);
  if (conflict) fields.extraIds = [EXCLUSIVE_MESSAGE[conflict]];
  if (Object.keys(fields).length > 0) throw new ValidationError('the selection is not valid', fields);
  const currency = selection.carPrice.currency;
  return {
    insurance,
    extras,
    extrasTotal: { amount: extras.reduce((sum, e) => sum + e.price.amount, 0), currency },
    monthlyTotal: { amount: insurance?.monthlyPremium.amount ?? 0, currency },
  };
}
