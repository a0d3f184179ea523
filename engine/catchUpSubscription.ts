/**
 * A catch-up subscription over a gap-safe `readAll`: reads history in batches, signals when caught
 * up, then waits for a wake-up (or the poll interval) and reads again from the last position delivered.
 * Because `readAll` only returns events below the oldest running transaction, an event that commits
 * late is picked up on a later read, never skipped. A filtered subscription also moves past the events
 * its filter skips (`horizon`, or `readFiltered` which answers it with the read), so one to rare event
 * types does not re-read the whole log at every poll.
 */
import {
  type AllFilter,
  comparePositions,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from './eventStore.ts';
import type { Wakeup } from './Wakeup.ts';

export interface CatchUpOptions {
  readonly readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  readonly from: Position | (() => Promise<Position>);
  readonly filter?: AllFilter | undefined;
  readonly batchSize: number;
  readonly pollIntervalMs: number;
  /** The least time between the starts of two reads after a wake-up (0: none); see the Postgres adapter. */
  readonly coalesceMs?: number;
  readonly wakeup: Wakeup;
  /**
   * The last position `readAll` can return now (its gap-safe head). Asked before each filtered read: a
   * read that comes back short has then seen every matching event up to it, so the next one starts
   * there rather than at the last match (with no match yet: at the start of the log, every poll).
   */
  readonly horizon?: () => Promise<Position>;
  /**
   * A filtered read that also answers the horizon it read up to, in one round trip (Postgres: one
   * statement, so the head and the rows come from one snapshot). Used for filtered reads instead of
   * `horizon` then `readAll`; the same rule applies to its horizon.
   */
  readonly readFiltered?: (options: ReadAllOptions) => Promise<FilteredRead>;
}

/** What {@link CatchUpOptions.readFiltered} answers: the batch, and the last position readable now. */
export interface FilteredRead {
  readonly events: RecordedEvent[];
  readonly horizon: Position;
}

export function startCatchUpSubscription(
  handler: SubscriptionHandler,
  options: CatchUpOptions,
): Subscription {
  const abort = new AbortController();
  let current: Promise<void> = Promise.resolve();
  const { filter, readFiltered } = options;
  const read = async (
    readOptions: ReadAllOptions,
  ): Promise<{ events: RecordedEvent[]; horizon?: Position }> => {
    if (filter && readFiltered) return readFiltered(readOptions);
    const horizon = filter && options.horizon ? await options.horizon() : undefined;
    return { events: await options.readAll(readOptions), horizon };
  };

  const run = async () => {
    let position = typeof options.from === 'function' ? await options.from() : options.from;
    let wasBehind = true;
    let lastRead = 0;
    while (!abort.signal.aborted) {
      lastRead = Date.now();
      const { events: batch, horizon } = await read({
        fromPosition: position,
        maxCount: options.batchSize,
        filter,
      });
      for (const event of batch) {
        if (abort.signal.aborted) return;
        current = Promise.resolve(handler.onEvent(event));
        await current;
        position = event.position;
      }
      if (batch.length < options.batchSize) {
        if (horizon && comparePositions(horizon, position) > 0) position = horizon;
        if (wasBehind || batch.length > 0) handler.onCaughtUp?.();
        wasBehind = false;
        await options.wakeup.wait(options.pollIntervalMs, abort.signal);
        // Woken soon after the last read: let the appends of the next few ms arrive and read them at once.
        const wait = (options.coalesceMs ?? 0) - (Date.now() - lastRead);
        if (wait > 0) await sleep(wait, abort.signal);
      }
    }
  };

  const done = run();
  // The caller observes failures through `done`; avoid an unhandled rejection if nobody does.
  done.catch(() => {});
  return {
    done,
    async stop() {
      abort.abort();
      await current.catch(() => {});
      await done.catch(() => {});
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
