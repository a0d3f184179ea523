/**
 * The feed template staff hand to dealers: the header row (`FEED_COLUMNS`, the columns the importer
 * reads) and one example line, which the importer reads as a valid car. Its dealer is `0`, no dealer,
 * unless one is asked for: a template uploaded unchanged must not stand for a real dealer's full stock
 * (it would withdraw every other car of that dealer).
 */
import { FEED_COLUMNS, type FeedColumn } from './feedFormat.ts';

/** One valid line, by column (every column has one: adding a column to the feed asks for its example). */
export const FEED_EXAMPLE: Readonly<Record<FeedColumn, string>> = {
  dealer_id: '0',
  reference: 'LYO-0001',
  condition: 'used',
  brand: 'renault',
  model: 'clio',
  version: 'Evolution TCe 90',
  year: '2021',
  first_registration: '2021-04',
  mileage_km: '32000',
  fuel: 'petrol',
  gearbox: 'manual',
  body: 'hatchback',
  colour: 'red',
  power_kw: '67',
  doors: '5',
  seats: '5',
  co2: '118',
  equipment: 'air_conditioning|navigation|rear_camera',
  price: '14990',
  photos: '',
};

export interface FeedTemplate {
  readonly header: readonly FeedColumn[];
  readonly example: readonly string[];
}

/** The template's two rows, the example's dealer being `dealerId` when given. */
export function feedTemplate(dealerId?: string): FeedTemplate {
  const example = { ...FEED_EXAMPLE, ...(dealerId === undefined ? {} : { dealer_id: dealerId }) };
  return { header: FEED_COLUMNS, example: FEED_COLUMNS.map((column) => example[column]) };
}
