/**
 * Feeds one generation of a projection from a catch-up subscription. Events are buffered and written in
 * batches; each batch commits the read-model writes and the checkpoint in one transaction (with the
 * batches of the same read of other projections: commitBatches.ts), after a compare-and-set on the
 * previous checkpoint (a second processor, or a retired generation, makes the compare fail and this one
 * stops instead of writing twice). A throwing handler rolls its batch back, and the generation is marked
 * failed with the error and the event: nothing half-written.
 */
import type { Knex } from 'knex';
import type {
  EventStore,
  Position,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
  SubscriptionHandler,
} from '../engine/eventStore.ts';
import {
  type BatchCommitter,
  CheckpointMovedError,
  createBatchCommitter,
  ProjectionHandlerError,
} from './commitBatches.ts';
import type { Projection } from './defineProjection.ts';
import { quote } from './projectionTables.ts';

export interface GenerationOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema: string;
  readonly projection: Projection;
  readonly generation: number;
  readonly from: Position;
  readonly batchSize?: number;
  /**
   * Where the events come from: `store.subscribeToAll` (the default), or the runner's read shared by
   * its live projections (sharedSubscription.ts).
   */
  readonly subscribe?: (handler: SubscriptionHandler, options: SubscribeToAllOptions) => Subscription;
  /**
   * Commits the batches: the runner's, shared by its live projections so the batches of one read commit
   * together (commitBatches.ts); by default, one of this generation's own.
   */
  readonly committer?: BatchCommitter;
  /** Called after each committed batch (progress bars, lag figures). */
  readonly onBatch?: (events: number, position: Position) => void;
  /** Called when the generation has processed everything stored so far. */
  readonly onCaughtUp?: () => void;
}

export interface GenerationHandle {
  stop(): Promise<void>;
  /** Resolves on stop; rejects with the handler's error or {@link CheckpointMovedError}. */
  readonly done: Promise<void>;
  position(): Position;
}

export function runGeneration(options: GenerationOptions): GenerationHandle {
  const { knex, schema, projection, generation } = options;
  const batchSize = options.batchSize ?? 1000;
  const types = new Set(projection.eventTypes);
  const handles = (e: RecordedEvent) => types.size === 0 || types.has(e.type);
  const checkpoints = `${quote(schema)}.projection_checkpoints`;
  const memory = new BoundedMap<string, unknown>(MEMORY_LIMIT);
  let position = options.from;
  let buffer: RecordedEvent[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let scheduled = false;
  let failure: unknown;
  let stopFailure: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    stopFailure = reject;
  });
  failed.catch(() => {});

  const committer = options.committer ?? createBatchCommitter({ knex, schema });
  const writeBatch = async (events: RecordedEvent[]) => {
    await committer.commit({ projection, generation, from: position, events, memory });
    const last = events.at(-1)!.position;
    position = last;
    options.onBatch?.(events.length, last);
  };

  /** Records the failure on the checkpoint: `failed` for a handler error, the error alone otherwise. */
  const markFailed = async (error: unknown, event: RecordedEvent | undefined) => {
    if (error instanceof CheckpointMovedError) return;
    const handlerFailed = error instanceof ProjectionHandlerError;
    const cause = handlerFailed ? error.cause : error;
    // A handler may say which event it failed on (reports do: FoldError); else the batch's first.
    const failedOn =
      cause instanceof Error && 'event' in cause && isRecordedEvent(cause.event) ? cause.event : event;
    const message = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    await knex
      .raw(
        `UPDATE ${checkpoints} SET status = CASE WHEN ? THEN 'failed' ELSE status END, error = ?, error_event = ?,
           updated_at = now() WHERE name = ? AND generation = ?`,
        [
          handlerFailed,
          message.slice(0, 2000),
          failedOn ? `${failedOn.streamName}@${failedOn.revision} (${failedOn.type})` : null,
          projection.name,
          generation,
        ],
      )
      .catch(() => {});
  };

  const flush = (): Promise<void> => {
    flushing = flushing.then(async () => {
      if (failure || buffer.length === 0) return;
      const events = buffer;
      buffer = [];
      try {
        await writeBatch(events);
      } catch (error) {
        failure = error;
        await markFailed(error, events[0]);
        stopFailure(error);
        // No more events for this run (not awaited: this may run inside the subscription's own handler).
        void subscription.stop();
      }
    });
    return flushing;
  };

  const subscribe = options.subscribe ?? options.store.subscribeToAll.bind(options.store);
  const subscription: Subscription = subscribe(
    {
      async onEvent(event) {
        if (failure) throw failure;
        // Another type under a filter's prefix: not this projection's, no batch and no checkpoint for it.
        if (!handles(event)) return;
        buffer.push(event);
        if (buffer.length >= batchSize) {
          await flush();
        } else if (!scheduled) {
          // Everything the subscription delivers in one read arrives before this fires: one batch per read.
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            void flush();
          });
        }
        if (failure) throw failure;
      },
      onCaughtUp() {
        void flush().then(() => {
          if (!failure && buffer.length === 0) options.onCaughtUp?.();
        });
      },
    },
    {
      fromPosition: position,
      batchSize,
      ...(types.size > 0 ? { filter: { eventTypePrefixes: [...types] } } : {}),
    },
  );

  const done = Promise.race([subscription.done.then(() => flush()), failed]).then(() => {
    if (failure) throw failure;
  });
  done.catch(() => {});
  return {
    done,
    position: () => position,
    async stop() {
      await subscription.stop();
      await flush();
    },
  };
}

function isRecordedEvent(value: unknown): value is RecordedEvent {
  return typeof value === 'object' && value !== null && 'streamName' in value && 'revision' in value;
}

/** The entries a projection's memory holds at most (ProjectionContext.memory). */
const MEMORY_LIMIT = 2000;

/** A map that forgets the entries set longest ago beyond `limit`. */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value as K);
    return this;
  }
}
