/**
 * Writes a catalogue (dealers, then cars) as events: `DealerOpened` on each dealer's stream and
 * `CarListed` on each car's, each expecting a new stream. Event ids are derived from the facts, so
 * running it again (a retried start, a second `npm run seed`) changes nothing: an existing stream is
 * skipped. Used by the demo seed and by tests.
 */
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { carStream } from '../../domain/catalogue/car.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { dealerStream } from '../../domain/catalogue/dealer.ts';
import type { CatalogueSource } from '../../domain/catalogue/events.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { WrongExpectedVersionError } from '../eventStoreErrors.ts';
import { deterministicId } from './deterministicId.ts';

export interface SeedResult {
  readonly dealers: number;
  readonly cars: number;
  readonly skipped: number;
}

export async function seedCatalogue(
  store: EventStore,
  catalogue: { dealers: readonly Dealer[]; cars: readonly CarFacts[] },
  options: { source?: CatalogueSource; concurrency?: number; onProgress?: (done: number) => void } = {},
): Promise<SeedResult> {
  const source = options.source ?? { kind: 'seed' };
  let skipped = 0;
  let done = 0;
  const appendNew = async (stream: string, type: string, data: JsonObject) => {
    try {
      await store.appendToStream(
        stream,
        [{ id: deterministicId(stream, type, JSON.stringify(data)), type, data }],
        {
          expectedRevision: 'no_stream',
        },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      skipped += 1; // already listed (by an earlier seed or a feed): leave it as it is
    }
    options.onProgress?.(++done);
  };
  for (const dealer of catalogue.dealers) {
    await appendNew(dealerStream(dealer.dealerId), 'DealerOpened', { dealer } as unknown as JsonObject);
  }
  let next = 0;
  const worker = async () => {
    while (next < catalogue.cars.length) {
      const car = catalogue.cars[next++]!;
      await appendNew(carStream(car.carId), 'CarListed', { car, source } as unknown as JsonObject);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return { dealers: catalogue.dealers.length, cars: catalogue.cars.length, skipped };
}
