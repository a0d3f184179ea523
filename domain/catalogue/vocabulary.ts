/**
 * The closed vocabularies of a car listing. Values are stable identifiers (stored in events, read
 * models and feeds); each locale's words for them live in the UI messages, and their URL slugs in
 * `facetSlugs.ts`.
 */
export const CONDITIONS = ['used', 'new'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const FUELS = ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid', 'electric', 'lpg'] as const;
export type Fuel = (typeof FUELS)[number];

export const GEARBOXES = ['manual', 'automatic'] as const;
export type Gearbox = (typeof GEARBOXES)[number];

export const BODIES = [
  'hatchback',
  'sedan',
  'estate',
  'suv',
  'coupe',
  'convertible',
  'mpv',
  'van',
  'pickup',
] as const;
export type Body = (typeof BODIES)[number];

export const COLOURS = [
  'black',
  'white',
  'grey',
  'silver',
  'blue',
  'red',
  'green',
  'brown',
  'beige',
  'yellow',
  'orange',
] as const;
export type Colour = (typeof COLOURS)[number];

/** Equipment codes a listing may carry (labels per locale in the UI messages). */
export const EQUIPMENT = [
  'air_conditioning',
  'climate_control',
  'navigation',
  'cruise_control',
  'adaptive_cruise_control',
  'parking_sensors',
  'rear_camera',
  'camera_360',
  'heated_seats',
  'leather_seats',
  'sunroof',
  'panoramic_roof',
  'led_headlights',
  'keyless_entry',
  'apple_carplay',
  'android_auto',
  'bluetooth',
  'lane_assist',
  'blind_spot_monitor',
  'tow_bar',
  'alloy_wheels',
  'electric_tailgate',
  'head_up_display',
  'heat_pump',
] as const;
export type Equipment = (typeof EQUIPMENT)[number];

/** Sort orders of the lists (SPEC: price, mileage, year, newest). */
export const SORTS = ['newest', 'price_asc', 'price_desc', 'mileage_asc', 'year_desc'] as const;
export type Sort = (typeof SORTS)[number];
