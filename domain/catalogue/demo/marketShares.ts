/**
 * How the demo catalogue is spread: cars per country (by market size), brand popularity per country,
 * the colours cars are bought in, and the fuel mix of new and used stock. Rough figures from European
 * registration statistics; they only need to make the demo look like a real stock.
 */
import type { CountryCode } from '../../markets.ts';
import type { ModelReference } from '../reference/types.ts';
import type { Colour, Condition, Fuel } from '../vocabulary.ts';

/** Share of the stock per country (FR and DE largest; BE, PT, AT smallest). Sums to 1. */
export const COUNTRY_SHARES: Readonly<Record<CountryCode, number>> = {
  FR: 0.24,
  DE: 0.24,
  IT: 0.14,
  ES: 0.12,
  PL: 0.09,
  BE: 0.07,
  PT: 0.05,
  AT: 0.05,
};

/** Share of new cars in the stock (the rest is used). */
export const NEW_CAR_SHARE = 0.2;

const BASE_BRAND_WEIGHT: Readonly<Record<string, number>> = {
  volkswagen: 10,
  toyota: 7,
  renault: 6,
  peugeot: 6,
  skoda: 5,
  bmw: 5,
  'mercedes-benz': 5,
  audi: 5,
  dacia: 5,
  citroen: 4,
  ford: 4,
  opel: 4,
  hyundai: 4,
  kia: 4,
  fiat: 3,
  seat: 3,
  cupra: 2,
  volvo: 2.5,
  nissan: 2.5,
  tesla: 2,
  mg: 2,
  mazda: 1.5,
  mini: 1.5,
};

// Home brands and local favourites; brands not listed keep their base weight.
const COUNTRY_BRAND_FACTOR: Readonly<Record<CountryCode, Readonly<Record<string, number>>>> = {
  FR: { renault: 3, peugeot: 3, citroen: 3, dacia: 2, volkswagen: 0.8, bmw: 0.7, audi: 0.7, seat: 0.7 },
  DE: {
    volkswagen: 2,
    'mercedes-benz': 2,
    bmw: 2,
    audi: 2,
    opel: 2,
    ford: 1.5,
    skoda: 1.5,
    cupra: 1.3,
    renault: 0.6,
    peugeot: 0.5,
    citroen: 0.5,
  },
  IT: { fiat: 3.5, toyota: 1.3, citroen: 1.3, peugeot: 1.2, dacia: 1.2, mg: 1.8, volvo: 0.6 },
  ES: { seat: 2.5, cupra: 2, toyota: 1.5, kia: 1.4, hyundai: 1.3, dacia: 1.3, mg: 2, fiat: 0.6 },
  BE: { bmw: 1.8, volvo: 1.5, audi: 1.3, 'mercedes-benz': 1.3, tesla: 1.3, peugeot: 1.2, volkswagen: 1.2 },
  PL: {
    toyota: 3,
    skoda: 2.5,
    kia: 1.6,
    hyundai: 1.5,
    volkswagen: 1.3,
    tesla: 0.4,
    citroen: 0.6,
    peugeot: 0.6,
  },
  PT: { peugeot: 2.2, renault: 1.8, tesla: 1.4, bmw: 1.3, citroen: 1.3, toyota: 1.3, opel: 0.6 },
  AT: { volkswagen: 2, skoda: 2, bmw: 1.3, seat: 1.3, cupra: 1.3, audi: 1.3, renault: 0.6, citroen: 0.5 },
};

/** How popular a brand is in a country (relative weight). */
export function brandWeight(country: CountryCode, brand: string): number {
  return (BASE_BRAND_WEIGHT[brand] ?? 1) * (COUNTRY_BRAND_FACTOR[country][brand] ?? 1);
}

const SEGMENT_WEIGHT: Readonly<Record<ModelReference['segment'], number>> = {
  city: 1.2,
  compact: 1.2,
  suv: 1.4,
  family: 1,
  executive: 0.7,
  luxury: 0.25,
  sport: 0.3,
  van: 0.45,
};

/**
 * How often a model shows up in stock relative to the brand's other models. Electric-only models are
 * fewer on the road (and in used stock) than their share of the model tables suggests.
 */
export function modelWeight(model: ModelReference): number {
  const electricOnly = model.fuels.length === 1 && model.fuels[0] === 'electric';
  return SEGMENT_WEIGHT[model.segment] * (electricOnly ? 0.5 : 1);
}

/** European colour mix: greys, whites and blacks dominate, bright colours are rare. */
export const COLOUR_WEIGHTS: Readonly<Record<Colour, number>> = {
  grey: 26,
  white: 20,
  black: 19,
  blue: 11,
  silver: 9,
  red: 6,
  green: 3,
  brown: 2,
  beige: 1.5,
  yellow: 0.6,
  orange: 0.6,
};

const FUEL_WEIGHT: Readonly<Record<Condition, Readonly<Record<Fuel, number>>>> = {
  used: { petrol: 1, diesel: 1.1, hybrid: 0.8, plug_in_hybrid: 0.45, electric: 0.4, lpg: 0.5 },
  new: { petrol: 1, diesel: 0.35, hybrid: 1.1, plug_in_hybrid: 0.6, electric: 0.9, lpg: 0.4 },
};

const COUNTRY_FUEL_FACTOR: Readonly<Record<CountryCode, Partial<Record<Fuel, number>>>> = {
  FR: { electric: 1.2, diesel: 0.9 },
  DE: { diesel: 1.3 },
  IT: { lpg: 2.5, hybrid: 1.2 },
  ES: { hybrid: 1.3, diesel: 0.8 },
  BE: { plug_in_hybrid: 1.6, electric: 1.3 },
  PL: { hybrid: 1.4, lpg: 1.5, electric: 0.5 },
  PT: { diesel: 1.3, electric: 1.2 },
  AT: { diesel: 1.3 },
};

/** How often a version of this fuel is in stock, for a condition and a country. */
export function fuelWeight(condition: Condition, country: CountryCode, fuel: Fuel): number {
  return FUEL_WEIGHT[condition][fuel] * (COUNTRY_FUEL_FACTOR[country][fuel] ?? 1);
}
