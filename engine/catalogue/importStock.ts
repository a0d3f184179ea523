/**
 * Imports a dealer feed (CSV or XLSX): reads the file, checks each line, asks the catalogue for the
 * current stock of the feed's dealers, appends the diff per car and records the import in its own
 * stream (`stock-import-<importId>`, `StockImportCompleted`). Rules of the feed: domain/catalogue/feed.
 *
 * Conflicts: the current stock comes from a read model, which may lag. So each car that needs a change
 * is decided again on its own stream before the append (a new car: expected `no_stream`; a listed one:
 * its stream is read and folded, and the append expects that revision). When someone else appends in
 * between (a staff price change, a sale, another import), the append fails on the expected revision and
 * the car is read and decided again, up to `maxAttempts` times; after that the car is reported as not
 * changed (line, `row`, message) and the import goes on. A new car whose derived id turns out to be
 * another car's stream gets the next candidate id.
 *
 * Speed: with `appendBatch` (Postgres: one statement) the cars are appended in chunks, one round trip
 * and one commit per chunk instead of one per car; a chunk in which any append fails (a conflict) writes
 * nothing and its cars are then applied one by one as above, so batching never changes the outcome.
 *
 * Photos: a line's `photos` URLs are fetched and added to its car after the appends (`photos` option,
 * engine/media/importFeedPhotos.ts); a URL that fails is a warning of the report, never a failure.
 *
 * Retries: event ids are derived from (import, stream, expected revision, position), so an append
 * retried after a lost answer writes nothing twice, and re-running an import (same or new id) finds
 * the catalogue already matching: the diff is empty. An import id whose record exists answers that
 * record without doing anything. A failure of the store or database stops the import with nothing
 * recorded; running it again finishes the work.
 */
import { type CarFacts, carStream } from '../../domain/catalogue/car.ts';
import type { CatalogueSource } from '../../domain/catalogue/events.ts';
import { CAR_EVENT_TYPES, type CarStreamEvent } from '../../domain/catalogue/events.ts';
import {
  type CarChange,
  type CurrentStock,
  countEvents,
  diffStock,
} from '../../domain/catalogue/feed/diffStock.ts';
import { freeFeedCarId } from '../../domain/catalogue/feed/feedCarId.ts';
import { type FeedFormat, feedFormatOf } from '../../domain/catalogue/feed/feedFormat.ts';
import { parseFeedRow } from '../../domain/catalogue/feed/parseFeedRow.ts';
import {
  type CarEvent,
  decideCar,
  evolveStockCar,
  type StockCar,
} from '../../domain/catalogue/feed/stockCar.ts';
import {
  IMPORT_ID,
  type ImportedBy,
  MAX_RECORDED_REJECTIONS,
  type ReportedRejection,
  type StockImportReport,
  stockImportStream,
} from '../../domain/catalogue/feed/stockImportEvents.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { EventData, EventStore, ExpectedRevision, JsonObject } from '../eventStore.ts';
import { StreamNotFoundError, WrongExpectedVersionError } from '../eventStoreErrors.ts';
import type { ImportFeedPhotos } from '../media/importFeedPhotos.ts';
import { deterministicId } from './deterministicId.ts';
import { readFeedFile } from './readFeedFile.ts';

/** The catalogue's current stock of these dealers (a read model: it may lag, see above). */
export type CurrentStockReader = (dealerIds: readonly string[]) => Promise<CurrentStock>;

/** One stream's part of an {@link AppendBatch}. */
export interface StreamAppend {
  readonly stream: string;
  readonly expectedRevision: ExpectedRevision;
  readonly events: readonly EventData[];
}

/**
 * Appends to many streams at once, all or nothing: it throws (and writes nothing) when any of the
 * appends would fail. Postgres: `createPostgresAppendBatch` (one statement). Optional: without it each
 * car is its own append.
 */
export type AppendBatch = (appends: readonly StreamAppend[]) => Promise<void>;

export interface ImportStockOptions {
  readonly store: EventStore;
  readonly currentStock: CurrentStockReader;
  readonly appendBatch?: AppendBatch;
  /** Cars per batch when `appendBatch` is given (default 500). */
  readonly batchSize?: number;
  /** Cars (or batches) appended at the same time (default 16, or 4 batches). */
  readonly concurrency?: number;
  /** Decisions per car before giving up on a busy stream (default 5). */
  readonly maxAttempts?: number;
  /** Where the time went (reading, current stock, diff, appends), for the CLI and benchmarks. */
  readonly log?: (message: string) => void;
  /**
   * Adds the photos of the lines' `photos` column to their cars once the cars are appended
   * (engine/media/importFeedPhotos.ts); without it the column is read and ignored.
   */
  readonly photos?: ImportFeedPhotos;
}

export interface StockImportRequest {
  /** Letters, digits, `-`, `_`; the same id twice is the same import (the second answers the first's report). */
  readonly importId: string;
  readonly at: Date;
  readonly fileName: string;
  /** The staff member importing (absent from the command line). */
  readonly by?: ImportedBy | undefined;
  /** `csv` or `xlsx`; by default from the file name's extension. */
  readonly format?: string | undefined;
  readonly content: Uint8Array;
}

export type ImportStock = (request: StockImportRequest) => Promise<StockImportReport>;

const CAR_TYPES: ReadonlySet<string> = new Set(CAR_EVENT_TYPES);

export function createImportStock(options: ImportStockOptions): ImportStock {
  const { store } = options;
  const concurrency = options.concurrency ?? (options.appendBatch ? 4 : 16);
  const batchSize = options.batchSize ?? 500;
  const maxAttempts = options.maxAttempts ?? 5;

  async function recorded(importId: string): Promise<StockImportReport | undefined> {
    const events = await store.readStream(stockImportStream(importId)).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    const completed = events.find((e) => e.type === 'StockImportCompleted');
    return completed && (completed.data as unknown as StockImportReport);
  }

  /** The car's state on its own stream, and the revision an append must expect. */
  async function readCar(
    carId: string,
  ): Promise<{ state: StockCar | undefined; expected: ExpectedRevision }> {
    const events = await store.readStream(carStream(carId)).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    let state: StockCar | undefined;
    for (const e of events) {
      if (CAR_TYPES.has(e.type))
        state = evolveStockCar(state, { type: e.type, data: e.data } as CarStreamEvent);
    }
    return { state, expected: events.length === 0 ? 'no_stream' : events.at(-1)!.revision };
  }

  return async function importStock(request) {
    if (!IMPORT_ID.test(request.importId))
      throw ValidationError.field('importId', 'letters, digits, - and _ only');
    const fileName = request.fileName.split(/[\\/]/).pop()!.slice(0, 255);
    const format: FeedFormat = feedFormatOf(fileName, request.format);
    const done = await recorded(request.importId);
    if (done) return done;

    const source: CatalogueSource = { kind: 'import', importId: request.importId };
    let lap = performance.now();
    const phase = (name: string) => {
      const now = performance.now();
      options.log?.(`${name} in ${((now - lap) / 1000).toFixed(1)} s`);
      lap = now;
    };
    const rows = (await readFeedFile(request.content, format)).map(parseFeedRow);
    phase(`read and checked ${rows.length} lines`);
    const dealerIds = [
      ...new Set(rows.flatMap((r) => (r.ok ? [r.car.dealerId] : r.dealerId ? [r.dealerId] : []))),
    ];
    const current = dealerIds.length > 0 ? await options.currentStock(dealerIds) : { dealers: [], cars: [] };
    phase(`read the current stock of ${dealerIds.length} dealers (${current.cars.length} cars)`);
    const diff = diffStock(current, rows, { source });
    phase(`decided ${diff.changes.length} cars to change`);
    const lineOf = new Map(
      rows.flatMap((r) => (r.ok ? [[`${r.car.dealerId}/${r.car.reference}`, r.line]] : [])),
    );

    // Ids this import or the current stock already uses: a colliding new car must not take one.
    const claimed = new Set<string>([
      ...current.cars.map((c) => c.car.carId),
      ...diff.changes.map((c) => c.carId),
    ]);
    const takenByOthers = new Set<string>();

    /** The car's state to decide on: a new car needs no read (its append expects no stream). */
    const initial = (change: CarChange) =>
      change.current
        ? readCar(change.carId)
        : Promise.resolve({
            state: undefined as StockCar | undefined,
            expected: 'no_stream' as ExpectedRevision,
          });
    const eventData = (carId: string, expected: ExpectedRevision, events: readonly CarEvent[]) => {
      const stream = carStream(carId);
      return events.map((event, i) => ({
        id: deterministicId(
          'stock-import',
          request.importId,
          stream,
          String(expected),
          String(i),
          event.type,
        ),
        type: event.type,
        data: event.data as unknown as JsonObject,
      }));
    };

    /** One car on its own: decide, append expecting the revision decided on; on a conflict read again. */
    async function applyOne(change: CarChange): Promise<CarEvent[]> {
      let wanted = change.wanted;
      let carId = change.carId;
      let { state, expected } = await initial(change);
      for (let attempt = 1; ; attempt++) {
        if (wanted && state && !sameCar(state.car, wanted)) {
          // The derived id is another car's: take the next candidate.
          takenByOthers.add(carId);
          carId = freeFeedCarId(
            wanted.dealerId,
            wanted.reference,
            (id) => claimed.has(id) || takenByOthers.has(id),
          );
          claimed.add(carId);
          wanted = { ...wanted, carId };
          ({ state, expected } = await readCar(carId));
          continue;
        }
        const events = decideCar(state, wanted, source);
        if (events.length === 0) return [];
        try {
          await store.appendToStream(carStream(carId), eventData(carId, expected, events), {
            expectedRevision: expected,
          });
          return events;
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
          ({ state, expected } = await readCar(carId));
        }
      }
    }

    const applied: { events: CarEvent[] }[] = [];
    const failures: { line: number; field: 'row'; message: string }[] = [];
    let unchangedAfterAll = 0;
    const settle = async (change: CarChange, run: () => Promise<CarEvent[]>) => {
      try {
        const events = await run();
        if (events.length > 0) applied.push({ events });
        else if (change.wanted) unchangedAfterAll += 1;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const line = lineOf.get(`${change.wanted?.dealerId}/${change.wanted?.reference}`) ?? 0;
        failures.push({
          line,
          field: 'row',
          message: `car ${change.carId} kept changing during the import and was left as it is; import the file again`,
        });
      }
    };

    /**
     * A chunk of cars in one batch (one commit instead of one per car). Any failure inside it (a
     * conflict, a collision, a retried append) writes nothing, and each of its cars is then applied on
     * its own.
     */
    async function applyChunk(chunk: readonly CarChange[], batch: AppendBatch): Promise<void> {
      const decided: { change: CarChange; expected: ExpectedRevision; events: CarEvent[] }[] = [];
      const alone: CarChange[] = [];
      // Listed cars are read from their streams (new ones need no read), a few at a time.
      const states = await mapLimit(chunk, READS_IN_FLIGHT, initial);
      chunk.forEach((change, i) => {
        const { state, expected } = states[i]!;
        if (change.wanted && state && !sameCar(state.car, change.wanted)) alone.push(change);
        else decided.push({ change, expected, events: decideCar(state, change.wanted, source) });
      });
      const writes = decided.filter((d) => d.events.length > 0);
      try {
        await batch(
          writes.map(({ change, expected, events }) => ({
            stream: carStream(change.carId),
            expectedRevision: expected,
            events: eventData(change.carId, expected, events),
          })),
        );
      } catch {
        for (const change of chunk) await settle(change, () => applyOne(change));
        return;
      }
      for (const { change, events } of decided) await settle(change, async () => events);
      for (const change of alone) await settle(change, () => applyOne(change));
    }

    const work: (() => Promise<void>)[] = [];
    const batch = options.appendBatch;
    if (batch) {
      for (let i = 0; i < diff.changes.length; i += batchSize) {
        const chunk = diff.changes.slice(i, i + batchSize);
        work.push(() => applyChunk(chunk, batch));
      }
    } else {
      for (const change of diff.changes) work.push(() => settle(change, () => applyOne(change)));
    }
    let next = 0;
    const worker = async () => {
      while (next < work.length) await work[next++]!();
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    phase(`appended the changes of ${diff.changes.length} cars`);

    // The photos of the lines, on the cars as they now are (an appended listing names its final id).
    let photos: Awaited<ReturnType<ImportFeedPhotos>> | undefined;
    if (options.photos && rows.some((r) => r.ok && r.photos)) {
      const idOf = new Map(current.cars.map((c) => [`${c.car.dealerId}/${c.car.reference}`, c.car.carId]));
      for (const { events } of applied) {
        for (const event of events) {
          if (event.type === 'CarListed' || event.type === 'CarDetailsUpdated') {
            const car = event.data.car;
            idOf.set(`${car.dealerId}/${car.reference}`, car.carId);
          }
        }
      }
      const rejectedLines = new Set(diff.rejected.map((r) => r.line));
      const lines = rows.flatMap((r) => {
        if (!r.ok || !r.photos || rejectedLines.has(r.line)) return [];
        const carId = idOf.get(`${r.car.dealerId}/${r.car.reference}`);
        return carId
          ? [{ line: r.line, carId, dealerId: r.car.dealerId, reference: r.car.reference, urls: r.photos }]
          : [];
      });
      photos = await options.photos(request.importId, lines);
      phase(`added ${photos.added} photos (${photos.warnings.length} warnings)`);
    }

    // Each rejection names the car of its line, when the line's dealer and reference could be read.
    const carOfLine = new Map(
      rows.map((r) => [r.line, r.ok ? { dealerId: r.car.dealerId, reference: r.car.reference } : r]),
    );
    const rejections = [...diff.rejected, ...failures]
      .sort((a, b) => a.line - b.line)
      .map((rejection): ReportedRejection => {
        const car = carOfLine.get(rejection.line);
        return {
          ...rejection,
          ...(car?.dealerId === undefined ? {} : { dealerId: car.dealerId }),
          ...(car?.reference === undefined ? {} : { reference: car.reference }),
        };
      });
    const report: StockImportReport = {
      importId: request.importId,
      at: request.at.toISOString(),
      fileName,
      ...(request.by ? { by: { id: request.by.id, name: request.by.name } } : {}),
      format,
      dealers: diff.dealers,
      counts: {
        rows: diff.counts.rows,
        ...countEvents(applied),
        unchanged: diff.counts.unchanged + unchangedAfterAll,
        rejected: diff.counts.rejected + failures.length,
      },
      rejections: rejections.slice(0, MAX_RECORDED_REJECTIONS),
      rejectionsTruncated: rejections.length > MAX_RECORDED_REJECTIONS,
      ...(photos
        ? { warnings: photos.warnings.slice(0, MAX_RECORDED_REJECTIONS), photosAdded: photos.added }
        : {}),
    };
    try {
      await store.appendToStream(
        stockImportStream(request.importId),
        [
          {
            id: deterministicId('stock-import', request.importId, 'completed'),
            type: 'StockImportCompleted',
            data: report as unknown as JsonObject,
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      // The same import ran at the same time and recorded first: its record is the answer.
      if (error instanceof WrongExpectedVersionError) return (await recorded(request.importId)) ?? report;
      throw error;
    }
    return report;
  };
}

const READS_IN_FLIGHT = 8;

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}

function sameCar(a: CarFacts, b: CarFacts): boolean {
  return a.dealerId === b.dealerId && a.reference === b.reference;
}
