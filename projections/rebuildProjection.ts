/**
 * Rebuilds a projection from the start of `$all` into a new generation beside the live one, then
 * switches readers over in one transaction once it has caught up. The live generation keeps serving
 * (and keeps being fed by the app) until the switch; a rebuild interrupted half-way leaves the live
 * read model untouched, and its abandoned generation is dropped by the next rebuild, or, with `resume`,
 * continued from its checkpoint by the next rebuild of the same version (each batch committed with its
 * checkpoint, so nothing is counted twice). `stopAt` ends the replay before the first event it accepts
 * (a report "as it was then": projections/reports/README.md).
 */
import type { Knex } from 'knex';
import {
  type EventStore,
  type Position,
  type RecordedEvent,
  START,
  type SubscribeToAllOptions,
  type SubscriptionHandler,
} from '../engine/eventStore.ts';
import type { Projection } from './defineProjection.ts';
import { checkpointPosition, projectionStore } from './projectionStore.ts';
import { runGeneration } from './runGeneration.ts';

export interface RebuildOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema?: string;
  readonly projection: Projection;
  readonly batchSize?: number;
  readonly onProgress?: (processed: number, position: Position) => void;
  /** Called once the generation to write is known (new, or resumed with what it had processed). */
  readonly onStart?: (generation: number, processed: number, from: Position) => void;
  readonly signal?: AbortSignal;
  /** Continue an interrupted or failed rebuild of the same code version from its checkpoint. */
  readonly resume?: boolean;
  /** The replay ends before the first event this returns true for. */
  readonly stopAt?: (event: RecordedEvent) => boolean;
}

export interface RebuildResult {
  readonly generation: number;
  readonly events: number;
  readonly switched: boolean;
  /** The last event processed (START when none). */
  readonly position: Position;
}

export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { knex, projection, store } = options;
  const schema = options.schema ?? 'public';
  const projections = projectionStore(knex, schema);
  const live = await projections.live(projection.name);
  const resumable = options.resume
    ? (await projections.checkpoints())
        .filter(
          (c) =>
            c.name === projection.name &&
            c.generation !== live?.generation &&
            c.version === projection.version &&
            (c.status === 'building' || c.status === 'failed'),
        )
        .at(-1)
    : undefined;
  await projections.dropAbandoned(projection, [
    ...(live ? [live.generation] : []),
    ...(resumable ? [resumable.generation] : []),
  ]);
  let generation: number;
  let from: Position = START;
  let processed = 0;
  if (resumable) {
    generation = resumable.generation;
    from = checkpointPosition(resumable);
    processed = Number(resumable.events_processed);
    await projections.clearFailure(projection.name, generation, 'building');
  } else {
    generation = await projections.createGeneration(projection);
  }
  options.onStart?.(generation, processed, from);
  let position = from;
  let caughtUp!: () => void;
  const caughtUpOnce = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  const handle = runGeneration({
    knex,
    store,
    schema,
    projection,
    generation,
    from,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.stopAt ? { subscribe: reading(store, options.stopAt) } : {}),
    onBatch(count, last) {
      processed += count;
      position = last;
      options.onProgress?.(processed, last);
    },
    onCaughtUp: () => caughtUp(),
  });
  const aborted = new Promise<'aborted'>((resolve) => {
    if (options.signal?.aborted) resolve('aborted');
    options.signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
  const outcome = await Promise.race([caughtUpOnce.then(() => 'caught-up' as const), handle.done, aborted]);
  await handle.stop();
  await handle.done;
  if (outcome !== 'caught-up') return { generation, events: processed, switched: false, position };
  await projections.switchLive(projection, generation);
  return { generation, events: processed, switched: true, position };
}

/** The store's catch-up subscription, cut before the first event `stop` accepts (caught up there). */
function reading(store: EventStore, stop: (event: RecordedEvent) => boolean) {
  return (handler: SubscriptionHandler, options: SubscribeToAllOptions) => {
    let ended = false;
    return store.subscribeToAll(
      {
        ...handler,
        async onEvent(event) {
          if (ended) return;
          if (stop(event)) {
            ended = true;
            handler.onCaughtUp?.();
            return;
          }
          await handler.onEvent(event);
        },
        onCaughtUp() {
          handler.onCaughtUp?.();
        },
      },
      options,
    );
  };
}
