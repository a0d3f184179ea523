/**
 * What `npm run projections -- status` and `/readyz` show: for each projection its live generation,
 * code and live versions, checkpoint position, events processed, lag (events of its types not yet
 * processed) and, when it failed, the error and the event it failed on.
 */
import type { Knex } from 'knex';
import { type EventStore, formatPosition, type Position, type RecordedEvent } from '../engine/eventStore.ts';
import type { Projection } from './defineProjection.ts';
import { checkpointPosition, projectionStore } from './projectionStore.ts';

export interface ProjectionStatus {
  readonly name: string;
  readonly generation: number | null;
  readonly codeVersion: number;
  readonly liveVersion: number | null;
  readonly status: 'building' | 'live' | 'failed' | 'missing';
  readonly position: string | null;
  readonly processed: number;
  /** Events not yet processed, counted up to `lagCap` (then reported as `lagCap`, i.e. "at least"). */
  readonly lag: number;
  readonly error: string | null;
  readonly errorEvent: string | null;
  /** A generation being rebuilt beside the live one, if any. */
  readonly rebuilding: { generation: number; processed: number } | null;
}

/**
 * Counts events of the projection's types after `from`, stopping at `cap` or before the first event
 * `stop` accepts (a replay `--until`).
 */
export async function lagOf(
  store: EventStore,
  projection: Pick<Projection, 'eventTypes'>,
  from: Position,
  cap: number,
  stop?: (event: RecordedEvent) => boolean,
): Promise<number> {
  const types = new Set(projection.eventTypes);
  let count = 0;
  let position = from;
  while (count < cap) {
    const page = await store.readAll({
      fromPosition: position,
      maxCount: Math.min(10_000, cap - count),
      ...(types.size > 0 ? { filter: { eventTypePrefixes: [...types] } } : {}),
    });
    if (page.length === 0) break;
    for (const event of page) {
      if (stop?.(event)) return count;
      if (types.size === 0 || types.has(event.type)) count++;
    }
    position = page.at(-1)!.position;
  }
  return count;
}

export async function projectionStatus(options: {
  knex: Knex;
  store: EventStore;
  schema?: string;
  projections: readonly Projection[];
  lagCap?: number;
}): Promise<ProjectionStatus[]> {
  const projections = projectionStore(options.knex, options.schema ?? 'public');
  const checkpoints = await projections.checkpoints();
  const result: ProjectionStatus[] = [];
  for (const projection of options.projections) {
    const live = await projections.live(projection.name);
    const mine = checkpoints.filter((c) => c.name === projection.name);
    const current = mine.find((c) => c.generation === live?.generation);
    const building = mine.find((c) => c.generation !== live?.generation && c.status === 'building');
    result.push({
      name: projection.name,
      generation: live?.generation ?? null,
      codeVersion: projection.version,
      liveVersion: live?.version ?? null,
      status: current ? (current.status === 'failed' ? 'failed' : 'live') : 'missing',
      position: current ? formatPosition(checkpointPosition(current)) : null,
      processed: current ? Number(current.events_processed) : 0,
      lag: current
        ? await lagOf(options.store, projection, checkpointPosition(current), options.lagCap ?? 100_000)
        : await lagOf(options.store, projection, { commit: -1n, prepare: -1n }, options.lagCap ?? 100_000),
      error: current?.error ?? null,
      errorEvent: current?.error_event ?? null,
      rebuilding: building
        ? { generation: building.generation, processed: Number(building.events_processed) }
        : null,
    });
  }
  return result;
}
