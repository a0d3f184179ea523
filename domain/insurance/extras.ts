/**
 * Optional extras of the purchase funnel (the SPEC's `additional-optional` step): one-off prices per
 * market, some only for some fuels or markets. An extra is offered in a market when it has a price there.
 * Extras of one exclusive group (the warranty extensions' durations) are alternatives: at most one of
 * them is bought (`exclusiveConflict`; the screen offers them as one choice). No extra requires another
 * today; such a rule would be declared here beside the groups.
 */
import type { Condition, Fuel } from '../catalogue/vocabulary.ts';
import type { Locale } from '../markets.ts';

export const EXTRA_IDS = [
  'extended-warranty-12',
  'extended-warranty-24',
  'maintenance-pack-3y',
  'ev-maintenance-pack-3y',
  'home-charger',
  'floor-mats',
  'winter-wheels',
  'paint-protection',
  'safety-kit',
] as const;
export type ExtraId = (typeof EXTRA_IDS)[number];

/** Groups of extras that are alternatives to each other: at most one of a group is bought. */
export const EXTRA_GROUPS = ['warranty-extension'] as const;
export type ExtraGroup = (typeof EXTRA_GROUPS)[number];

export interface Extra {
  readonly id: ExtraId;
  /** English label for staff screens; the storefront translates by id. */
  readonly label: string;
  /** One-off price in minor units of each market's currency; absent → not offered there. */
  readonly prices: Readonly<Partial<Record<Locale, number>>>;
  /** Only for cars of these fuels (absent: any fuel). */
  readonly fuels?: readonly Fuel[];
  /** Only for cars of these conditions (absent: new and used). */
  readonly conditions?: readonly Condition[];
  /** Its exclusive group, if it is one of several alternatives. */
  readonly group?: ExtraGroup;
}

const EURO_MARKETS: readonly Locale[] = ['at', 'de', 'es', 'fr', 'fr-BE', 'it', 'nl-BE', 'pt'];
const COMBUSTION: readonly Fuel[] = ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid', 'lpg'];

/** The same euro price in the euro markets listed (default: all) and a złoty price in Poland (if any). */
function prices(eur: number, pln: number | undefined, markets: readonly Locale[] = EURO_MARKETS) {
  const out: Partial<Record<Locale, number>> = {};
  for (const market of markets) if (market !== 'pl') out[market] = eur;
  if (pln !== undefined) out.pl = pln;
  return out;
}

export const EXTRAS: readonly Extra[] = [
  {
    id: 'extended-warranty-12',
    label: 'Warranty extension, 12 months',
    prices: prices(39_900, 169_900),
    group: 'warranty-extension',
    conditions: ['used'],
  },
  {
    id: 'extended-warranty-24',
    label: 'Warranty extension, 24 months',
    prices: prices(69_900, 299_900),
    group: 'warranty-extension',
  },
  {
    id: 'maintenance-pack-3y',
    label: 'Maintenance pack, 3 years',
    prices: prices(59_900, 259_900),
    fuels: COMBUSTION,
  },
  {
    id: 'ev-maintenance-pack-3y',
    label: 'Electric car maintenance pack, 3 years',
    prices: prices(34_900, 149_900),
    fuels: ['electric'],
  },
  {
    id: 'home-charger',
    label: 'Home charging point (7.4 kW wallbox), installed',
    prices: prices(119_000, 499_900),
    fuels: ['electric', 'plug_in_hybrid'],
  },
  { id: 'floor-mats', label: 'Floor mats', prices: prices(8_900, 39_900) },
  {
    // Winter tyres are required in winter conditions in AT and DE, common in PL, the Alps and the north of IT.
    id: 'winter-wheels',
    label: 'Winter wheels (four tyres on rims)',
    prices: prices(89_000, 379_900, ['at', 'de', 'fr', 'it']),
  },
  { id: 'paint-protection', label: 'Ceramic paint protection', prices: prices(34_900, 149_900) },
  {
    // A first-aid kit and warning triangle are compulsory in AT, DE, BE and PL (a fire extinguisher in PL too).
    id: 'safety-kit',
    label: 'Safety kit (first aid, warning triangle, vests)',
    prices: prices(3_900, 14_900, ['at', 'de', 'fr-BE', 'nl-BE']),
  },
];

/** An extra's exclusive group, if any (unknown ids have none). */
export function groupOf(id: string): ExtraGroup | undefined {
  return EXTRAS.find((extra) => extra.id === id)?.group;
}

/** The first group of which `ids` hold more than one extra, or undefined when the choice is allowed. */
export function exclusiveConflict(ids: readonly string[]): ExtraGroup | undefined {
  const seen = new Set<ExtraGroup>();
  for (const id of ids) {
    const group = groupOf(id);
    if (group === undefined) continue;
    if (seen.has(group)) return group;
    seen.add(group);
  }
  return undefined;
}

/** What the buyer is told when a choice holds two alternatives of one group. */
export const EXCLUSIVE_MESSAGE: Readonly<Record<ExtraGroup, string>> = {
  'warranty-extension': 'choose one warranty extension at most',
};
