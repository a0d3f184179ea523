/**
 * A compact way to write the reference tables: versions as `[name, fuel, powerKw]` tuples, the model's
 * fuels derived from its versions so the two can never disagree.
 */
import type { Body, Fuel } from '../vocabulary.ts';
import type { ModelReference } from './types.ts';

/** One version as written in the tables: trim + engine, fuel, power in kW. */
export type VersionTuple = readonly [name: string, fuel: Fuel, powerKw: number];

/** What a table row gives; `fuels` is computed. */
export interface ModelRow {
  readonly slug: string;
  readonly name: string;
  readonly segment: ModelReference['segment'];
  readonly bodies: readonly Body[];
  readonly years: readonly [number, number];
  readonly newPriceEur: readonly [number, number];
  readonly versions: readonly VersionTuple[];
}

/** Builds a {@link ModelReference} from a compact table row. */
export function defineModel(row: ModelRow): ModelReference {
  const versions = row.versions.map(([name, fuel, powerKw]) => ({ name, fuel, powerKw }));
  return {
    slug: row.slug,
    name: row.name,
    bodies: row.bodies,
    fuels: [...new Set(versions.map((v) => v.fuel))],
    versions,
    newPriceEur: row.newPriceEur,
    years: row.years,
    segment: row.segment,
  };
}
