/**
 * Equipment consistent with a car: richer for higher segments and trims, more driver aids and
 * smartphone integration the younger the car, a heat pump only on electric cars.
 */
import type { CountryCode } from '../../markets.ts';
import type { ModelReference } from '../reference/types.ts';
import type { Body, Equipment, Fuel } from '../vocabulary.ts';
import { EQUIPMENT } from '../vocabulary.ts';
import type { DemoRandom } from './DemoRandom.ts';

/** What equipment depends on. `trim` is the version's rank in its model, 0 (base) to 1 (top). */
export interface EquipmentFacts {
  readonly segment: ModelReference['segment'];
  readonly body: Body;
  readonly fuel: Fuel;
  readonly year: number;
  readonly trim: number;
  readonly country: CountryCode;
}

const SEGMENT_TIER: Readonly<Record<ModelReference['segment'], number>> = {
  city: 0,
  van: 0.3,
  compact: 1,
  family: 1.2,
  suv: 1.3,
  sport: 1.8,
  executive: 2.2,
  luxury: 3,
};

const COLD_COUNTRIES: ReadonlySet<CountryCode> = new Set(['AT', 'BE', 'DE', 'PL']);

const clamp = (p: number): number => Math.min(0.97, Math.max(0, p));

/** The equipment of one car, in vocabulary order. */
export function pickEquipment(facts: EquipmentFacts, rng: DemoRandom): Equipment[] {
  const level = SEGMENT_TIER[facts.segment] + facts.trim;
  // Years since a feature started to spread (negative before, which makes it rare).
  const since = (year: number): number => facts.year - year;
  const has = new Set<Equipment>();
  const maybe = (code: Equipment, p: number): void => {
    if (rng.chance(clamp(p))) has.add(code);
  };

  has.add(
    rng.chance(clamp(0.2 + 0.25 * level + 0.03 * since(2015))) ? 'climate_control' : 'air_conditioning',
  );
  maybe('bluetooth', 0.85 + 0.02 * since(2015));
  maybe('navigation', 0.25 + 0.2 * level + 0.03 * since(2015));
  maybe('adaptive_cruise_control', 0.02 + 0.18 * level + 0.05 * since(2018));
  if (has.has('adaptive_cruise_control')) has.add('cruise_control');
  else maybe('cruise_control', 0.55 + 0.15 * level);
  maybe('parking_sensors', 0.35 + 0.2 * level + 0.03 * since(2015));
  maybe('camera_360', 0.12 * level + 0.03 * since(2019) - 0.1);
  if (has.has('camera_360')) has.add('rear_camera');
  else maybe('rear_camera', 0.1 + 0.2 * level + 0.06 * since(2016));
  maybe('heated_seats', 0.05 + 0.18 * level + (COLD_COUNTRIES.has(facts.country) ? 0.2 : 0));
  maybe('leather_seats', 0.02 + 0.14 * level);
  if (facts.body !== 'convertible' && facts.body !== 'van' && facts.body !== 'pickup') {
    maybe('panoramic_roof', 0.02 + 0.09 * level + 0.01 * since(2018));
    if (!has.has('panoramic_roof')) maybe('sunroof', 0.02 + 0.04 * level);
  }
  maybe('led_headlights', 0.1 + 0.2 * level + 0.07 * since(2016));
  maybe('keyless_entry', 0.08 + 0.2 * level + 0.04 * since(2016));
  if (facts.year >= 2016) {
    maybe('apple_carplay', 0.25 + 0.1 * level + 0.12 * since(2016));
    if (has.has('apple_carplay')) maybe('android_auto', 0.92);
  }
  // Lane keeping is compulsory on cars registered from July 2022 (EU General Safety Regulation).
  if (facts.year >= 2023) has.add('lane_assist');
  else maybe('lane_assist', 0.05 + 0.15 * level + 0.06 * since(2016));
  maybe('blind_spot_monitor', 0.02 + 0.14 * level + 0.04 * since(2017));
  maybe('tow_bar', TOW_BAR_SHARE[facts.body]);
  maybe('alloy_wheels', facts.body === 'van' ? 0.15 : 0.45 + 0.2 * level);
  if (facts.body === 'suv' || facts.body === 'estate' || facts.body === 'mpv') {
    maybe('electric_tailgate', 0.02 + 0.18 * level + 0.02 * since(2017));
  }
  maybe('head_up_display', 0.08 * level + 0.02 * since(2019) - 0.05);
  if (facts.fuel === 'electric') maybe('heat_pump', 0.3 + 0.1 * since(2020));

  return EQUIPMENT.filter((code) => has.has(code));
}

const TOW_BAR_SHARE: Readonly<Record<Body, number>> = {
  hatchback: 0.05,
  sedan: 0.06,
  estate: 0.22,
  suv: 0.25,
  coupe: 0.01,
  convertible: 0.01,
  mpv: 0.15,
  van: 0.4,
  pickup: 0.6,
};
