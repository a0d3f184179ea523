/**
 * Rebuilds a projection from the start of `$all` into a new generation beside the live one, then
 * switches readers over in one transaction once it has caught up. The live generation keeps serving
 * (and keeps being fed by the app) until the switch; a rebuild interrupted half-way leaves the live
 * read model untouched, and its abandoned generation is dropped by the next rebuild.
 */
import type { Knex } from 'knex';
import { type EventStore, type Position, START } from '../engine/eventStore.ts';
import type { Projection } from './defineProjection.ts';
import { projectionStore } from './projectionStore.ts';
import { runGeneration } from './runGeneration.ts';

export interface RebuildOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema?: string;
  readonly projection: Projection;
  readonly batchSize?: number;
  readonly onProgress?: (processed: number, position: Position) => void;
  readonly signal?: AbortSignal;
}

export interface RebuildResult {
  readonly generation: number;
  readonly events: number;
  readonly switched: boolean;
}

export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { knex, projection } = options;
  const schema = options.schema ?? 'public';
  const projections = projectionStore(knex, schema);
  const live = await projections.live(projection.name);
  await projections.dropAbandoned(projection, live ? [live.generation] : []);
  const generation = await projections.createGeneration(projection);
  let processed = 0;
  let caughtUp!: () => void;
  const caughtUpOnce = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  const handle = runGeneration({
    knex,
    store: options.store,
    schema,
    projection,
    generation,
    from: START,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    onBatch(count, position) {
      processed += count;
      options.onProgress?.(processed, position);
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
  if (outcome !== 'caught-up') return { generation, events: processed, switched: false };
  await projections.switchLive(projection, generation);
  return { generation, events: processed, switched: true };
}
