/**
 * A delivery quote: pickup at the dealer, or home delivery priced by road distance from the dealer to the
 * buyer's postcode area. Pure: the order date comes in, nothing is looked up but the tables.
 */
import type { Money } from '../catalogue/car.ts';
import type { Condition } from '../catalogue/vocabulary.ts';
import type { CountryCode, Locale } from '../markets.ts';
import { MARKETS } from '../markets.ts';
import { DELIVERY_TARIFFS, type DeliveryTariff, type DeliveryType, ROAD_FACTOR } from './deliveryTariffs.ts';
import { greatCircleKm, type LatLng } from './greatCircleKm.ts';
import { type LocatedPostcode, locatePostcode } from './postcodeArea.ts';
import { addWorkingDays } from './workingDays.ts';

/** Where the car stands: the dealer's coordinates and postal address (for its landmass). */
export interface DeliveryOrigin {
  readonly coordinates: LatLng;
  readonly postcode: string;
  readonly country: CountryCode;
}

export interface DeliveryRequest {
  readonly market: Locale;
  readonly type: DeliveryType;
  readonly dealer: DeliveryOrigin;
  /** The buyer's postcode, in the market's country; needed for home delivery only. */
  readonly postcode?: string | undefined;
  readonly carCondition: Condition;
  /** The day the quote is made (`YYYY-MM-DD`): the ETA counts working days from it. */
  readonly orderedOn: string;
}

/** Why a home delivery cannot be offered. */
export type NotDeliverableReason =
  /** Farther by road than the market's maximum. */
  | 'too_far'
  /** Dealer and buyer on different landmasses (an island, Ceuta, …): no road between them. */
  | 'sea_crossing'
  /** A new car is delivered by truck only, so it keeps zero km. */
  | 'new_car_by_truck_only';

export interface Destination {
  readonly postcode: string;
  readonly areaPrefix: string;
  readonly areaName: string;
}

export type DeliveryQuote =
  | {
      readonly deliverable: true;
      readonly type: DeliveryType;
      readonly price: Money;
      /** Estimated road km (0 for pickup). */
      readonly distanceKm: number;
      readonly etaWorkingDays: number;
      /** The earliest day the buyer gets the car. */
      readonly earliestDate: string;
      readonly destination?: Destination;
    }
  | {
      readonly deliverable: false;
      readonly type: DeliveryType;
      readonly reason: NotDeliverableReason;
      readonly distanceKm?: number;
      readonly maxKm?: number;
      readonly destination: Destination;
    };

/** Road km between two points: great circle × {@link ROAD_FACTOR}, rounded up to the km. */
export function roadKm(from: LatLng, to: LatLng): number {
  return Math.ceil(greatCircleKm(from, to) * ROAD_FACTOR);
}

/** base + rate × km, rounded up to the tariff's unit: never decreases as the distance grows. */
export function homeDeliveryPrice(tariff: DeliveryTariff, type: 'driver' | 'truck', km: number): Money {
  const rate = tariff[type];
  const exact = rate.base + rate.perKm * km;
  return { amount: Math.ceil(exact / tariff.roundTo) * tariff.roundTo, currency: tariff.currency };
}

/** Lead time plus one working day per started `kmPerDay` of road. */
export function homeDeliveryDays(tariff: DeliveryTariff, type: 'driver' | 'truck', km: number): number {
  const rate = tariff[type];
  return rate.leadDays + Math.max(1, Math.ceil(km / rate.kmPerDay));
}

function landmassOf(origin: DeliveryOrigin): string {
  try {
    return locatePostcode(origin.country, origin.postcode).area.landmass;
  } catch {
    // A dealer address outside the tables (a new prefix, a typo in a feed) is taken to be on the mainland.
    return 'mainland';
  }
}

const destinationOf = (located: LocatedPostcode): Destination => ({
  postcode: located.postcode,
  areaPrefix: located.area.prefix,
  areaName: located.area.name,
});

/**
 * Quotes one delivery type with the market's tariff (`tariffs` replaces the defaults). Malformed or unserved postcode → ValidationError (`postcode`); a delivery
 * that cannot be made is a quote with `deliverable: false` and its reason, not an error.
 */
export function quoteDelivery(
  request: DeliveryRequest,
  tariffs: Readonly<Record<Locale, DeliveryTariff>> = DELIVERY_TARIFFS,
): DeliveryQuote {
  const tariff = tariffs[request.market];
  const { type } = request;
  if (type === 'pickup') {
    return {
      deliverable: true,
      type,
      price: { amount: 0, currency: tariff.currency },
      distanceKm: 0,
      etaWorkingDays: tariff.pickupDays,
      earliestDate: addWorkingDays(request.orderedOn, tariff.pickupDays, 'orderedOn'),
    };
  }
  const located = locatePostcode(MARKETS[request.market].country, request.postcode ?? '', 'postcode');
  const destination = destinationOf(located);
  const km = roadKm(request.dealer.coordinates, located.area);
  if (type === 'driver' && request.carCondition === 'new') {
    return { deliverable: false, type, reason: 'new_car_by_truck_only', destination };
  }
  if (landmassOf(request.dealer) !== located.area.landmass) {
    return { deliverable: false, type, reason: 'sea_crossing', destination };
  }
  if (km > tariff.maxKm) {
    return { deliverable: false, type, reason: 'too_far', distanceKm: km, maxKm: tariff.maxKm, destination };
  }
  const days = homeDeliveryDays(tariff, type, km);
  return {
    deliverable: true,
    type,
    price: homeDeliveryPrice(tariff, type, km),
    distanceKm: km,
    etaWorkingDays: days,
    earliestDate: addWorkingDays(request.orderedOn, days, 'orderedOn'),
    destination,
  };
}
