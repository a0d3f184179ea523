/**
 * The physical facts of a demo car that follow from its version and body: gearbox, doors and seats,
 * CO₂ emissions.
 */
import type { ModelReference } from '../reference/types.ts';
import type { Body, Fuel, Gearbox } from '../vocabulary.ts';
import type { DemoRandom } from './DemoRandom.ts';

const AUTOMATIC_NAME =
  /DSG|EAT|S tronic|Xtronic|S-CVT|DCT|EDC|e-DCS|eDCT|Powershift|AMT|\bAT\d?\b|4MATIC|xDrive/;
const AUTOMATIC_BRANDS: ReadonlySet<string> = new Set(['bmw', 'mercedes-benz', 'volvo', 'tesla']);
const AUTOMATIC_FUELS: ReadonlySet<Fuel> = new Set(['electric', 'hybrid', 'plug_in_hybrid']);

/** Automatic for electrified cars, automatic-named versions, premium brands and strong engines; else mostly manual. */
export function gearbox(
  brand: string,
  version: ModelReference['versions'][number],
  year: number,
  rng: DemoRandom,
): Gearbox {
  if (AUTOMATIC_FUELS.has(version.fuel) || AUTOMATIC_NAME.test(version.name)) return 'automatic';
  if (AUTOMATIC_BRANDS.has(brand) || version.powerKw >= 150) return 'automatic';
  // Manual gearboxes are getting rarer every year.
  return rng.chance(Math.min(0.35, 0.08 + 0.02 * (year - 2016))) ? 'automatic' : 'manual';
}

// Models sold mostly with a third row.
const SEVEN_SEATERS: ReadonlySet<string> = new Set([
  'peugeot/5008',
  'skoda/kodiaq',
  'seat/tarraco',
  'volvo/xc90',
  'tesla/model-x',
  'dacia/jogger',
  'nissan/x-trail',
]);

/** Doors and seats from the body (and a third row on the models that usually have one). */
export function doorsAndSeats(
  model: ModelReference,
  brand: string,
  body: Body,
  rng: DemoRandom,
): { doors: number; seats: number } {
  const sevenSeats = SEVEN_SEATERS.has(`${brand}/${model.slug}`) && rng.chance(0.65);
  switch (body) {
    case 'hatchback':
      return model.segment === 'city' && rng.chance(0.08) ? { doors: 3, seats: 4 } : { doors: 5, seats: 5 };
    case 'sedan':
      return { doors: 4, seats: 5 };
    case 'estate':
      return { doors: 5, seats: 5 };
    case 'suv':
      return { doors: 5, seats: sevenSeats ? 7 : 5 };
    case 'mpv':
      return { doors: 5, seats: sevenSeats || rng.chance(0.25) ? 7 : 5 };
    case 'coupe':
      return model.segment === 'sport' ? { doors: 2, seats: 4 } : { doors: 4, seats: 5 };
    case 'convertible':
      return { doors: 2, seats: model.segment === 'sport' ? 2 : 4 };
    case 'van':
      return { doors: 4, seats: rng.chance(0.7) ? 3 : 2 };
    case 'pickup':
      return { doors: 4, seats: 5 };
  }
}

const BODY_CO2: Readonly<Record<Body, number>> = {
  hatchback: 0,
  sedan: 0,
  estate: 4,
  suv: 12,
  coupe: 5,
  convertible: 6,
  mpv: 10,
  van: 30,
  pickup: 65,
};

/** WLTP CO₂ in g/km, roughly from power, fuel and body; 0 for electric cars. */
export function co2(fuel: Fuel, powerKw: number, body: Body, rng: DemoRandom): number {
  if (fuel === 'electric') return 0;
  const noise = rng.int(-5, 5);
  if (fuel === 'plug_in_hybrid') return Math.round(18 + 0.1 * powerKw) + noise;
  const base =
    fuel === 'hybrid'
      ? 80 + 0.28 * powerKw
      : fuel === 'diesel'
        ? 90 + 0.38 * powerKw
        : (100 + 0.5 * powerKw) * (fuel === 'lpg' ? 0.9 : 1);
  return Math.min(600, Math.round(base + BODY_CO2[body]) + noise);
}
