/**
 * A funnel's history for staff (issue 4 §7): every event with who, what, when and its data, and the
 * funnel's state after any chosen event (the stream folded up to that revision: the machine is the
 * evolve function, so this is exact, not a snapshot that may have drifted).
 */
import { NotFoundError } from '../../domain/errors.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import type { Evolver } from '../handleCommand.ts';
import { loadFunnel } from './handleFunnelCommand.ts';

export interface TimelineEntry {
  readonly revision: number;
  readonly type: string;
  readonly data: JsonObject;
  /** Actor, machine version, correlation/causation ids, idempotency key, time (see FunnelEventMetadata). */
  readonly metadata: JsonObject;
  /** When the store recorded it. */
  readonly recordedAt: string;
}

export async function readTimeline(store: EventStore, streamName: string): Promise<TimelineEntry[]> {
  const { recorded } = await loadFunnel(store, streamName, { initialState: null, evolve: () => null });
  if (recorded.length === 0) throw new NotFoundError(`${streamName} not found`, { stream: streamName });
  return recorded.map((event) => ({
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.created.toISOString(),
  }));
}

/** The state after the event at `revision` (0-based), or NotFoundError when the stream is shorter. */
export async function stateAfter<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
  revision: number,
): Promise<State> {
  const { recorded } = await loadFunnel(store, streamName, { initialState: null, evolve: () => null });
  if (revision < 0 || revision >= recorded.length) {
    throw new NotFoundError(`${streamName} has no event ${revision}`, {
      stream: streamName,
      events: recorded.length,
    });
  }
  let state = evolver.initialState;
  for (const event of recorded.slice(0, revision + 1)) {
    state = evolver.evolve(state, { type: event.type, data: event.data } as Event);
  }
  return state;
}
