/**
 * One feed line → a typed car or the problems of each field, with the line number. Pure: the file is
 * read by the engine; this only turns cells into facts, with the vocabulary and ranges of
 * `carFactsSchema` and the brand/model reference data.
 */
import { z } from 'zod';
import { type CarFacts, carFactsSchema } from '../car.ts';
import { brandBySlug, modelBySlug } from '../reference/brands.ts';
import { EQUIPMENT, type Equipment } from '../vocabulary.ts';
import type { FeedCell, FeedColumn, FeedRecord } from './feedFormat.ts';

/** A car as a feed gives it: no catalogue id yet, country and currency come from its dealer. */
export type FeedCar = Omit<CarFacts, 'carId' | 'country' | 'price'> & {
  /** Minor units (cents, grosze) of the dealer's currency. */
  readonly price: number;
};

/** What is wrong with one field of a line (`row` when it is the line as a whole). */
export interface FieldProblem {
  readonly field: FeedColumn | 'row';
  readonly message: string;
}

export type ParsedFeedRow =
  | {
      readonly ok: true;
      readonly line: number;
      readonly car: FeedCar;
      /** The `photos` column's URLs, in their order (checked when fetched: a bad one is a warning). */
      readonly photos?: readonly string[];
    }
  | {
      readonly ok: false;
      readonly line: number;
      readonly problems: readonly FieldProblem[];
      /** The line's identity when it could be read: such a car is kept as it is, not withdrawn. */
      readonly dealerId?: string;
      readonly reference?: string;
    };

/** The most a feed may ask for a car, in currency units (a typo guard, not a business rule). */
export const MAX_FEED_PRICE = 10_000_000;
/** Photo URLs read from a line's `photos` column (more are ignored). */
export const MAX_FEED_PHOTOS = 20;

// The schema's ranges and vocabularies, with the feed's integer price instead of Money.
const feedCarSchema = carFactsSchema
  .omit({ carId: true, country: true, price: true })
  .extend({ price: z.number().int() });

const FIELD_OF: Record<string, FeedColumn> = {
  dealerId: 'dealer_id',
  firstRegistration: 'first_registration',
  mileageKm: 'mileage_km',
  powerKw: 'power_kw',
};
const EQUIPMENT_ORDER: ReadonlyMap<string, number> = new Map(EQUIPMENT.map((code, i) => [code, i]));

const text = (cell: FeedCell): string => (cell === null || cell === undefined ? '' : String(cell).trim());

export function parseFeedRow(record: FeedRecord): ParsedFeedRow {
  const { cells, line } = record;
  const problems: FieldProblem[] = [];
  const problem = (field: FeedColumn, message: string) => {
    problems.push({ field, message });
    return undefined;
  };
  const required = (field: FeedColumn): string | undefined => {
    const value = text(cells[field]);
    return value === '' ? problem(field, 'is required') : value;
  };
  const integer = (field: FeedColumn): number | undefined => {
    const value = required(field);
    if (value === undefined) return undefined;
    return /^-?\d+$/.test(value) ? Number(value) : problem(field, 'must be a whole number');
  };
  const word = (field: FeedColumn) => required(field)?.toLowerCase();

  const dealerId = required('dealer_id');
  const reference = required('reference');
  const condition = word('condition');
  const brand = word('brand');
  const model = word('model');
  const firstRegistration = month(text(cells.first_registration));
  const candidate = {
    dealerId,
    reference,
    condition,
    brand,
    model,
    version: required('version'),
    year: integer('year'),
    ...(firstRegistration ? { firstRegistration } : {}),
    mileageKm: integer('mileage_km'),
    fuel: word('fuel'),
    gearbox: word('gearbox'),
    body: word('body'),
    colour: word('colour'),
    powerKw: integer('power_kw'),
    doors: integer('doors'),
    seats: integer('seats'),
    co2: integer('co2'),
    equipment: equipment(text(cells.equipment), (m) => problem('equipment', m)),
    price: price(cells.price, (m) => problem('price', m)),
  };

  if (brand && !brandBySlug(brand)) problem('brand', `unknown brand "${brand}"`);
  else if (brand && model && !modelBySlug(brand, model))
    problem('model', `unknown model "${model}" of ${brand}`);
  if (condition === 'used' && !firstRegistration) problem('first_registration', 'is required for a used car');
  if (condition === 'new' && firstRegistration) problem('first_registration', 'must be empty for a new car');

  const parsed = feedCarSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'row');
      const field = FIELD_OF[key] ?? (key as FeedColumn);
      // A field already reported (missing, not a number) is not reported twice.
      if (!problems.some((p) => p.field === field)) problems.push({ field, message: describe(issue) });
    }
  }
  if (problems.length > 0 || !parsed.success) {
    const identity = feedCarSchema.pick({ dealerId: true, reference: true }).safeParse(candidate);
    return { ok: false, line, problems, ...(identity.success ? identity.data : {}) };
  }
  const photos = [
    ...new Set(
      text(cells.photos)
        .split('|')
        .map((url) => url.trim()),
    ),
  ].filter(Boolean);
  return {
    ok: true,
    line,
    car: parsed.data,
    ...(photos.length > 0 ? { photos: photos.slice(0, MAX_FEED_PHOTOS) } : {}),
  };
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.join(', ')}`;
  const unit = 'origin' in issue && issue.origin === 'string' ? ' characters' : '';
  if (issue.code === 'too_small') return `must be at least ${issue.minimum}${unit}`;
  if (issue.code === 'too_big') return `must be at most ${issue.maximum}${unit}`;
  if (issue.code === 'invalid_format') return `must be ${issue.message}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  return issue.message;
}

/** `YYYY-MM`, or a date `YYYY-MM-DD` (its month); anything else is left for the schema to reject. */
function month(value: string): string | undefined {
  if (value === '') return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.slice(0, 7) : value;
}

/** `|`-separated equipment codes, case-insensitive; stored unique and in the vocabulary's order. */
function equipment(value: string, fail: (message: string) => undefined): Equipment[] | undefined {
  if (value === '') return [];
  const codes = [...new Set(value.split('|').map((c) => c.trim().toLowerCase()))].filter((c) => c !== '');
  const unknown = codes.filter((c) => !EQUIPMENT_ORDER.has(c));
  if (unknown.length > 0) return fail(`unknown equipment: ${unknown.join(', ')}`);
  return (codes as Equipment[]).sort((a, b) => EQUIPMENT_ORDER.get(a)! - EQUIPMENT_ORDER.get(b)!);
}

/**
 * A price in currency units (`24990`, `24990.5`, `24990,50`; no thousands separators, at most two
 * decimals) → integer minor units. A number cell (XLSX) may carry float noise (`29988.000000000004`).
 */
function price(cell: FeedCell, fail: (message: string) => undefined): number | undefined {
  if (typeof cell === 'number') {
    const cents = Math.round(cell * 100);
    if (!Number.isFinite(cell) || Math.abs(cell * 100 - cents) > 1e-6) {
      return fail('must be a number with at most two decimals');
    }
    return inRange(cents, fail);
  }
  const value = text(cell);
  if (value === '') return fail('is required');
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) {
    return fail(
      /^\d+[.,]\d{3}/.test(value)
        ? 'must be in currency units without thousands separators (e.g. 24990.50)'
        : 'must be a number',
    );
  }
  return inRange(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')), fail);
}

function inRange(cents: number, fail: (message: string) => undefined): number | undefined {
  if (cents <= 0) return fail('must be more than 0');
  if (cents > MAX_FEED_PRICE * 100) return fail(`must be at most ${MAX_FEED_PRICE}`);
  return cents;
}
