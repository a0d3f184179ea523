/**
 * Collects a client read (`readStream` / `readAll`) into the port's events. The client streams with
 * back-pressure, so a read that skips system or filtered-out events can stop, and cancel the server
 * side, as soon as it has `maxCount` events.
 */
import type { RecordedEvent } from '../eventStore.ts';
import type { EsdbResolvedEvent } from './esdbMapping.ts';
import { toRecordedEvent } from './esdbMapping.ts';

export interface EsdbRead extends AsyncIterable<EsdbResolvedEvent> {
  cancel(): Promise<void>;
}

export async function collectEvents(
  read: EsdbRead,
  options: {
    readonly accept?: (event: RecordedEvent) => boolean;
    readonly maxCount?: number | undefined;
    readonly mapError: (error: unknown) => Error;
  },
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let full = false;
  try {
    for await (const resolved of read) {
      // maxCount 0 still reads one event, so a missing or deleted stream reports as such.
      if (options.maxCount !== undefined && events.length >= options.maxCount) {
        full = true;
        break;
      }
      const event = toRecordedEvent(resolved);
      if (!event || (options.accept && !options.accept(event))) continue;
      events.push(event);
      if (options.maxCount !== undefined && events.length >= options.maxCount) {
        full = true;
        break;
      }
    }
  } catch (error) {
    throw options.mapError(error);
  } finally {
    if (full) await read.cancel().catch(() => {});
  }
  return events;
}
