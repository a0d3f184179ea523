/**
 * A trade-in offer from the reference new price of the car's model (domain/catalogue/reference), its age,
 * mileage, condition and fuel; and a re-valuation that records the new offer, the difference and why.
 * Pure: the valuation time and ids come in with the request.
 */
import type { z } from 'zod';
import type { Money } from '../catalogue/car.ts';
import { brandBySlug, modelBySlug } from '../catalogue/reference/brands.ts';
import { ValidationError } from '../errors.ts';
import { MARKETS } from '../markets.ts';
import {
  CONDITION_FACTOR,
  EUR_TO_PLN,
  EXPECTED_KM_PER_YEAR,
  LIST_PRICE_DRIFT_FLOOR,
  LIST_PRICE_DRIFT_PER_YEAR,
  MARKET_PRICE_LEVEL,
  MILEAGE_FACTOR_BOUNDS,
  MILEAGE_SLOPE_PER_100K,
  OFFER_FLOOR,
  OFFER_VALIDITY_DAYS,
  RETENTION,
  type RevaluationReason,
  TRADE_IN_SHARE,
} from './valuationRules.ts';
import type {
  revaluationChangeSchema,
  tradeInVehicleSchema,
  valuationRequestSchema,
} from './valuationSchemas.ts';

export type TradeInVehicle = z.output<typeof tradeInVehicleSchema>;
export type ValuationRequest = z.output<typeof valuationRequestSchema>;
export type RevaluationChange = z.output<typeof revaluationChangeSchema>;

/** An amount that may be negative (a difference), in minor units. */
export interface SignedMoney {
  readonly amount: number;
  readonly currency: Money['currency'];
}

/** How the offer was reached, to show the seller and audit it later. */
export interface ValuationBasis {
  /** The model's reference new price today (middle of its range), in the offer's currency. */
  readonly referenceNewPrice: Money;
  readonly ageYears: number;
  readonly listPriceFactor: number;
  readonly depreciationFactor: number;
  readonly mileageFactor: number;
  readonly conditionFactor: number;
  readonly marketFactor: number;
  readonly tradeInShare: number;
  /** The computed value was below the floor: the floor is offered. */
  readonly floorApplied: boolean;
}

export interface TradeInOffer {
  readonly valuationId: string;
  readonly market: ValuationRequest['market'];
  readonly vehicle: TradeInVehicle;
  readonly offer: Money;
  readonly valuedAt: string;
  /** `valuedAt` + 7 days: accepting later needs a re-valuation (`offer_expired`). */
  readonly validUntil: string;
  readonly basis: ValuationBasis;
}

export interface TradeInRevaluation {
  readonly revaluationId: string;
  readonly reason: RevaluationReason;
  readonly note?: string;
  readonly previous: { readonly valuationId: string; readonly offer: Money };
  /** The new offer (its `valuationId` is the revaluation id), valid 7 days from the revaluation. */
  readonly offer: TradeInOffer;
  /** New offer − previous offer: negative when the car turned out worth less. */
  readonly difference: SignedMoney;
}

const DAY_MS = 86_400_000;
const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

function instant(iso: string, field: string): Date {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw ValidationError.field(field, 'is not a date and time');
  return at;
}

/** The offer for a car, valued at `request.valuedAt`. Unknown brand or model, or a future year → ValidationError. */
export function valueTradeIn(request: ValuationRequest): TradeInOffer {
  const model = modelBySlug(request.brand, request.model);
  if (!model) {
    const field = brandBySlug(request.brand) ? 'model' : 'brand';
    throw new ValidationError(`${request.brand} ${request.model} is not a car we value`, {
      [field]: ['is not in the reference list'],
    });
  }
  const valuedAt = instant(request.valuedAt, 'valuedAt');
  const ageYears = valuedAt.getUTCFullYear() - request.year;
  if (ageYears < 0) throw ValidationError.field('year', 'is after the valuation date');

  const currency = MARKETS[request.market].currency;
  const toCurrency = currency === 'PLN' ? EUR_TO_PLN : 1;
  const referenceEur = (model.newPriceEur[0] + model.newPriceEur[1]) / 2;
  const retention = RETENTION[request.fuel];
  const listPriceFactor = Math.max(LIST_PRICE_DRIFT_FLOOR, 1 - LIST_PRICE_DRIFT_PER_YEAR * ageYears);
  const depreciationFactor = retention.firstYear * retention.perYear ** ageYears;
  const expectedKm = EXPECTED_KM_PER_YEAR * Math.max(1, ageYears);
  const mileageFactor = clamp(
    1 - (MILEAGE_SLOPE_PER_100K * (request.mileageKm - expectedKm)) / 100_000,
    MILEAGE_FACTOR_BOUNDS,
  );
  const conditionFactor = CONDITION_FACTOR[request.condition];
  const marketFactor = MARKET_PRICE_LEVEL[request.market];
  const valueMinor =
    referenceEur *
    100 *
    toCurrency *
    listPriceFactor *
    depreciationFactor *
    mileageFactor *
    conditionFactor *
    marketFactor *
    TRADE_IN_SHARE;
  const { floor, step } = OFFER_FLOOR[currency];
  const rounded = Math.floor(valueMinor / step) * step;
  const { valuationId, market, valuedAt: _at, ...vehicle } = request;
  return {
    valuationId,
    market,
    vehicle,
    offer: { amount: Math.max(floor, rounded), currency },
    valuedAt: valuedAt.toISOString(),
    validUntil: new Date(valuedAt.getTime() + OFFER_VALIDITY_DAYS * DAY_MS).toISOString(),
    basis: {
      referenceNewPrice: { amount: Math.round(referenceEur * toCurrency) * 100, currency },
      ageYears,
      listPriceFactor,
      depreciationFactor,
      mileageFactor,
      conditionFactor,
      marketFactor,
      tradeInShare: TRADE_IN_SHARE,
      floorApplied: rounded < floor,
    },
  };
}

/** Whether the offer still holds at `at`. */
export function isOfferValid(offer: Pick<TradeInOffer, 'validUntil'>, at: string): boolean {
  return instant(at, 'at').getTime() <= new Date(offer.validUntil).getTime();
}

/**
 * Values the same car again with what changed (condition at inspection, the odometer reading, …) and
 * records the new offer, the difference from the previous one and the reason. A revaluation before the
 * valuation it revises → ValidationError.
 */
export function revalueTradeIn(previous: TradeInOffer, change: RevaluationChange): TradeInRevaluation {
  if (instant(change.revaluedAt, 'revaluedAt').getTime() < new Date(previous.valuedAt).getTime()) {
    throw ValidationError.field('revaluedAt', 'is before the valuation it revises');
  }
  const offer = valueTradeIn({
    valuationId: change.revaluationId,
    market: previous.market,
    ...previous.vehicle,
    ...(change.year === undefined ? {} : { year: change.year }),
    ...(change.mileageKm === undefined ? {} : { mileageKm: change.mileageKm }),
    ...(change.condition === undefined ? {} : { condition: change.condition }),
    ...(change.fuel === undefined ? {} : { fuel: change.fuel }),
    valuedAt: change.revaluedAt,
  });
  return {
    revaluationId: change.revaluationId,
    reason: change.reason,
    ...(change.note === undefined ? {} : { note: change.note }),
    previous: { valuationId: previous.valuationId, offer: previous.offer },
    offer,
    difference: { amount: offer.offer.amount - previous.offer.amount, currency: offer.offer.currency },
  };
}
