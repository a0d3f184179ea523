/**
 * Delivery types (the SPEC's delivery `type`) and each market's tariff. Prices are what a convoy
 * provider such as Hiflow charges retailers in 2024–25 (a driver: ~1 €/km with a minimum; a truck: a
 * dearer base, a lower rate per km on long runs), rounded into a simple base + rate per km.
 */
import type { Currency, Locale } from '../markets.ts';

/**
 * How the car reaches the buyer: `pickup` at the dealer (free); `driver`, a professional driver drives
 * it to the buyer's door on trade plates; `truck`, it travels on a car transporter (no km added, the
 * only home delivery for a new car).
 */
export const DELIVERY_TYPES = ['pickup', 'driver', 'truck'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** Price of one home-delivery type: base + rate per road km, in minor units. */
export interface HomeDeliveryRate {
  readonly base: number;
  readonly perKm: number;
  /** Road km covered per working day (a driver ~600 km; a truck, with loading and other stops, less). */
  readonly kmPerDay: number;
  /** Working days to prepare the car and book the run, before the journey. */
  readonly leadDays: number;
}

export interface DeliveryTariff {
  readonly currency: Currency;
  /** Working days until the car is ready for pickup at the dealer (cleaning, papers, handover slot). */
  readonly pickupDays: number;
  readonly driver: HomeDeliveryRate;
  readonly truck: HomeDeliveryRate;
  /** The longest road distance delivered to; beyond it, pickup only. */
  readonly maxKm: number;
  /** Prices are rounded up to a multiple of this (minor units): 100 = whole euros or złoty. */
  readonly roundTo: number;
}

/**
 * Road distance ÷ great-circle distance. Studies of European road networks give a mean detour index of
 * 1.2–1.4 between towns; 1.3 is the usual planning value.
 */
export const ROAD_FACTOR = 1.3;

const euro = (
  driver: [base: number, perKm: number],
  truck: [base: number, perKm: number],
  maxKm: number,
): DeliveryTariff => ({
  currency: 'EUR',
  pickupDays: 2,
  driver: { base: driver[0], perKm: driver[1], kmPerDay: 600, leadDays: 3 },
  truck: { base: truck[0], perKm: truck[1], kmPerDay: 400, leadDays: 5 },
  maxKm,
  roundTo: 100,
});

/** Each market's tariff; both Belgian locales sell in Belgium and share one. */
export const DELIVERY_TARIFFS: Readonly<Record<Locale, DeliveryTariff>> = {
  at: euro([9_900, 95], [19_900, 120], 900),
  de: euro([9_900, 95], [19_900, 120], 1_000),
  es: euro([8_900, 80], [17_900, 105], 1_200),
  fr: euro([9_900, 90], [19_900, 115], 1_200),
  'fr-BE': euro([7_900, 95], [16_900, 120], 450),
  it: euro([9_900, 85], [18_900, 110], 1_400),
  'nl-BE': euro([7_900, 95], [16_900, 120], 450),
  pl: {
    currency: 'PLN',
    pickupDays: 2,
    driver: { base: 34_900, perKm: 330, kmPerDay: 600, leadDays: 3 },
    truck: { base: 69_900, perKm: 420, kmPerDay: 400, leadDays: 5 },
    maxKm: 1_000,
    roundTo: 100,
  },
  pt: euro([6_900, 70], [14_900, 95], 800),
};
