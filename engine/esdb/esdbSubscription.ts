/**
 * Drives a client catch-up subscription to `$all` with the port's {@link SubscriptionHandler}: one
 * `onEvent` at a time (`for await` over the client's readable, which applies back-pressure to the
 * server), `onCaughtUp` once the events received before the server's "caught up" signal have been
 * handled (the client emits that signal while earlier events may still sit in its buffer), and the
 * port's `stop()` / `done` semantics.
 *
 * The server sends "caught up" since EventStoreDB 23.10; older servers never do, so `onCaughtUp` is
 * never called against them.
 */
import type { AllFilter, Position, Subscription, SubscriptionHandler } from '../eventStore.ts';
import { EventStoreUnavailableError } from '../eventStoreErrors.ts';
import type { EsdbResolvedEvent } from './esdbMapping.ts';
import { isAfter, matchesFilter, toRecordedEvent } from './esdbMapping.ts';

/** The parts of the client's `AllStreamSubscription` used here. */
export interface EsdbSubscriptionSource extends AsyncIterable<EsdbResolvedEvent> {
  /** Events received and not yet taken by the iterator. */
  readonly readableLength: number;
  on(event: 'caughtUp', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  unsubscribe(): Promise<void>;
  destroy(error?: Error): unknown;
}

export interface EsdbSubscriptionOptions {
  /** Exclusive start, re-checked here; the server already starts after it. */
  readonly from?: Position | 'end' | undefined;
  /** Applied client-side in full (the server gets at most one of the two lists). */
  readonly filter?: AllFilter | undefined;
  readonly mapError: (error: unknown) => Error;
}

export function runEsdbSubscription(
  source: EsdbSubscriptionSource,
  handler: SubscriptionHandler,
  options: EsdbSubscriptionOptions,
): Subscription {
  let stopping = false;
  let failure: { error: unknown } | undefined;
  /** Events taken from the source so far, and whether the handler is busy with the last one. */
  let taken = 0;
  let busy = false;
  /** For each "caught up" not yet reported: the count of events taken once it is due. */
  const caughtUpAt: number[] = [];

  const fail = (error: unknown) => {
    failure ??= { error };
    source.destroy();
  };
  const reportCaughtUp = () => {
    try {
      handler.onCaughtUp?.();
    } catch (error) {
      fail(error);
    }
  };
  // After the iterator has finished, a late error from the client must not go unhandled.
  source.on('error', () => {});
  source.on('caughtUp', () => {
    if (stopping || failure) return;
    const due = taken + source.readableLength;
    if (!busy && due <= taken) reportCaughtUp();
    else caughtUpAt.push(due);
  });

  const run = async () => {
    try {
      for await (const resolved of source) {
        if (stopping || failure) break;
        taken += 1;
        const event = toRecordedEvent(resolved);
        if (event && isAfter(event.position, options.from) && matchesFilter(event, options.filter)) {
          busy = true;
          try {
            await handler.onEvent(event);
          } catch (error) {
            failure ??= { error };
            break;
          } finally {
            busy = false;
          }
        }
        while (caughtUpAt.length > 0 && caughtUpAt[0]! <= taken && !stopping && !failure) {
          caughtUpAt.shift();
          reportCaughtUp();
        }
      }
      if (!stopping)
        failure ??= { error: new EventStoreUnavailableError('EventStoreDB ended the subscription to $all') };
    } catch (error) {
      // Destroying the source on stop or failure ends the iteration with a premature-close error.
      if (!stopping && !failure) failure = { error: options.mapError(error) };
    } finally {
      await source.unsubscribe().catch(() => {});
    }
    if (failure) throw failure.error;
  };

  const done = run();
  // The caller observes failures through `done`; avoid an unhandled rejection if nobody does.
  done.catch(() => {});
  return {
    done,
    async stop() {
      stopping = true;
      await source.unsubscribe().catch(() => {});
      source.destroy();
      await done.catch(() => {});
    },
  };
}
