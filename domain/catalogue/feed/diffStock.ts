/**
 * A feed against the current stock → the catalogue events that make the catalogue match the feed.
 *
 * - A feed is the FULL stock of every dealer it lists: a car of such a dealer that the feed leaves out
 *   is withdrawn (`not_in_feed`); dealers absent from the file are not touched.
 * - A car is identified by (dealerId, reference); a new car's id comes from them (`feedCarId`), the
 *   next candidate when another car has it. Its country and currency are its dealer's.
 * - Rejected lines are reported (line, field, message), the other lines go ahead: a line for an unknown
 *   or closed dealer, a (dealer, reference) seen on an earlier line (the later line is rejected), and
 *   the lines `parseFeedRow` could not read. A rejected line whose dealer and reference could be read
 *   keeps its car as it is; a dealer with a line whose reference could not be read has nothing
 *   withdrawn (we cannot tell which car the line was).
 */
import type { CarFacts, Money } from '../car.ts';
import type { CatalogueSource } from '../events.ts';
import { freeFeedCarId } from './feedCarId.ts';
import type { FeedCar, FieldProblem, ParsedFeedRow } from './parseFeedRow.ts';
import { type CarEvent, decideCar, type StockCar } from './stockCar.ts';

export interface StockDealer {
  readonly dealerId: string;
  readonly country: CarFacts['country'];
  readonly open: boolean;
}

/** The catalogue's view of the feed's dealers: those that exist, and every car they ever listed. */
export interface CurrentStock {
  readonly dealers: readonly StockDealer[];
  readonly cars: readonly StockCar[];
}

/** One car to change: the state the decision was made on, what the feed wants, and the events. */
export interface CarChange {
  readonly carId: string;
  readonly current: StockCar | undefined;
  /** Its listing in the feed; `undefined` when the feed leaves it out. */
  readonly wanted: CarFacts | undefined;
  readonly events: readonly CarEvent[];
}

export interface RejectedField extends FieldProblem {
  readonly line: number;
}

export interface StockCounts {
  /** Data lines read. */
  readonly rows: number;
  readonly listed: number;
  readonly updated: number;
  readonly repriced: number;
  readonly withdrawn: number;
  /** Accepted lines whose car needed no change. */
  readonly unchanged: number;
  /** Rejected lines (each may have several field problems). */
  readonly rejected: number;
}

export interface StockDiff {
  /** The dealers whose stock the feed gives, sorted. */
  readonly dealers: readonly string[];
  readonly changes: readonly CarChange[];
  readonly rejected: readonly RejectedField[];
  readonly counts: StockCounts;
}

export interface DiffOptions {
  readonly source: CatalogueSource;
  /** Car ids known to belong to other cars than the current stock's (found by the engine on a conflict). */
  readonly isTaken?: (carId: string) => boolean;
}

const key = (dealerId: string, reference: string) => `${dealerId}\u0000${reference}`;
const RANK: Record<StockCar['status'], number> = { available: 0, reserved: 0, withdrawn: 1, sold: 2 };

export function diffStock(
  current: CurrentStock,
  rows: readonly ParsedFeedRow[],
  options: DiffOptions,
): StockDiff {
  const dealers = new Map(current.dealers.map((d) => [d.dealerId, d]));
  const rejected: RejectedField[] = [];
  const rejectedLines = new Set<number>();
  const reject = (line: number, problems: readonly FieldProblem[]) => {
    rejectedLines.add(line);
    for (const p of problems) rejected.push({ line, ...p });
  };
  const dealerProblem = (dealerId: string): FieldProblem | undefined => {
    const dealer = dealers.get(dealerId);
    if (!dealer) return { field: 'dealer_id', message: `unknown dealer ${dealerId}` };
    return dealer.open ? undefined : { field: 'dealer_id', message: `dealer ${dealerId} is closed` };
  };

  // Pass 1: which lines stand, which dealers the feed covers, which cars rejected lines protect.
  const covered = new Set<string>();
  const noWithdrawals = new Set<string>();
  const protectedCars = new Set<string>();
  const firstLine = new Map<string, number>();
  const accepted: { line: number; car: FeedCar }[] = [];
  for (const row of [...rows].sort((a, b) => a.line - b.line)) {
    const dealerId = row.ok ? row.car.dealerId : row.dealerId;
    const reference = row.ok ? row.car.reference : row.reference;
    const problems: FieldProblem[] = row.ok ? [] : [...row.problems];
    const unknownDealer = dealerId === undefined ? undefined : dealerProblem(dealerId);
    if (unknownDealer && !problems.some((p) => p.field === 'dealer_id')) problems.push(unknownDealer);
    if (dealerId !== undefined && !unknownDealer) {
      covered.add(dealerId);
      if (reference === undefined) noWithdrawals.add(dealerId);
    }
    if (dealerId !== undefined && reference !== undefined) {
      const k = key(dealerId, reference);
      const first = firstLine.get(k);
      if (first !== undefined) {
        problems.push({
          field: 'reference',
          message: `${reference} of dealer ${dealerId} is already on line ${first}`,
        });
      } else {
        firstLine.set(k, row.line);
        if (problems.length > 0) protectedCars.add(k);
      }
    }
    if (problems.length > 0) reject(row.line, problems);
    else if (row.ok) accepted.push({ line: row.line, car: row.car });
  }

  // The current car of each (dealer, reference): one on sale before a withdrawn or sold one.
  const byKey = new Map<string, StockCar>();
  const taken = new Set<string>();
  for (const stock of current.cars) {
    taken.add(stock.car.carId);
    const k = key(stock.car.dealerId, stock.car.reference);
    const other = byKey.get(k);
    if (!other || RANK[stock.status] < RANK[other.status]) byKey.set(k, stock);
  }
  const isTaken = (carId: string) => taken.has(carId) || (options.isTaken?.(carId) ?? false);

  // Pass 2: decide each listed car, then each car the feed leaves out.
  const changes: CarChange[] = [];
  const seen = new Set<string>();
  let unchanged = 0;
  for (const { car } of accepted) {
    const k = key(car.dealerId, car.reference);
    seen.add(k);
    const existing = byKey.get(k);
    const carId = existing?.car.carId ?? freeFeedCarId(car.dealerId, car.reference, isTaken);
    taken.add(carId);
    const dealer = dealers.get(car.dealerId)!;
    const wanted = toFacts(car, carId, dealer);
    const events = decideCar(existing, wanted, options.source);
    if (events.length === 0) unchanged += 1;
    else changes.push({ carId, current: existing, wanted, events });
  }
  const leftOut = [...byKey.entries()]
    .filter(([k, s]) => !seen.has(k) && !protectedCars.has(k) && covered.has(s.car.dealerId))
    .filter(([, s]) => !noWithdrawals.has(s.car.dealerId))
    .map(([, s]) => s)
    .sort((a, b) => a.car.carId.localeCompare(b.car.carId));
  for (const stock of leftOut) {
    const events = decideCar(stock, undefined, options.source);
    if (events.length > 0)
      changes.push({ carId: stock.car.carId, current: stock, wanted: undefined, events });
  }

  return {
    dealers: [...covered].sort(),
    changes,
    rejected: rejected.sort((a, b) => a.line - b.line),
    counts: { rows: rows.length, ...countEvents(changes), unchanged, rejected: rejectedLines.size },
  };
}

/** A feed car as a listing: its id, and the country and currency of its dealer. */
export function toFacts(car: FeedCar, carId: string, dealer: StockDealer): CarFacts {
  const { price, ...facts } = car;
  const money: Money = { amount: price, currency: dealer.country === 'PL' ? 'PLN' : 'EUR' };
  return { carId, ...facts, country: dealer.country, price: money };
}

/** Cars listed, updated, repriced and withdrawn by these changes (a car may be updated and repriced). */
export function countEvents(changes: readonly { events: readonly CarEvent[] }[]) {
  const counts = { listed: 0, updated: 0, repriced: 0, withdrawn: 0 };
  for (const { events } of changes) {
    if (events.some((e) => e.type === 'CarListed')) counts.listed += 1;
    if (events.some((e) => e.type === 'CarDetailsUpdated')) counts.updated += 1;
    if (events.some((e) => e.type === 'CarPriceChanged')) counts.repriced += 1;
    if (events.some((e) => e.type === 'CarWithdrawn')) counts.withdrawn += 1;
  }
  return counts;
}
